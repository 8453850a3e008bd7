import { addDays } from 'date-fns/addDays';
import {
  LOGIN_MAX_ATTEMPTS,
  LOGIN_WINDOW_SECONDS,
  PASSWORD_RESET_TTL_MINUTES,
  type AuthUser,
  type TokenAbility,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { forbidden, invalid } from '../../platform/errors';
import { nowIso } from '../../platform/clock';
import { randomToken, safeEqual, sha256 } from '../../platform/crypto';
import { type Executor, writeTransaction } from '../../platform/db';
import { enqueueMail } from '../../platform/mail';
import { enforceLimit } from '../../platform/rate-limit';
import { nameForMail } from '../../platform/text';
import { recordActivity } from '../activities/index';
import {
  acceptInvitation,
  createPersonalTeam,
  isValidInvitationSignature,
  previewInvitation,
} from '../teams/index';
import { deleteToken, insertToken } from '../tokens/index';
import { findUserByEmail, findUserById, insertUser, loadAuthUser, updateUser } from '../users/index';
import { forgetSession, isDemoUser, requireVerifiedEmail, type RequestAuth } from './context';
import { assertUncommonPassword } from './common-passwords';
import { dummyHashPromise, hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { SESSION_TOKEN_BYTES, sessionExpiry } from './session-cookie';
import { isValidAddressLink, sendVerificationMail } from './verification';

const FAILED_LOGIN = 'These credentials do not match our records.';

/**
 * Attempts per client address (request.ip: the socket's, or X-Forwarded-For only when TRUST_PROXY is set)
 * per minute, counted in Redis when REDIS_URL is set so every instance shares them. Generous enough for an
 * office behind one address; small enough that guessing accounts or reset tokens from one address crawls.
 */
const LIMITS = { loginPerIp: 30, registerPerIp: 20, resetPerIp: 10, verifyLinkPerIp: 30 } as const;

/** Counts one attempt of `action` from `ip` and throws 429 past `max` within a minute. */
async function limitPerIp(deps: Deps, action: string, ip: string, max: number, field?: string) {
  await enforceLimit(deps.limiter, {
    key: `${action}-ip:${ip}`,
    max,
    windowSeconds: 60,
    message: 'Too many attempts. Please try again in :seconds seconds.',
    field,
  });
}

/** Session cookie values: 32 random bytes (256 bits), stored only as their SHA-256. */

/** The caller as the auth service needs it; the route reads it off the request. */
export type Client = {
  ip: string;
  userAgent: string | null;
  /** The session cookie the request carried, if any. */
  sessionCookie: string | undefined;
};

/**
 * The cookies a route sets on its answer: the session cookie (a new value, or cleared), then always a fresh
 * CSRF cookie.
 */
export type SessionCookies = { session: { token: string; remember: boolean } | 'clear' };

/** Ends the session the request's cookie names, if any: a new sign-in never inherits an old session. */
async function endPreviousSession(deps: Deps, client: Client) {
  const previous = client.sessionCookie;
  if (!previous) return;
  await repo.deleteSession(deps.db, sha256(previous));
  forgetSession(deps, sha256(previous));
}

/**
 * Starts a fresh session (a new id every login: no fixation) and a fresh CSRF token. `createdAt`
 * carries the sign-in time over when an existing session is rotated, so rotation never extends the
 * absolute lifetime.
 */
async function startSession(
  deps: Deps,
  client: Client,
  userId: number,
  remember: boolean,
  createdAt?: string,
): Promise<SessionCookies> {
  await endPreviousSession(deps, client);
  const token = randomToken(SESSION_TOKEN_BYTES);
  const now = nowIso();
  await repo.createSession(deps.db, {
    id: sha256(token),
    userId,
    remember,
    ip: client.ip,
    userAgent: client.userAgent,
    now,
    createdAt: createdAt ?? now,
    expiresAt: sessionExpiry(remember, now, createdAt ?? now),
  });
  return { session: { token, remember } };
}

/**
 * Gives the caller's cookie session a new id (same user, same sign-in time) after a change of
 * privilege — a team switch, a password change — so an id seen before the change is worth nothing after it.
 * Bearer-token callers have no session to rotate.
 */
export async function rotateSession(
  deps: Deps,
  auth: RequestAuth | null,
  client: Client,
): Promise<SessionCookies | undefined> {
  if (!auth?.sessionId) return undefined;
  const session = await repo.findSession(deps.db, auth.sessionId);
  if (!session) return undefined;
  return startSession(deps, client, auth.user.id, Boolean(session.remember), session.created_at);
}

/** "Log out other devices": ends every other session of the caller; their API tokens stay (revoked on their own page). */
export async function logoutOtherDevices(deps: Deps, auth: RequestAuth, ip: string): Promise<number> {
  if (isDemoUser(auth.user, deps.config.SEED_DEMO))
    throw forbidden('The demo account is shared: it cannot log out other devices.');
  return writeTransaction(deps.db, async (trx) => {
    const ended = await repo.deleteOtherSessions(trx, auth.user.id, auth.sessionId);
    await recordActivity(trx, {
      teamId: auth.team?.id ?? null,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'logout_other_devices',
      changes: { sessions: ended },
      ip,
    });
    return ended;
  });
}

export async function login(
  deps: Deps,
  client: Client,
  input: {
    email: string;
    password: string;
    remember: boolean;
    device_name?: string | undefined;
    abilities: TokenAbility;
  },
): Promise<{ user: AuthUser; cookies: SessionCookies } | { token: string }> {
  const key = `login:${input.email}|${client.ip}`;
  // Per e-mail and address (guessing one account), and per address alone (trying many accounts). Every
  // attempt is counted before the password is checked, so parallel guesses cannot all slip under the limit;
  // a success clears the per-account count and gives back its count from the address.
  const message = 'Too many login attempts. Please try again in :seconds seconds.';
  const ipKey = `login-ip:${client.ip}`;
  await enforceLimit(deps.limiter, {
    key: ipKey,
    max: LIMITS.loginPerIp,
    windowSeconds: LOGIN_WINDOW_SECONDS,
    message,
    field: 'email',
  });
  await enforceLimit(deps.limiter, {
    key,
    max: LOGIN_MAX_ATTEMPTS,
    windowSeconds: LOGIN_WINDOW_SECONDS,
    message,
    field: 'email',
  });
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHashPromise), input.password);
  if (!user || !ok) {
    // Audited for known and unknown e-mails alike (same work either way); never the password.
    await recordActivity(deps.db, {
      teamId: user?.current_team_id ?? null,
      userId: user?.id ?? null,
      subjectType: 'user',
      subjectId: user?.id ?? null,
      action: 'login_failed',
      changes: { email: input.email.slice(0, 255) },
      ip: client.ip,
    });
    throw invalid('email', FAILED_LOGIN);
  }
  await Promise.all([deps.limiter.clear(key), deps.limiter.release(ipKey)]);
  const teamId = user.current_team_id;
  if (input.device_name) {
    // A device token outlives a session, so it is held to the rules of POST /tokens.
    if (isDemoUser(user, deps.config.SEED_DEMO)) throw forbidden('The demo account cannot make API tokens.');
    requireVerifiedEmail(user, 'sign in a device');
    const token = randomToken(40);
    const now = nowIso();
    const expiresAt = addDays(new Date(now), deps.config.DEVICE_TOKEN_TTL_DAYS).toISOString();
    await writeTransaction(deps.db, async (trx) => {
      await insertToken(trx, {
        userId: user.id,
        name: input.device_name!,
        tokenHash: sha256(token),
        abilities: input.abilities,
        expiresAt,
        now,
      });
      await recordActivity(trx, {
        teamId,
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        action: 'login',
        changes: { device: input.device_name, abilities: input.abilities, expires_at: expiresAt },
        ip: client.ip,
      });
    });
    return { token };
  }
  await recordActivity(deps.db, {
    teamId,
    userId: user.id,
    subjectType: 'user',
    subjectId: user.id,
    action: 'login',
    ip: client.ip,
  });
  const cookies = await startSession(deps, client, user.id, input.remember);
  return { user: await loadAuthUser(deps, deps.db, user.id), cookies };
}

