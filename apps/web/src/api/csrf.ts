import { CSRF_COOKIE } from '@storekeep/contracts';
import { readCookie } from '../lib/cookies';

let pending: Promise<void> | null = null;
let primed = false;

/** GET /app/sanctum/csrf-cookie sets the XSRF-TOKEN cookie that mutating requests echo back. */
export function refreshCsrfCookie(): Promise<void> {
  pending ??= fetch('/app/sanctum/csrf-cookie', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(() => {
      primed = true;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Before the first mutating request of this page load the cookie is fetched (it may be stale or absent). */
export async function ensureCsrfToken(): Promise<string | null> {
  if (!primed || !readCookie(CSRF_COOKIE)) await refreshCsrfCookie();
  return readCookie(CSRF_COOKIE);
}
