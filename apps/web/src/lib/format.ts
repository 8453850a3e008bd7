import { MONTH_NAMES } from '@storekeep/contracts';
/**
 * An Intl formatter made on first use and kept. Building one costs far more than using it (loading locale
 * data): `toLocaleDateString(locale, options)` built a new one on every call, which made the dashboard's dates
 * a tenth of its first render on a slow phone, and building them all when this module loads cost its first
 * paint the same again.
 */
export function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const usdWhole = once(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);
const usdCents = once(
  () => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
);
const count = once(() => new Intl.NumberFormat('en-US'));
const dateFormat = once(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
);

/**
 * A number as en-US writes it by default ("1,234,567", "12.5"), spelled out where that is plain — finite,
 * safe integers and up to three decimals, as Intl's default prints them — and asked of Intl otherwise.
 * Making the first Intl.NumberFormat loads the locale's number data: about 10 ms on a 4x slower CPU inside
 * the dashboard's first render, for figures written the same way. format.test.ts holds it to Intl's output.
 */
function plainNumber(value: number): string | null {
  if (Object.is(value, -0) || Math.abs(value) > Number.MAX_SAFE_INTEGER) return null;
  const match = /^(-?)(\d+)(\.\d{1,3})?$/.exec(String(value));
  if (!match) return null;
  return `${match[1]}${match[2]!.replace(/\B(?=(\d{3})+$)/g, ',')}${match[3] ?? ''}`;
}

/**
 * Dollars with cents, rounded half away from zero on the digits the number prints as (1.005 is $1.01), as
 * Intl rounds them; spelled out for plain amounts like plainNumber, asked of Intl otherwise.
 */
function plainCents(value: number): string | null {
  const match = /^(-?)(\d+)\.(\d+)$/.exec(String(value));
  if (!match || Math.abs(value) >= 1e13) return null;
  const [, sign, whole, fraction] = match as unknown as [string, string, string, string];
  const cents = BigInt(`${whole}${fraction.slice(0, 2).padEnd(2, '0')}`) + (fraction[2]! >= '5' ? 1n : 0n);
  const digits = String(cents).padStart(3, '0');
  const dollars = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${digits.slice(-2)}`;
}

/** Money is US dollars with optional cents (spec §9). */
export function formatUsd(value: number): string {
  if (!Number.isInteger(value)) return plainCents(value) ?? usdCents().format(value);
  const plain = plainNumber(value);
  if (plain === null) return usdWhole().format(value);
  return plain.startsWith('-') ? `-$${plain.slice(1)}` : `$${plain}`;
}
export const formatCount = (value: number) => plainNumber(value) ?? count().format(value);
const compactUnits = [
  { size: 1e12, suffix: 'T' },
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/**
 * Large dollar amounts for a stat card ("$12.5M"); the exact amount goes in a title. This is what
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 })`
 * prints (format.test.ts holds it to that, value by value), built from the plain number formatter because
 * making the compact one loads the locale's compact patterns: about 11 ms, a twentieth of the dashboard's first
 * render on a slow phone, for the one figure it shows.
 */
export function formatUsdCompact(value: number): string {
  const magnitude = Math.abs(value);
  if (magnitude < 100_000) return formatUsd(value);
  const sign = value < 0 ? '-' : '';
  // The unit is the largest the amount reaches; rounded to one decimal, 999,950 becomes 1,000K, which Intl
  // moves up a unit ($1M).
  let index = compactUnits.findIndex((unit) => magnitude >= unit.size);
  let scaled = Math.round((magnitude / compactUnits[index]!.size) * 10) / 10;
  if (scaled >= 1000 && index > 0) {
    index -= 1;
    scaled = Math.round((magnitude / compactUnits[index]!.size) * 10) / 10;
  }
  return `${sign}$${formatCount(scaled)}${compactUnits[index]!.suffix}`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

const monthNames = MONTH_NAMES.map((name) => name.slice(0, 3));

/**
 * A calendar month (`2027-05`) as en-US writes it ("May 2027"), spelled out for the reason formatDay is;
 * format.test.ts holds it to Intl's output. What is not a month is shown as typed.
 */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return y && m && m <= 12 && /^\d{4}-\d{2}$/.test(month) ? `${MONTH_NAMES[m - 1]} ${y}` : month;
}

/**
 * A calendar date (`2024-05-01`) as en-US writes it ("May 1, 2024"), without time-zone shifts. Spelled out
 * rather than asked of Intl.DateTimeFormat, whose first construction loads the locale's date patterns (about
 * 4 ms, 15 ms on a 4x slower CPU) inside the dashboard's first render; format.test.ts holds it to Intl's
 * output day by day. A day that does not exist (`2024-02-31`) is shown as typed, not rolled into March.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d || m > 12 || d > new Date(Date.UTC(2000, m, 0)).getUTCDate()) return day;
  if (m === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return day;
  return `${monthNames[m - 1]} ${d}, ${y}`;
}

/**
 * Whole calendar days from `today` (local time) to an ISO day ('2027-05-01'); negative in the past. Both
 * are taken as UTC midnights so a daylight-saving change in between cannot shift the count. (Instead of
 * date-fns' differenceInCalendarDays, which the dashboard's first load would otherwise carry.)
 */
export function daysFromToday(day: string, today = new Date()): number {
  const target = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  return Math.round((target - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / 86_400_000);
}

/** ISO day `days` from today (local calendar). */
export function isoDayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