export async function logout(deps: Deps, auth: RequestAuth | null, ip: string): Promise<SessionCookies> {
  if (auth?.sessionId) {
    await repo.deleteSession(deps.db, auth.sessionId);
    forgetSession(deps, auth.sessionId);
  }
  if (auth?.tokenId) await deleteToken(deps.db, auth.tokenId);
  if (auth) {
    await recordActivity(deps.db, {
      teamId: auth.team?.id ?? null,
      userId: auth.user.id,
      subjectType: 'user',
      subjectId: auth.user.id,
      action: 'logout',
      ip,
    });
  }
  return { session: 'clear' };
}

/**
 * The one answer to every accepted registration. A taken e-mail gets it too (with an e-mail to its owner
 * instead of an account), so the answer never tells a stranger who has an account here.
 */
export const REGISTRATION_RECEIVED =
  'Thanks for signing up. We have sent you an e-mail to confirm your address.';

/**
 * Signs a new person up, or — when the e-mail already has an account — tells that account's owner by
 * e-mail. Both paths hash the password, write one transaction, queue one e-mail and set a fresh session
 * cookie, so status, body, headers and time look alike; only the new person's cookie signs anyone in.
 * Through an invitation, the signature of the e-mail's link proves the address (the token alone is known
 * to the team's admins): only then is a taken address said plainly, and the new account starts verified.
 */
