import type { PercentageRentYear } from '@storekeep/contracts';
import {
  breakpointOf,
  monthsOf,
  percentageRentCents,
  type LeaseYear,
  type PercentageLease,
  type SalesFigure,
  type TermsCents,
} from './calculations';

const dollars = (cents: number) => cents / 100;

/**
 * One lease year's percentage rent with every reading that made it: the lease's own statement and the
 * portfolio report both answer through this, so the two can never disagree.
 */
export function percentageRentYear(
  lease: PercentageLease,
  terms: TermsCents,
  year: LeaseYear,
  figures: SalesFigure[],
  today: string,
): PercentageRentYear {
  const breakpoint = breakpointOf(lease, terms, year);
  const months = monthsOf(year, figures, today);
  const salesCents = months.reduce((sum, m) => sum + (m.cents ?? 0), 0);
  const missing = months.filter((m) => m.status === 'not_reported').map((m) => m.month);
  const ended = year.end < today;
  return {
    lease_year: year.number,
    start: year.start,
    end: year.end,
    days: year.days,
    full_year_days: year.fullDays,
    partial: year.days < year.fullDays,
    base_rent: dollars(breakpoint.baseRentCents),
    breakpoint: breakpoint.cents === null ? null : dollars(breakpoint.cents),
    breakpoint_basis: breakpoint.basis,
    sales_reported: dollars(salesCents),
    months: months.map((m) => ({
      month: m.month,
      status: m.status,
      sales: m.cents === null ? null : dollars(m.cents),
    })),
    missing_months: missing,
    complete: ended && missing.length === 0,
    ended,
    rent_due: dollars(
      percentageRentCents(salesCents, breakpoint.cents, lease.rate, terms.tiers, {
        ...year,
        prorate: breakpoint.prorate,
      }),
    ),
  };
}

/** Whether a year's figure is final, in the words the statement and the report print beside it. */
export function yearStatus(year: Pick<PercentageRentYear, 'ended' | 'missing_months'>): string {
  if (!year.ended) return 'Provisional: the lease year has not ended';
  if (year.missing_months.length) return `Provisional: ${year.missing_months.length} month(s) not reported`;
  return 'Final: every month reported';
}
