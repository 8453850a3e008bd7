/**
 * "3 days ago" / "in 2 months" for a moment, from `Intl.RelativeTimeFormat` (no date library in the bundle).
 * `numeric: 'auto'` says "yesterday", "last month" and "now" where English would. Thresholds follow the
 * usual rounding of such labels (Moment's, which people are used to): under 45 s is "now", under 45 min
 * minutes, under 22 h hours, under 26 days days, under 11 months months, then years.
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.44 * DAY;
const YEAR = 365.25 * DAY;

/**
 * A formatter per locale, made on first use and kept: building one costs far more than using it, and
 * `toLocaleString(locale, options)` would build one on every call (a list of 100 rows with two times each felt it).
 */
function perLocale<F>(make: (locale: string) => F): (locale: string) => F {
  const made = new Map<string, F>();
  return (locale) => {
    let found = made.get(locale);
    if (!found) made.set(locale, (found = make(locale)));
    return found;
  };
}

const relativeFormat = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const exactFormat = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }),
);

export function relativeParts(seconds: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const abs = Math.abs(seconds);
  const sign = seconds < 0 ? -1 : 1;
  // `|| 0` turns -0 into 0 (RelativeTimeFormat says "0 seconds ago" for -0 instead of "now").
  const round = (value: number) => sign * Math.round(value) || 0;
  if (abs < 45) return { value: 0, unit: 'second' };
  if (abs < 45 * MINUTE) return { value: round(Math.max(1, abs / MINUTE)), unit: 'minute' };
  if (abs < 22 * HOUR) return { value: round(Math.max(1, abs / HOUR)), unit: 'hour' };
  if (abs < 26 * DAY) return { value: round(Math.max(1, abs / DAY)), unit: 'day' };
  if (abs < 11 * MONTH) return { value: round(Math.max(1, abs / MONTH)), unit: 'month' };
  return { value: round(Math.max(1, abs / YEAR)), unit: 'year' };
}

/** The relative label of `iso` seen from `now`; an unreadable value is returned as it is. */
export function formatRelativeTime(iso: string, now: Date = new Date(), locale = 'en-US'): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const { value, unit } = relativeParts((time - now.getTime()) / 1000);
  return relativeFormat(locale).format(value, unit);
}

/** The exact moment for the hover title: "Tuesday, November 24, 2026 at 8:22 AM". */
export function formatExactTime(iso: string, locale = 'en-US'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : exactFormat(locale).format(date);
}