export async function register(
  deps: Deps,
  client: Client,
  input: {
    name: string;
    email: string;
    password: string;
    invitation?: string | undefined;
    invitation_signature?: string | undefined;
    time_zone?: string | undefined;
  },
): Promise<SessionCookies> {
  await limitPerIp(deps, 'register', client.ip, LIMITS.registerPerIp, 'email');
  await assertUncommonPassword(input.password);
  if (input.invitation) {
    const invitation = await previewInvitation(deps, input.invitation);
    // The token alone is known to the inviting team's admins; only the signed link proves the address.
    if (!isValidInvitationSignature(deps.appKey, invitation, input.invitation_signature)) {
      throw invalid(
        'invitation',
        'This invitation link is incomplete. Open the link from the invitation e-mail.',
      );
    }
    if (invitation.email !== input.email.toLowerCase())
      throw invalid('email', 'This invitation was sent to a different e-mail address.');
  }
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && input.invitation)
    throw invalid('email', 'The email has already been taken. Log in to accept the invitation.');
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    // At most one "you already have an account" e-mail per address and hour: registering someone's
    // address over and over must not flood their inbox.
    const notices = await deps.limiter.hit(`register-notice:${input.email}`, 3600);
    await writeTransaction(deps.db, async (trx) => {
      await recordActivity(trx, {
        teamId: existing.current_team_id,
        userId: existing.id,
        subjectType: 'user',
        subjectId: existing.id,
        action: 'registration_attempt',
        ip: client.ip,
      });
      if (notices.count === 1) await sendAccountExistsMail(deps, trx, existing);
    });
    deps.mail.kick();
    await endPreviousSession(deps, client);
    // A cookie like a new session's, naming no session: the next request is simply a guest's.
    return { session: { token: randomToken(SESSION_TOKEN_BYTES), remember: false } };
  }
  const userId = await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    // Through a signed invitation link the address is proven already (checked above): no second link.
    const verifiedAt = input.invitation ? now : null;
    const user = await insertUser(trx, {
      name: input.name,
      email: input.email,
      passwordHash,
      now,
      verifiedAt,
    });
    const team = await createPersonalTeam(trx, user, now, input.time_zone);
    await recordActivity(trx, {
      teamId: team.id,
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'registered',
      ip: client.ip,
    });
    if (input.invitation) await acceptInvitation(trx, user, input.invitation, client.ip);
    else await sendVerificationMail(deps, trx, user);
    return user.id;
  });
  deps.mail.kick();
  return startSession(deps, client, userId, false);
}

async function sendAccountExistsMail(deps: Deps, trx: Executor, user: { email: string; name: string }) {
  await enqueueMail(trx, {
    to: user.email,
    subject: 'You already have a Storekeep account',
    text: `Hello ${nameForMail(user.name)},\n\nSomeone, probably you, tried to sign up for Storekeep with this e-mail address, which already has an account. No new account was made.\n\nLog in here:\n\n${deps.config.APP_URL}/login\n\nForgot your password? Choose a new one here:\n\n${deps.config.APP_URL}/password/reset\n\nIf it was not you, no further action is required: your account is unchanged.\n`,
  });
}

export const RESET_LINK_SENT = 'If an account exists for that e-mail, we have sent a password reset link.';

export async function forgotPassword(deps: Deps, ip: string, email: string) {
  await enforceLimit(deps.limiter, {
    key: `forgot:${email}|${ip}`,
    max: 5,
    windowSeconds: 60,
    message: 'Please wait :seconds seconds before retrying.',
    field: 'email',
  });
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomToken(32);
  await writeTransaction(deps.db, async (trx) => {
    await repo.savePasswordReset(trx, email, sha256(token), nowIso());
    const url = `${deps.config.APP_URL}/password/reset/${token}?email=${encodeURIComponent(email)}`;
    await enqueueMail(trx, {
      to: email,
      subject: 'Reset your Storekeep password',
      text: `Hello ${nameForMail(user.name)},\n\nYou asked to reset your Storekeep password. Choose a new one here:\n\n${url}\n\nThis link expires in ${PASSWORD_RESET_TTL_MINUTES} minutes and works once. If you did not ask for it, no further action is required.\n`,
    });
  });
  deps.mail.kick();
}

