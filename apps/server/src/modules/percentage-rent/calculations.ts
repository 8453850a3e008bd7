/**
 * Percentage rent per lease year, free of the database so every convention is unit-tested against a worked
 * example. Amounts are integer cents; dates ISO `YYYY-MM-DD` strings compared as text.
 *
 * - Lease years run 12 calendar months from rent commencement (the common reading; commencement when there
 *   is none), from commencement, or from the 1st of a chosen month. In the last reading the days before
 *   that month's first 1st form a partial first year of their own. The last year is cut at expiration.
 * - A natural breakpoint is the base rent scheduled over the year ÷ the rate, so it moves with every
 *   escalation (140,400 a year at 6 % → 2,340,000). An artificial one comes from the schedule for that lease
 *   year, else from the lease's single breakpoint.
 * - A partial year's breakpoint and tier thresholds are prorated by its days over the full year's
 *   (`days`), or left whole (`none`). A natural breakpoint under `days` is simply the partial year's own
 *   base rent ÷ the rate; under `none` it is the rent of 12 months from the year's start.
 * - Rent = the sales in each band above the breakpoint × that band's rate, summed exactly and rounded half
 *   up to the cent once.
 * - A sales figure belongs to the lease year holding its first day. A month that ended without a figure is
 *   "not reported", never zero: the year lists it and is not complete.
 */

import { addCalendarDays, addCalendarMonths, monthlyRowCents } from '@storekeep/contracts';
import type { BreakpointKind, BreakpointProration, LeaseYearStart } from '@storekeep/contracts';

export type RentRowCents = {
  start_date: string;
  end_date: string;
  monthly_cents: number | null;
  per_sqft_cents: number | null;
};

export type PercentageLease = {
  commencement_date: string | null;
  rent_commencement_date: string | null;
  expiration_date: string | null;
  rentable_sqft: number | null;
  rate: number | null;
  /** The lease's single breakpoint, for years the artificial schedule does not name. */
  breakpoint_cents: number | null;
  rent: RentRowCents[];
};

export type TermsCents = {
  breakpoint_kind: BreakpointKind;
  lease_year_start: LeaseYearStart;
  lease_year_month: number | null;
  proration: BreakpointProration;
  tiers: Array<{ from_cents: number; rate: number }>;
  schedule: Map<number, number>;
};

export type LeaseYear = { number: number; start: string; end: string; days: number; fullDays: number };

const DAY = 86_400_000;
export const daysInclusive = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;

/** a × b ÷ c rounded half up, exactly (cents by a day count or a rate can pass 2^53 on the way). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const numerator = BigInt(Math.round(a)) * BigInt(Math.round(b));
  const divisor = BigInt(Math.round(c));
  return Number((numerator * 2n + divisor) / (divisor * 2n));
}

/** A rate in percent as millionths of the whole (6 % = 60,000), so band sums stay integers. */
const rateMillionths = (percent: number) => Math.round(percent * 10_000);

/** The lease years up to expiration (or up to the one holding `today` when the lease has no end). */
export function leaseYearsOf(lease: PercentageLease, terms: TermsCents, today: string): LeaseYear[] {
  const first =
    terms.lease_year_start === 'commencement'
      ? lease.commencement_date
      : (lease.rent_commencement_date ?? lease.commencement_date);
  if (!first) return [];
  const years: LeaseYear[] = [];
  const last = lease.expiration_date ?? today;
  let anchor = first;
  if (terms.lease_year_start === 'month' && terms.lease_year_month) {
    const month = String(terms.lease_year_month).padStart(2, '0');
    let boundary = `${first.slice(0, 4)}-${month}-01`;
    if (boundary < first) boundary = `${Number(first.slice(0, 4)) + 1}-${month}-01`;
    if (boundary > first) {
      const end = addCalendarDays(boundary, -1);
      const cut = lease.expiration_date && lease.expiration_date < end ? lease.expiration_date : end;
      years.push({
        number: 1,
        start: first,
        end: cut,
        days: daysInclusive(first, cut),
        fullDays: daysInclusive(addCalendarMonths(boundary, -12), end),
      });
    }
    anchor = boundary;
  }
  for (let n = 0; years.length < 200; n += 1) {
    const start = addCalendarMonths(anchor, 12 * n);
    if (start > last) break;
    const fullEnd = addCalendarDays(addCalendarMonths(anchor, 12 * (n + 1)), -1);
    const end = lease.expiration_date && lease.expiration_date < fullEnd ? lease.expiration_date : fullEnd;
    years.push({
      number: years.length + 1,
      start,
      end,
      days: daysInclusive(start, end),
      fullDays: daysInclusive(start, fullEnd),
    });
  }
  return years;
}

/**
 * Base rent scheduled over [start, end]: each lease month from `start` at the rent in force on its first day;
 * a month cut short by `end` pays its days over the month's days.
 */
export function baseRentCents(lease: PercentageLease, start: string, end: string): number {
  let total = 0;
  for (let k = 0; k < 2400; k += 1) {
    const monthStart = addCalendarMonths(start, k);
    if (monthStart > end) break;
    const monthEnd = addCalendarDays(addCalendarMonths(start, k + 1), -1);
    const row = lease.rent.find((r) => r.start_date <= monthStart && monthStart <= r.end_date);
    if (!row) continue;
    const monthly = monthlyRowCents(row, lease.rentable_sqft);
    total +=
      monthEnd <= end
        ? monthly
        : mulDivHalfUp(monthly, daysInclusive(monthStart, end), daysInclusive(monthStart, monthEnd));
  }
  return total;
}

export type YearBreakpoint = { cents: number | null; baseRentCents: number; basis: string; prorate: boolean };

