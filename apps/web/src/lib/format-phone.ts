import { parsePhoneNumberFromString } from 'libphonenumber-js';

// Apart from lib/format.ts: libphonenumber's metadata is ~29 KB gzipped, and only pages showing phone
// numbers should load it (the dashboard's first load must not: first-load budget).

/**
 * Phone numbers in US national format with an optional " ext. " suffix (spec §9). Numbers that do not
 * parse are shown as typed; international numbers keep their international format.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const phone = parsePhoneNumberFromString(value, 'US');
  if (!phone || !phone.isPossible()) return value;
  const style = phone.countryCallingCode === '1' ? 'NATIONAL' : 'INTERNATIONAL';
  return phone.format(style, { formatExtension: (number, extension) => `${number} ext. ${extension}` });
}

/** `tel:` link target for a phone number, extension included. */
export function phoneHref(value: string): string {
  const phone = parsePhoneNumberFromString(value, 'US');
  return phone ? phone.getURI() : `tel:${value.replace(/[^\d+]/g, '')}`;
}