export async function resetPassword(
  deps: Deps,
  ip: string,
  input: { token: string; email: string; password: string },
) {
  const badToken = () => invalid('email', 'This password reset token is invalid or has expired.');
  await limitPerIp(deps, 'reset', ip, LIMITS.resetPerIp, 'email');
  await assertUncommonPassword(input.password);
  const reset = await repo.findPasswordReset(deps.db, input.email);
  if (!reset || !safeEqual(reset.token_hash, sha256(input.token))) throw badToken();
  if (Date.now() - Date.parse(reset.created_at) > PASSWORD_RESET_TTL_MINUTES * 60_000) {
    await repo.deletePasswordReset(deps.db, input.email);
    throw badToken();
  }
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw badToken();
  const passwordHash = await hashPassword(input.password);
  await writeTransaction(deps.db, async (trx) => {
    const now = nowIso();
    // The link reached the address, which proves it; an address change someone else asked for is dropped.
    await updateUser(
      trx,
      user.id,
      {
        password_hash: passwordHash,
        email_verified_at: user.email_verified_at ?? now,
        pending_email: null,
        pending_email_expires_at: null,
      },
      now,
    );
    // Single use, and every session and API token ends: whoever knew the old password (or signed up
    // with this address before its owner) is out.
    await repo.deletePasswordReset(trx, input.email);
    const ended = await repo.endAllCredentials(trx, user.id, null);
    await recordActivity(trx, {
      teamId: user.current_team_id,
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'password_reset',
      changes: ended,
      ip,
    });
  });
}

export async function verifyEmail(
  deps: Deps,
  ip: string,
  params: { id: number; hash: string; expires: number; signature: string },
): Promise<boolean> {
  await limitPerIp(deps, 'verify-link', ip, LIMITS.verifyLinkPerIp);
  const user = await findUserById(deps.db, params.id);
  if (!user || !isValidAddressLink(deps.appKey, 'verify', { userId: user.id, email: user.email, ...params }))
    return false;
  if (!user.email_verified_at) {
    await writeTransaction(deps.db, async (trx) => {
      await updateUser(trx, user.id, { email_verified_at: nowIso() }, nowIso());
      await recordActivity(trx, {
        teamId: user.current_team_id,
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        action: 'email_verified',
        ip,
      });
    });
  }
  return true;
}

/**
 * The link mailed to a requested new address: opening it proves the address, which then replaces the
 * account's (verified). Fails when the link is not for the address pending now, has expired, or the
 * address has meanwhile become another account's.
 */
export async function confirmEmailChange(
  deps: Deps,
  ip: string,
  params: { id: number; hash: string; expires: number; signature: string },
): Promise<boolean> {
  await limitPerIp(deps, 'verify-link', ip, LIMITS.verifyLinkPerIp);
  const user = await findUserById(deps.db, params.id);
  const pending = user?.pending_email;
  if (!user || !pending || !user.pending_email_expires_at || user.pending_email_expires_at <= nowIso())
    return false;
  if (!isValidAddressLink(deps.appKey, 'change', { userId: user.id, email: pending, ...params }))
    return false;
  return writeTransaction(deps.db, async (trx) => {
    if (await findUserByEmail(trx, pending)) return false;
    const now = nowIso();
    await updateUser(
      trx,
      user.id,
      { email: pending, email_verified_at: now, pending_email: null, pending_email_expires_at: null },
      now,
    );
    await recordActivity(trx, {
      teamId: user.current_team_id,
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      action: 'email_changed',
      changes: { email: [user.email, pending] },
      ip,
    });
    return true;
  });
}

export async function resendVerification(deps: Deps, auth: RequestAuth) {
  await enforceLimit(deps.limiter, {
    key: `verify:${auth.user.id}`,
    max: 6,
    windowSeconds: 60,
    message: 'Too many requests. Please wait :seconds seconds.',
  });
  if (auth.user.email_verified_at) return 'already-verified';
  await writeTransaction(deps.db, (trx) => sendVerificationMail(deps, trx, auth.user));
  deps.mail.kick();
  return 'verification-link-sent';
}
