import { CSRF_COOKIE, cookieName } from '@storekeep/contracts';
import { readCookie } from '../lib/cookies';

let pending: Promise<void> | null = null;
let primed = false;

/** GET /app/sanctum/csrf-cookie sets the XSRF-TOKEN cookie that mutating requests echo back. */
export function refreshCsrfCookie(): Promise<void> {
  pending ??= fetch('/app/sanctum/csrf-cookie', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then(() => {
      primed = true;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The server names the cookie `__Host-XSRF-TOKEN` over HTTPS and `XSRF-TOKEN` on plain HTTP (development). */
const csrfCookie = () => readCookie(cookieName(CSRF_COOKIE, true)) ?? readCookie(CSRF_COOKIE);

/** Before the first mutating request of this page load the cookie is fetched (it may be stale or absent). */
export async function ensureCsrfToken(): Promise<string | null> {
  if (!primed || !csrfCookie()) await refreshCsrfCookie();
  return csrfCookie();
}
