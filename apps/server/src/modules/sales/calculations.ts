/**
 * Royalty arithmetic, free of the database so every edge is unit-tested.
 * All amounts are integer cents; dates are ISO `YYYY-MM-DD` strings compared as text.
 *
 * Rules (docs/decisions/0008-sales-roll-up-and-royalty-rules.md):
 * - Reporting periods are calendar weeks (Monday first), months, quarters or years after the agreement's
 *   `reporting_frequency` (monthly when unset). A report over [from, to] counts every period that overlaps
 *   the range, whole.
 * - Tiers are MARGINAL, like tax brackets, and apply to each reporting period's sales: the part of the
 *   sales from a tier's `from_sales` up to the next tier's pays that tier's percent; the part below the
 *   first tier pays `royalty_percent` (or nothing). Crossing a threshold therefore never lowers the royalty
 *   on the sales below it.
 * - How the tiers read is the brand's setting (decision 0024), one rule for the royalty report and invoices:
 *   `period` (the default) as above, or `year_to_date`: marginal tiers on the tier year's sales through the
 *   period, each period owing the growth of that year-to-date royalty (`tieredRoyalty`). The tier year is the
 *   calendar year (the default) or the agreement year, from each anniversary of its effective date
 *   (`tierYearStart`). A period belongs to the tier year it starts in, and the sales before it that count are
 *   those of the agreement's reporting periods starting in that year (`tierSalesFrom`), reported ones only.
 * - The royalty of each reporting period in the agreement's term is at least `royalty_minimum`, even with
 *   no sales; the marketing fund is `marketing_percent` of sales, without a minimum.
 *
 * Percentage rent is the percentage-rent module's (its lease terms and readings, decision 0022).
 */

import { addCalendarDays, addCalendarMonths, type TIER_BASES, type TIER_YEARS } from '@storekeep/contracts';

export type ReportingFrequency = 'weekly' | 'monthly' | 'quarterly' | 'annually';
export type Tier = { from_cents: number; percent: number };
export type Period = { start: string; end: string };
export type TierBasis = (typeof TIER_BASES)[number];
export type TierYear = (typeof TIER_YEARS)[number];

const parse = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The first day of the reporting period holding `date`. */
export function periodStartOf(frequency: ReportingFrequency, date: string): string {
  if (frequency === 'weekly') return addCalendarDays(date, -((new Date(parse(date)).getUTCDay() + 6) % 7));
  const [y, m] = date.split('-').map(Number) as [number, number];
  if (frequency === 'monthly') return `${date.slice(0, 7)}-01`;
  if (frequency === 'quarterly') return `${y}-${String(m - ((m - 1) % 3)).padStart(2, '0')}-01`;
  return `${y}-01-01`;
}

const lengthInMonths: Record<Exclude<ReportingFrequency, 'weekly'>, number> = {
  monthly: 1,
  quarterly: 3,
  annually: 12,
};

export function nextPeriodStart(frequency: ReportingFrequency, start: string): string {
  return frequency === 'weekly'
    ? addCalendarDays(start, 7)
    : addCalendarMonths(start, lengthInMonths[frequency]);
}

/** Every reporting period overlapping [from, to], whole. */
export function reportingPeriods(frequency: ReportingFrequency, from: string, to: string): Period[] {
  const periods: Period[] = [];
  for (let start = periodStartOf(frequency, from); start <= to;) {
    const next = nextPeriodStart(frequency, start);
    periods.push({ start, end: addCalendarDays(next, -1) });
    start = next;
  }
  return periods;
}

/** Marginal tiered royalty on one period's sales, rounded to the cent. */
export function royaltyOnSales(salesCents: number, percent: number | null, tiers: Tier[]): number {
  return marginalRoyalty(
    salesCents,
    percent,
    [...tiers].sort((a, b) => a.from_cents - b.from_cents),
  );
}

/**
 * The first day of the tier year holding `day`: 1 January, or for the agreement year the last anniversary of
 * `effectiveDate` on or before it (a 29 February date's anniversary is 28 February in other years). An
 * agreement without an effective date has no agreement year: it falls back to the calendar year.
 */
export function tierYearStart(year: TierYear, day: string, effectiveDate: string | null): string {
  if (year === 'calendar' || !effectiveDate) return `${day.slice(0, 4)}-01-01`;
  const years = Number(day.slice(0, 4)) - Number(effectiveDate.slice(0, 4));
  const anniversary = addCalendarMonths(effectiveDate, 12 * years);
  return anniversary <= day ? anniversary : addCalendarMonths(effectiveDate, 12 * (years - 1));
}

/**
 * Where the year-to-date sales before the period starting `periodStart` begin: the first of the agreement's
 * reporting periods that starts in the period's tier year (a week or month cut by the year's first day
 * belongs to the year before). Sales from this day to the day before the period are the tiers' `before`.
 */
export function tierSalesFrom(
  frequency: ReportingFrequency,
  year: TierYear,
  periodStart: string,
  effectiveDate: string | null,
): string {
  const yearStart = tierYearStart(year, periodStart, effectiveDate);
  const holding = periodStartOf(frequency, yearStart);
  return holding === yearStart ? yearStart : nextPeriodStart(frequency, holding);
}

/**
 * The royalty of one period's `cents` sales: on the period's sales alone, or, year to date, the growth of the
 * tier year's royalty from `beforeCents` (the year's sales before the period) to `beforeCents + cents`, so
 * crossing a threshold bills only the sales above it at the higher rate and never re-bills earlier periods.
 * Each year-to-date royalty is rounded to the cent before the difference, so a year's periods add up to the
 * royalty of its whole sales.
 */
