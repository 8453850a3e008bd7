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

import {
  addCalendarDays,
  addCalendarMonths,
  type POOLINGS,
  type TIER_BASES,
  type TIER_YEARS,
} from '@storekeep/contracts';

export type ReportingFrequency = 'weekly' | 'monthly' | 'quarterly' | 'annually';
export type Tier = { from_cents: number; percent: number };
export type Period = { start: string; end: string };
export type TierBasis = (typeof TIER_BASES)[number];
export type TierYear = (typeof TIER_YEARS)[number];
export type Pooling = (typeof POOLINGS)[number];

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
  sorted: readonly Tier[],
): number {
  if (basis === 'period') return marginalRoyalty(cents, percent, sorted);
  return (
    marginalRoyalty(beforeCents + cents, percent, sorted) - marginalRoyalty(beforeCents, percent, sorted)
  );
}

/** `royaltyOnSales` with the tiers already in ascending order (the report sorts them once per agreement). */
function marginalRoyalty(salesCents: number, percent: number | null, sorted: readonly Tier[]): number {
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
  /** The agreement's term (`royaltyTerm`); the minimum applies only to periods overlapping it (open ends when null). */
  termStart: string | null;
  termEnd: string | null;
  /** Whether the minimum applies at all (an agreement not yet open owes none). */
  minimumApplies: boolean;
  /** `period` when absent; `year_to_date` reads each period's `before` sales (see `tieredRoyalty`). */
  tierBasis?: TierBasis;
  /**
   * `pooled` when absent: tiers, minimum and cap on the stores' sales together; `per_store`: on each alone;
   * `franchisee`: the stores together, their royalty a share of the franchisee's pooled agreements'
   * (`franchiseeShares`, passed to `periodCharges`), minimum and cap still the agreement's own.
   */
  pooling?: Pooling;
  /** Per period and unit (the pool or one store): limits the royalty and its minimum shortfall. */
  capCents?: number | null;
  /** With a cap, the marketing fund takes only what the royalty and shortfall left under it. */
  capIncludesMarketing?: boolean;
};

/** Terms with their tiers in ascending order, made once per agreement (`royaltyRules`). */
export type RoyaltyRules = Readonly<RoyaltyTerms> & { readonly ascending: readonly Tier[] };

export function royaltyRules(terms: RoyaltyTerms): RoyaltyRules {
  return { ...terms, ascending: [...terms.tiers].sort((a, b) => a.from_cents - b.from_cents) };
}

/**
 * An agreement's royalty term and the day its agreement year turns, the one reading for invoices, the royalty
 * report and the reminders. The term runs from the opening date (a store owes its minimum and its reports once
 * it trades; an agreement signed a year before the store opens owes nothing for that year), or the effective
 * date without one, to the expiration date. The agreement year turns on the effective date's anniversary, the
 * opening date's without one (decision 0024).
 */
export function royaltyTerm(agreement: {
  effective_date: string | null;
  opening_date: string | null;
  expiration_date: string | null;
}): { start: string | null; end: string | null; anniversary: string | null } {
  return {
    start: agreement.opening_date ?? agreement.effective_date,
    end: agreement.expiration_date,
    anniversary: agreement.effective_date ?? agreement.opening_date,
  };
}

/** What one unit (the stores pooled, or one store) owes for one reporting period. */
export type UnitCharge = {
  /** The store's index among the period's sales, or null for all of them pooled. */
  store: number | null;
  /** Null when a store's report is missing and could not be estimated: nothing is charged until it comes in. */
  salesCents: number | null;
  royaltyCents: number;
  shortfallCents: number;
  marketingCents: number;
};

const percentOf = (cents: number, percent: number | null) => Math.round((cents * (percent ?? 0)) / 100);

/**
 * The one computation of a reporting period's royalty, shared by the invoice and the royalty report: `cents`
 * holds each store's sales in the period (null: missing, not estimated), `before` each store's reported sales
 * earlier in its tier year (year to date only). Pooled, the tiers, the minimum and the cap read the stores'
 * sum, and one missing store holds the whole pool back; per store, each store is its own unit. The minimum
 * is a shortfall beside the royalty; the cap limits both (and the marketing fund when it includes it).
 *
 * Under `franchisee` pooling the stores are one unit as pooled, and `share` is the unit's royalty before its
 * minimum and cap: its part of what the franchisee's pooled agreements owe together (`franchiseeShares`), or
 * null while one of them waits on a missing report (the unit then charges nothing, as a missing store would).
 * Without a share (an agreement that is in no pool) its own tiers read its own stores, as pooled.
 */
export function periodCharges(
  rules: RoyaltyRules,
  period: Period,
  cents: ArrayLike<number | null>,
  before: ArrayLike<number>,
  share?: number | null,
): UnitCharge[] {
  const inTerm =
    (!rules.termStart || period.end >= rules.termStart) && (!rules.termEnd || period.start <= rules.termEnd);
  const minimum = rules.minimumApplies && inTerm ? (rules.minimumCents ?? 0) : 0;
  const charge = (
    store: number | null,
    sales: number | null,
    beforeCents: number,
    pooledRoyalty?: number | null,
  ): UnitCharge => {
    if (sales === null || pooledRoyalty === null)
      return { store, salesCents: null, royaltyCents: 0, shortfallCents: 0, marketingCents: 0 };
    let royalty =
      pooledRoyalty ??
      tieredSorted(rules.tierBasis ?? 'period', sales, beforeCents, rules.percent, rules.ascending);
    let shortfall = Math.max(0, minimum - royalty);
    let marketing = percentOf(sales, rules.marketingPercent);
    const cap = rules.capCents ?? null;
    if (cap !== null) {
      royalty = Math.min(royalty, cap);
      shortfall = Math.min(shortfall, cap - royalty);
      if (rules.capIncludesMarketing) marketing = Math.min(marketing, cap - royalty - shortfall);
    }
    return {
      store,
      salesCents: sales,
      royaltyCents: royalty,
      shortfallCents: shortfall,
      marketingCents: marketing,
    };
  };
  if ((rules.pooling ?? 'pooled') === 'per_store') {
    const units: UnitCharge[] = [];
    for (let i = 0; i < cents.length; i += 1) units.push(charge(i, cents[i]!, before[i] ?? 0));
    return units;
  }
  const { sum, beforeSum } = unitSales(cents, before);
  return [charge(null, sum, beforeSum, rules.pooling === 'franchisee' ? share : undefined)];
}

