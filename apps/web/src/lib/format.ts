import { parsePhoneNumberFromString } from 'libphonenumber-js';

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

/** Money is US dollars with optional cents (spec §9). */
export const formatUsd = (value: number) => (Number.isInteger(value) ? usdWhole : usdCents).format(value);
export const formatCount = (value: number) => count.format(value);
const usdCompact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
/** Large dollar amounts for a stat card ("$12.5M"); the exact amount goes in a title. */
export const formatUsdCompact = (value: number) => (Math.abs(value) >= 100_000 ? usdCompact.format(value) : formatUsd(value));

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

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

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A calendar date (`2024-05-01`) without time-zone shifts. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