const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function breakpointOf(lease: PercentageLease, terms: TermsCents, year: LeaseYear): YearBreakpoint {
  const partial = year.days < year.fullDays;
  const baseRent = baseRentCents(lease, year.start, year.end);
  const byDays = partial && terms.proration === 'days';
  if (terms.breakpoint_kind === 'natural') {
    if (!lease.rate)
      return { cents: null, baseRentCents: baseRent, basis: 'natural: no rate', prorate: false };
    const rent =
      partial && terms.proration === 'none'
        ? baseRentCents(lease, year.start, addCalendarDays(addCalendarMonths(year.start, 12), -1))
        : baseRent;
    const cents = mulDivHalfUp(rent, 1_000_000, rateMillionths(lease.rate));
    const what = partial && terms.proration === 'none' ? 'a full year’s base rent' : 'base rent';
    return {
      cents,
      baseRentCents: baseRent,
      basis: `natural: ${what} ${money(rent)} ÷ ${lease.rate} %`,
      prorate: byDays,
    };
  }
  const scheduled = terms.schedule.get(year.number);
  const whole = scheduled ?? lease.breakpoint_cents;
  if (whole === null || whole === undefined)
    return { cents: null, baseRentCents: baseRent, basis: 'artificial: none set', prorate: false };
  const source = scheduled === undefined ? 'the lease’s breakpoint' : `the schedule for year ${year.number}`;
  if (!byDays)
    return { cents: whole, baseRentCents: baseRent, basis: `artificial: ${source}`, prorate: false };
  return {
    cents: mulDivHalfUp(whole, year.days, year.fullDays),
    baseRentCents: baseRent,
    basis: `artificial: ${source} ${money(whole)} × ${year.days}/${year.fullDays} days`,
    prorate: true,
  };
}

/**
 * Rent on `salesCents` above `breakpointCents` at the lease rate, with each tier's rate from its threshold up
 * (thresholds prorated like the breakpoint when `prorate` holds for the year).
 */
export function percentageRentCents(
  salesCents: number,
  breakpointCents: number | null,
  rate: number | null,
  tiers: TermsCents['tiers'],
  year?: LeaseYear & { prorate: boolean },
): number {
  if (!rate || salesCents <= 0) return 0;
  const breakpoint = breakpointCents ?? 0;
  const points = [
    { from: breakpoint, rate },
    ...tiers.map((t) => ({
      from: year?.prorate ? mulDivHalfUp(t.from_cents, year.days, year.fullDays) : t.from_cents,
      rate: t.rate,
    })),
  ].sort((a, b) => a.from - b.from);
  let sum = 0n;
  for (let i = 0; i < points.length; i += 1) {
    const low = Math.max(points[i]!.from, breakpoint);
    const high = points[i + 1]?.from ?? Infinity;
    const slice = Math.min(salesCents, high) - low;
    if (slice > 0) sum += BigInt(slice) * BigInt(rateMillionths(points[i]!.rate));
  }
  return Number((sum * 2n + 1_000_000n) / 2_000_000n);
}

export type SalesFigure = { period_start: string; gross_cents: number };
export type MonthLine = {
  month: string;
  status: 'reported' | 'not_reported' | 'not_due';
  cents: number | null;
};

/** The months a year expects figures for (each whose 1st lies in it, and any other that has one). */
export function monthsOf(year: LeaseYear, sales: SalesFigure[], today: string): MonthLine[] {
  const inYear = sales.filter((s) => s.period_start >= year.start && s.period_start <= year.end);
  const lines: MonthLine[] = [];
  for (let month = `${year.start.slice(0, 7)}-01`; month <= year.end; month = addCalendarMonths(month, 1)) {
    const key = month.slice(0, 7);
    const figures = inYear.filter((s) => s.period_start.startsWith(key));
    if (figures.length) {
      lines.push({ month: key, status: 'reported', cents: figures.reduce((a, s) => a + s.gross_cents, 0) });
      continue;
    }
    if (month < year.start) continue;
    const monthEnd = addCalendarDays(addCalendarMonths(month, 1), -1);
    const lastDay = monthEnd < year.end ? monthEnd : year.end;
    lines.push({ month: key, status: lastDay < today ? 'not_reported' : 'not_due', cents: null });
  }
  return lines;
}

/**
 * The percentage rent of the lease years overlapping the calendar months [start, end], attributed to those
 * months by sales: each year's rent due (on its reported months, as the statement computes it) × the year's
 * reported sales in the window ÷ all its reported sales. A year wholly inside counts whole; a year without
 * sales in the window adds nothing.
 */
export function percentageRentWithin(
  lease: PercentageLease,
  terms: TermsCents,
  sales: SalesFigure[],
  today: string,
  window: { start: string; end: string },
): number {
  if (!lease.rate) return 0;
  let total = 0;
  for (const year of leaseYearsOf(lease, terms, today)) {
    if (year.end < window.start || year.start > window.end) continue;
    const months = monthsOf(year, sales, today);
    const all = months.reduce((sum, m) => sum + (m.cents ?? 0), 0);
    const inside = months
      .filter((m) => `${m.month}-01` >= window.start && `${m.month}-01` <= window.end)
      .reduce((sum, m) => sum + (m.cents ?? 0), 0);
    if (all <= 0 || inside <= 0) continue;
    const breakpoint = breakpointOf(lease, terms, year);
    const due = percentageRentCents(all, breakpoint.cents, lease.rate, terms.tiers, {
      ...year,
      prorate: breakpoint.prorate,
    });
    total += inside === all ? due : mulDivHalfUp(due, inside, all);
  }
  return total;
}