/** The stores' sales of a period together (null when one is missing) and their tier-year sales before it. */
export function unitSales(
  cents: ArrayLike<number | null>,
  before: ArrayLike<number>,
): { sum: number | null; beforeSum: number } {
  let sum: number | null = 0;
  let beforeSum = 0;
  for (let i = 0; i < cents.length; i += 1) {
    const c = cents[i]!;
    sum = sum === null || c === null ? null : sum + c;
    beforeSum += before[i] ?? 0;
  }
  return { sum, beforeSum };
}

/**
 * Under `franchisee` pooling, each pooled agreement's share of one period's royalty (before its own minimum and
 * cap): the tiers (the pool's common terms, `rules`) read the agreements' combined sales of the period (year to
 * date, from their combined tier-year sales before it), and the royalty is allocated back in proportion to each
 * agreement's sales of the period, in whole cents by the largest remainder (ties to the earlier agreement), so
 * the shares add up to the pooled royalty exactly. Agreements with no sales (or negative corrections) weigh
 * nothing, unless none has sales, when all weigh alike. One agreement's missing report (a null in `sales`)
 * holds the whole pool back: every share is null, as one missing store holds a pooled agreement back.
 */
export function franchiseeShares(
  rules: RoyaltyRules,
  sales: ArrayLike<number | null>,
  before: ArrayLike<number>,
): Array<number | null> {
  const { sum, beforeSum } = unitSales(sales, before);
  if (sum === null) return Array.from({ length: sales.length }, () => null);
  const royalty = tieredSorted(rules.tierBasis ?? 'period', sum, beforeSum, rules.percent, rules.ascending);
  const weights: bigint[] = Array.from(sales, (s) => BigInt(Math.max(0, s ?? 0)));
  if (!weights.some((w) => w > 0n)) weights.fill(1n);
  return allocate(royalty, weights);
}

/**
 * `total` cents split in proportion to `weights` (not all zero) by the largest remainder: each part the floor
 * of its exact share, then a cent more to the largest fractions until the parts make `total` (in BigInt, as
 * cents × sales can pass 2^53).
 */
export function allocate(total: number, weights: bigint[]): number[] {
  const sign = total < 0 ? -1 : 1;
  const whole = BigInt(Math.abs(total));
  const weight = weights.reduce((a, b) => a + b, 0n);
  const parts = weights.map((w) => (whole * w) / weight);
  const fractions = weights.map((w, index) => ({ index, rest: (whole * w) % weight }));
  let left = Number(whole - parts.reduce((a, b) => a + b, 0n));
  fractions.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of fractions) {
    if (left <= 0) break;
    parts[index] = parts[index]! + 1n;
    left -= 1;
  }
  return parts.map((p) => sign * Number(p));
}

export type RoyaltyResult = {
  /** The periods with anything charged (a period whose every unit waits on a missing report is left out). */
  periods: number;
  salesCents: number;
  royaltyCents: number;
  topUpCents: number;
  marketingCents: number;
  totalCents: number;
};

export const emptyRoyaltyResult = (): RoyaltyResult => ({
  periods: 0,
  salesCents: 0,
  royaltyCents: 0,
  topUpCents: 0,
  marketingCents: 0,
  totalCents: 0,
});

/** Adds one period's charges to `result`; whether anything in it was charged. */
export function addCharges(result: RoyaltyResult, charges: UnitCharge[]): boolean {
  let charged = false;
  for (const unit of charges) {
    if (unit.salesCents === null) continue;
    charged = true;
    result.salesCents += unit.salesCents;
    result.royaltyCents += unit.royaltyCents;
    result.topUpCents += unit.shortfallCents;
    result.marketingCents += unit.marketingCents;
    result.totalCents += unit.royaltyCents + unit.shortfallCents + unit.marketingCents;
  }
  if (charged) result.periods += 1;
  return charged;
}

/**
 * Royalties due over [from, to] for one store or the stores pooled. `salesByPeriod` maps a reporting
 * period's first day to that period's sales (the caller buckets with `periodStartOf`).
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

/** The same over given periods and their sales (index for index); `before` holds, year to date, each period's tier-year sales before it. */
export function royaltiesOverPeriods(
  terms: RoyaltyTerms,
  periods: Period[],
  sales: ArrayLike<number>,
  before?: ArrayLike<number>,
): RoyaltyResult {
  const rules = royaltyRules(terms);
  const result = emptyRoyaltyResult();
  for (let i = 0; i < periods.length; i += 1)
    addCharges(result, periodCharges(rules, periods[i]!, [sales[i] ?? 0], [before?.[i] ?? 0]));
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
