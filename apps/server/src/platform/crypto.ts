import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Tokens are stored hashed so a database leak does not hand out live sessions or reset links. The one-shot
 * `hash` builds no Hash object: every signed-in request hashes its session cookie.
 */
export const sha256 = (value: string) => hash('sha256', value, 'hex');

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
