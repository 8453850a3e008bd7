// The tokens module as other modules use it: a device login issues a personal access token, a bearer
// header finds one, and signing out or a new password ends them.
export { deleteToken, deleteTokensOf, findTokenByHash, insertToken, touchToken } from './repository';
