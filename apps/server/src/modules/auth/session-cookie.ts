import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE, cookieName } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { addMinutes } from '../../platform/clock';
import { issueCsrfToken } from './csrf';

/** A session cookie's random bytes (43 characters of base64url). */
export const SESSION_TOKEN_BYTES = 32;
const IDLE_MINUTES = 120;
const REMEMBER_MINUTES = 30 * 24 * 60;
/** Absolute lifetimes from sign-in, whatever the activity: a stolen cookie stops working in the end. */
const ABSOLUTE_MINUTES = 12 * 60;
const REMEMBER_ABSOLUTE_MINUTES = REMEMBER_MINUTES;

/**
 * A plain session ends after two idle hours or twelve hours after sign-in; "remember me" keeps it
 * for thirty days from sign-in. `createdAt` is the sign-in time (kept across id rotations).
 */
export function sessionExpiry(remember: boolean, now: string, createdAt: string = now): string {
  const idle = addMinutes(now, remember ? REMEMBER_MINUTES : IDLE_MINUTES);
  const absolute = sessionAbsoluteEnd(remember, createdAt);
  return idle < absolute ? idle : absolute;
}

/** When a session signed in at `createdAt` ends, however active it is. */
export const sessionAbsoluteEnd = (remember: boolean, createdAt: string) =>
  addMinutes(createdAt, remember ? REMEMBER_ABSOLUTE_MINUTES : ABSOLUTE_MINUTES);

/** Cookies are Secure and `__Host-`-prefixed when the app is served over HTTPS (APP_URL), as in production. */
export const isSecure = (deps: Pick<Deps, 'config'>) => deps.config.APP_URL.startsWith('https://');
export const sessionCookieName = (deps: Pick<Deps, 'config'>) => cookieName(SESSION_COOKIE, isSecure(deps));
export const csrfCookieName = (deps: Pick<Deps, 'config'>) => cookieName(CSRF_COOKIE, isSecure(deps));

export function setSessionCookie(deps: Deps, reply: FastifyReply, token: string, remember: boolean) {
  reply.setCookie(sessionCookieName(deps), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(deps),
    ...(remember ? { maxAge: REMEMBER_MINUTES * 60 } : {}),
  });
}

/** Readable by the SPA on purpose: it echoes the value back in X-XSRF-TOKEN. */
export function setCsrfCookie(deps: Deps, reply: FastifyReply) {
  reply.setCookie(csrfCookieName(deps), issueCsrfToken(deps.appKey), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecure(deps),
  });
}

export function clearSessionCookie(deps: Deps, reply: FastifyReply) {
  reply.clearCookie(sessionCookieName(deps), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(deps),
  });
}
