import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '@storekeep/contracts';
import { addMinutes } from '../../platform/clock';
import { issueCsrfToken } from './csrf';

const IDLE_MINUTES = 120;
const REMEMBER_MINUTES = 30 * 24 * 60;

/** A plain session ends after two idle hours; "remember me" keeps it for thirty days of use. */
export function sessionExpiry(remember: boolean, now: string): string {
  return addMinutes(now, remember ? REMEMBER_MINUTES : IDLE_MINUTES);
}

export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(remember ? { maxAge: REMEMBER_MINUTES * 60 } : {}),
  });
}

/** Readable by the SPA on purpose: it echoes the value back in X-XSRF-TOKEN. */
export function setCsrfCookie(reply: FastifyReply, appKey: string, secure: boolean) {
  reply.setCookie(CSRF_COOKIE, issueCsrfToken(appKey), { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
