import { hmac, randomToken, safeEqual } from '../../platform/crypto';

/**
 * Signed double-submit CSRF token: the XSRF-TOKEN cookie holds `nonce.signature`, and a mutating
 * request must echo it in X-XSRF-TOKEN. The signature stops a sibling subdomain from planting a
 * token of its own; no server state is needed, so any instance can check it.
 */
export function issueCsrfToken(appKey: string): string {
  const nonce = randomToken(24);
  return `${nonce}.${hmac(appKey, `csrf:${nonce}`)}`;
}

export function isValidCsrf(appKey: string, cookie: string | undefined, header: string | undefined): boolean {
  if (!cookie || !header || !safeEqual(cookie, header)) return false;
  const [nonce, signature] = cookie.split('.');
  return Boolean(nonce && signature && safeEqual(signature, hmac(appKey, `csrf:${nonce}`)));
}
