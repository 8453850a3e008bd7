import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { invalid } from '../../platform/errors';

/**
 * ASVS 5.0 (V6.2.4): a new password is checked against a list of the most common (breached)
 * passwords. The list is the `passwords-common` dictionary of zxcvbn-ts (@zxcvbn-ts/language-common,
 * MIT, https://github.com/zxcvbn-ts/zxcvbn): ~49,000 passwords ranked by frequency in public breach
 * corpora, shipped as plain JSON in the npm package, so the check needs no network. Loaded on first
 * use (about 0.5 MB) and kept in a Set; case-insensitive, as the list is lower case.
 */
let loaded: Promise<ReadonlySet<string>> | null = null;

function commonPasswords(): Promise<ReadonlySet<string>> {
  loaded ??= readFile(
    createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json'),
    'utf8',
  ).then((text) => new Set((JSON.parse(text) as string[]).map((p) => p.toLowerCase())));
  return loaded;
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it appears in lists of leaked passwords. Please choose another.';

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Refuses a common password with a 422 on `field` (registration, reset and password change). */
export async function assertUncommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) throw invalid(field, COMMON_PASSWORD_MESSAGE);
}