export function tieredRoyalty(
  basis: TierBasis,
  cents: number,
  beforeCents: number,
  percent: number | null,
  tiers: Tier[],
): number {
  return tieredSorted(
    basis,
    cents,
    beforeCents,
    percent,
    [...tiers].sort((a, b) => a.from_cents - b.from_cents),
  );
}

function tieredSorted(
  basis: TierBasis,
  cents: number,
  beforeCents: number,
  percent: number | null,
  sorted: Tier[],
): number {
  if (basis === 'period') return marginalRoyalty(cents, percent, sorted);
  return (
    marginalRoyalty(beforeCents + cents, percent, sorted) - marginalRoyalty(beforeCents, percent, sorted)
  );
}

/** `royaltyOnSales` with the tiers already in ascending order (the report sorts them once per agreement). */
function marginalRoyalty(salesCents: number, percent: number | null, sorted: Tier[]): number {
  if (salesCents <= 0) return 0;
  if (!sorted.length) return Math.round((salesCents * (percent ?? 0)) / 100);
  let royalty = (Math.min(salesCents, sorted[0]!.from_cents) * (percent ?? 0)) / 100;
  for (let index = 0; index < sorted.length; index += 1) {
    const tier = sorted[index]!;
    const upper = sorted[index + 1]?.from_cents ?? Infinity;
    const slice = Math.min(salesCents, upper) - tier.from_cents;
    if (slice > 0) royalty += (slice * tier.percent) / 100;
  }
  return Math.round(royalty);
}

export type RoyaltyTerms = {
  frequency: ReportingFrequency;
  percent: number | null;
  tiers: Tier[];
  minimumCents: number | null;
  marketingPercent: number | null;
  /** The agreement's term; the minimum applies only to periods overlapping it (open ends when null). */
  termStart: string | null;
  termEnd: string | null;
  /** Whether the minimum applies at all (an agreement not yet open owes none). */
  minimumApplies: boolean;
  /** `period` when absent; `year_to_date` reads each period's `before` sales (see `tieredRoyalty`). */
  tierBasis?: TierBasis;
};

export type RoyaltyResult = {
  periods: number;
  salesCents: number;
  royaltyCents: number;
  topUpCents: number;
  marketingCents: number;
  totalCents: number;
};

/**
 * Royalties due over [from, to]. `salesByPeriod` maps a reporting period's first day to that period's
 * sales (the caller buckets with `periodStartOf`).
 */
export function royaltiesDue(
  terms: RoyaltyTerms,
  from: string,
  to: string,
  salesByPeriod: Map<string, number>,
): RoyaltyResult {
  const periods = reportingPeriods(terms.frequency, from, to);
  return royaltiesOverPeriods(
    terms,
    periods,
    periods.map((p) => salesByPeriod.get(p.start) ?? 0),
  );
}

/**
 * The same over precomputed periods and their sales (index for index): the report's fast path. `before`
 * holds, year to date, each period's tier-year sales before it.
 */
export function royaltiesOverPeriods(
  terms: RoyaltyTerms,
  periods: Period[],
  sales: ArrayLike<number>,
  before?: ArrayLike<number>,
): RoyaltyResult {
  const result: RoyaltyResult = {
    periods: periods.length,
    salesCents: 0,
    royaltyCents: 0,
    topUpCents: 0,
    marketingCents: 0,
    totalCents: 0,
  };
  const tiers = [...terms.tiers].sort((a, b) => a.from_cents - b.from_cents);
  const minimumCents = terms.minimumApplies ? (terms.minimumCents ?? 0) : 0;
  for (let i = 0; i < periods.length; i += 1) {
    const period = periods[i]!;
    const periodSales = sales[i] ?? 0;
    const calculated = tieredSorted(
      terms.tierBasis ?? 'period',
      periodSales,
      before?.[i] ?? 0,
      terms.percent,
      tiers,
    );
    const inTerm =
      (!terms.termStart || period.end >= terms.termStart) &&
      (!terms.termEnd || period.start <= terms.termEnd);
    const minimum = inTerm ? minimumCents : 0;
    result.salesCents += periodSales;
    result.royaltyCents += calculated;
    result.topUpCents += Math.max(0, minimum - calculated);
    result.marketingCents += Math.round((periodSales * (terms.marketingPercent ?? 0)) / 100);
  }
  result.totalCents = result.royaltyCents + result.topUpCents + result.marketingCents;
  return result;
}

/**
 * The one rule for a missing sales report (decision 0024), shared by invoices and the royalty report: it is
 * never counted as zero but estimated from the average of the store's last (up to) three reported periods among
 * `estimationPeriods` (its frequency's periods in the twelve months before it); without any it stays missing.
 */
export function estimationPeriods(frequency: ReportingFrequency, period: Period): Period[] {
  return reportingPeriods(
    frequency,
    addCalendarMonths(period.start, -12),
    addCalendarDays(period.start, -1),
  ).filter((p) => p.end < period.start);
}

/** The average of the last (up to) three reported periods' sales, oldest first, or null without any. */
export function estimateFrom(history: number[]): number | null {
  const recent = history.slice(-3);
  if (!recent.length) return null;
  return Math.round(recent.reduce((a, b) => a + b, 0) / recent.length);
}
