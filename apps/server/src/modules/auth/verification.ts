import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { enqueueMail } from '../../platform/mail';
import { hmac, safeEqual, sha256 } from '../../platform/crypto';
import { nameForMail } from '../../platform/text';

export const LINK_MINUTES = 60;

/** The two links that prove an address: verifying the account's own, and confirming a change to a new one. */
export type AddressLink = 'verify' | 'change';
const PREFIX: Record<AddressLink, string> = { verify: '/app/email/verify', change: '/app/email/change' };

/**
 * E-mail links are signed instead of stored: the link names the user and a hash of the address it was
 * sent to (so a link for an old or superseded address stops working), and the signature covers both, the
 * kind of link and the expiry.
 */
export function addressLinkPath(
  appKey: string,
  kind: AddressLink,
  userId: number,
  email: string,
  expires: number,
): string {
  const base = `${PREFIX[kind]}/${userId}/${sha256(email).slice(0, 40)}`;
  return `${base}?expires=${expires}&signature=${hmac(appKey, `${base}?expires=${expires}`)}`;
}

/** Whether a link of `kind` for `email` (the address it must have been sent to) is genuine and unexpired. */
export function isValidAddressLink(
  appKey: string,
  kind: AddressLink,
  link: { userId: number; email: string; hash: string; expires: number; signature: string },
): boolean {
  const base = `${PREFIX[kind]}/${link.userId}/${link.hash}`;
  return (
    link.expires * 1000 > Date.now() &&
    safeEqual(link.hash, sha256(link.email).slice(0, 40)) &&
    safeEqual(link.signature, hmac(appKey, `${base}?expires=${link.expires}`))
  );
}

/** Unix seconds when a link made now expires. */
export function linkExpiry(): number {
  return Math.floor(Date.now() / 1000) + LINK_MINUTES * 60;
}

export async function sendVerificationMail(
  deps: Deps,
  trx: Executor,
  user: { id: number; email: string; name: string },
) {
  const url = `${deps.config.APP_URL}${addressLinkPath(deps.appKey, 'verify', user.id, user.email, linkExpiry())}`;
  await enqueueMail(trx, {
    to: user.email,
    subject: 'Verify your e-mail address',
    text: `Hello ${nameForMail(user.name)},\n\nPlease confirm your e-mail address for Storekeep by opening this link:\n\n${url}\n\nThe link expires in ${LINK_MINUTES} minutes. If you did not create an account, no further action is required.\n`,
  });
}
