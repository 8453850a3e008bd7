import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eDataDir } from './playwright.config';

/** Undoes quoted-printable soft breaks and escapes so links in .eml files read whole. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function messagesTo(email: string): string[] {
  const dir = path.join(e2eDataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), 'utf8')))
    .filter((content) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(content));
}

/** Waits for the server's sender to write a mail to `email` whose link matches, and returns the link. */
export async function linkFromMail(email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = messagesTo(email)
          .flatMap((content) => content.match(/https?:\/\/[^\s"<>]+/g) ?? [])
          .reverse()
          .find((candidate) => pattern.test(candidate));
        return link;
      },
      { message: `a mail to ${email} with a link matching ${pattern}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}
