import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { enqueueMail } from '../../platform/mail';
import { hmac, safeEqual, sha256 } from '../../platform/crypto';

const LINK_MINUTES = 60;

/**
 * E-mail verification uses signed links instead of a table: the link names the user and a hash of
 * the e-mail it was sent to (so a link for an old address stops working), and the signature covers
 * both with the expiry.
 */
export function verificationPath(appKey: string, userId: number, email: string, expires: number): string {
  const base = `/app/email/verify/${userId}/${sha256(email).slice(0, 40)}`;
  return `${base}?expires=${expires}&signature=${hmac(appKey, `${base}?expires=${expires}`)}`;
}

export function isValidVerification(
  appKey: string,
  user: { id: number; email: string },
  hash: string,
  expires: number,
  signature: string,
): boolean {
  const base = `/app/email/verify/${user.id}/${hash}`;
  return (
    expires * 1000 > Date.now() &&
    safeEqual(hash, sha256(user.email).slice(0, 40)) &&
    safeEqual(signature, hmac(appKey, `${base}?expires=${expires}`))
  );
}

export async function sendVerificationMail(deps: Deps, trx: Executor, user: { id: number; email: string; name: string }) {
  const expires = Math.floor(Date.now() / 1000) + LINK_MINUTES * 60;
  const url = `${deps.config.APP_URL}${verificationPath(deps.appKey, user.id, user.email, expires)}`;
  await enqueueMail(trx, {
    to: user.email,
    subject: 'Verify your e-mail address',
    text: `Hello ${user.name},\n\nPlease confirm your e-mail address for Storekeep by opening this link:\n\n${url}\n\nThe link expires in ${LINK_MINUTES} minutes. If you did not create an account, no further action is required.\n`,
  });
}
