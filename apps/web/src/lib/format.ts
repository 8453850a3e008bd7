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

/** Money is US dollars with optional cents (spec §9). */
export const formatUsd = (value: number) => (Number.isInteger(value) ? usdWhole() : usdCents()).format(value);
export const formatCount = (value: number) => count().format(value);
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
  return `${sign}$${count().format(scaled)}${compactUnits[index]!.suffix}`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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
