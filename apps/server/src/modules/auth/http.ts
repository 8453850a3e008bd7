import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import * as auth from './service';
import { clearSessionCookie, sessionCookieName, setCsrfCookie, setSessionCookie } from './session-cookie';

/** The route side of sign-in: what the service needs from the request, and the cookies it asks for. */

export function clientOf(deps: Deps, request: FastifyRequest): auth.Client {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    sessionCookie: request.cookies[sessionCookieName(deps)],
  };
}

/** Sets the session cookie (or clears it), then a fresh CSRF cookie. */
export function setSessionCookies(deps: Deps, reply: FastifyReply, cookies: auth.SessionCookies) {
  if (cookies.session === 'clear') clearSessionCookie(deps, reply);
  else setSessionCookie(deps, reply, cookies.session.token, cookies.session.remember);
  setCsrfCookie(deps, reply);
}

/**
 * Gives the caller's cookie session a new id after a change of privilege (see auth.rotateSession) and sets
 * its cookies; bearer-token callers keep their answer cookie-free.
 */
export async function rotateSession(deps: Deps, request: FastifyRequest, reply: FastifyReply) {
  const cookies = await auth.rotateSession(deps, request.auth, clientOf(deps, request));
  if (cookies) setSessionCookies(deps, reply, cookies);
}
