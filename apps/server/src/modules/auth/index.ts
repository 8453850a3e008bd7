// The auth module as other modules use it: the request's caller, passwords and the credentials that sign in.
export {
  actorOf,
  installAuthContext,
  isDemoUser,
  requireVerifiedEmail,
  type RequestAuth,
  type RouteGuardEntry,
} from './context';
export { hashPassword, verifyPassword } from './passwords';
export { assertUncommonPassword } from './common-passwords';
export { addressLinkPath, linkExpiry, LINK_MINUTES } from './verification';
export { endAllCredentials } from './repository';
export { logoutOtherDevices } from './service';
export { rotateSession } from './http';
