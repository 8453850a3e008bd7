import { addCalendarDays, addCalendarMonths } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import type { TeamScope } from '../../platform/policy';
import {
  billableAgreements,
  estimateFrom,
  estimationPeriods,
  reportingPeriods,
  royaltyTerm,
  salesOfStores,
  tierSalesFrom,
  type BillableAgreement,
  type Period,
  type ReportingFrequency,
  type Tier,
  type TierYear,
} from '../sales/index';
import type { BilledAgreement, StorePeriodSales } from './calculations';

export const frequencyOf = (value: string | null): ReportingFrequency =>
  value === 'weekly' || value === 'quarterly' || value === 'annually' ? value : 'monthly';

/** The agreement's reporting periods that end in [from, to] (a week belongs to the month of its Sunday). */
export function periodsEndingIn(frequency: ReportingFrequency, from: string, to: string): Period[] {
  return reportingPeriods(frequency, from, to).filter((p) => p.end >= from && p.end <= to);
}

/** Tiers are stored in dollars (`from_sales`); billing works in cents. */
function tiersOf(json: string | null): Tier[] {
  if (!json) return [];
  const parsed = JSON.parse(json) as Array<{ from_sales: number; percent: number }>;
  return parsed.map((t) => ({ from_cents: Math.round(t.from_sales * 100), percent: t.percent }));
}

export function billedAgreement(a: BillableAgreement): BilledAgreement {
  const term = royaltyTerm(a);
  return {
    id: a.id,
    number: a.agreement_number,
    frequency: frequencyOf(a.reporting_frequency),
    percent: a.royalty_percent === null ? null : Number(a.royalty_percent),
    tiers: tiersOf(a.royalty_tiers),
    minimumCents: a.royalty_minimum_cents === null ? null : Number(a.royalty_minimum_cents),
    marketingPercent: a.marketing_percent === null ? null : Number(a.marketing_percent),
    technologyFeeCents: a.technology_fee_cents === null ? null : Number(a.technology_fee_cents),
    termStart: term.start,
    termEnd: term.end,
  };
}

/** A store's sales rows by start day, sorted, for sums over any period. */
class StoreSales {
  private readonly days: string[] = [];
  private readonly cents: number[] = [];
  constructor(rows: Array<{ period_start: string; gross_cents: number }>) {
    const sorted = [...rows].sort((a, b) => (a.period_start < b.period_start ? -1 : 1));
    for (const r of sorted) {
      this.days.push(r.period_start);
      this.cents.push(r.gross_cents);
    }
  }
  private lowerBound(day: string) {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid]! < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** The sum of rows starting in [from, to], or null when there is none (nothing was reported). */
  sum(from: string, to: string): number | null {
    let index = this.lowerBound(from);
    if (index >= this.days.length || this.days[index]! > to) return null;
    let total = 0;
    for (; index < this.days.length && this.days[index]! <= to; index += 1) total += this.cents[index]!;
    return total;
  }
}

export type AgreementPeriods = {
  agreement: BillableAgreement;
  billed: BilledAgreement;
  stores: Array<{ id: number; name: string }>;
  periods: Array<{ period: Period; tiersFrom: string; stores: StorePeriodSales[] }>;
};

/**
 * Every scoped open agreement of a franchisee with its periods ending in [from, to] within its term and, per store, the
 * sales reported in each (or an estimate from its last three reported periods, or nothing: missing), and the
 * store's reported sales earlier in the period's tier year (`tierYearOf` the agreement's brand: the calendar
 * year unless given), from `tiersFrom`.
 */
export async function agreementPeriods(
  db: Executor,
  scope: TeamScope,
  franchiseeIds: number[] | null,
  from: string,
  to: string,
  tierYearOf: (brandId: number) => TierYear = () => 'calendar',
): Promise<AgreementPeriods[]> {
  const { agreements, stores } = await billableAgreements(db, scope, franchiseeIds);
  const storesOf = new Map<number, Array<{ id: number; name: string }>>();
  for (const s of stores)
    (storesOf.get(s.agreement_id) ?? storesOf.set(s.agreement_id, []).get(s.agreement_id)!).push({
      id: s.store_id,
      name: s.name,
    });
  // Estimates look a year back from the earliest period; year-to-date sums start within its tier year.
  const earliest = addCalendarMonths(`${from.slice(0, 7)}-01`, -15);
  const rows = await salesOfStores(
    db,
    scope.teamId,
    [...new Set(stores.map((s) => s.store_id))],
    earliest,
    to,
  );
  const byStore = new Map<number, Array<{ period_start: string; gross_cents: number }>>();
  for (const r of rows) (byStore.get(r.store_id) ?? byStore.set(r.store_id, []).get(r.store_id)!).push(r);
  const sales = new Map<number, StoreSales>();
  const salesOf = (storeId: number) =>
    sales.get(storeId) ?? sales.set(storeId, new StoreSales(byStore.get(storeId) ?? [])).get(storeId)!;
  const historyCache = new Map<string, Period[]>();
  const history = (frequency: ReportingFrequency, period: Period) => {
    const key = `${frequency}|${period.start}`;
    return historyCache.get(key) ?? historyCache.set(key, estimationPeriods(frequency, period)).get(key)!;
  };
  const periodsCache = new Map<ReportingFrequency, Period[]>();
  return agreements.map((agreement) => {
    const billed = billedAgreement(agreement);
    // A period wholly before the agreement's term began or after it ended owes no report and no royalty: the
    // franchisee did not trade under this agreement then.
    const periods = (
      periodsCache.get(billed.frequency) ??
      periodsCache.set(billed.frequency, periodsEndingIn(billed.frequency, from, to)).get(billed.frequency)!
    ).filter(
      (period) =>
        (billed.termStart === null || period.end >= billed.termStart) &&
        (billed.termEnd === null || period.start <= billed.termEnd),
    );
    const own = storesOf.get(agreement.id) ?? [];
    const tierYear = tierYearOf(agreement.brand_id);
    const { anniversary } = royaltyTerm(agreement);
    return {
      agreement,
      billed,
      stores: own,
      periods: periods.map((period) => {
        const tiersFrom = tierSalesFrom(billed.frequency, tierYear, period.start, anniversary);
        return {
          period,
          tiersFrom,
          stores: own.map((store): StorePeriodSales => {
            const s = salesOf(store.id);
            const yearBeforeCents =
              tiersFrom < period.start ? (s.sum(tiersFrom, addCalendarDays(period.start, -1)) ?? 0) : 0;
            const reported = s.sum(period.start, period.end);
            if (reported !== null)
              return {
                storeId: store.id,
                storeName: store.name,
                cents: reported,
                basis: 'reported',
                yearBeforeCents,
              };
            const past = history(billed.frequency, period).flatMap((p) => s.sum(p.start, p.end) ?? []);
            const estimate = estimateFrom(past);
            return {
              storeId: store.id,
              storeName: store.name,
              cents: estimate,
              basis: estimate === null ? 'missing' : 'estimated',
              yearBeforeCents,
            };
          }),
        };
      }),
    };
  });
}
