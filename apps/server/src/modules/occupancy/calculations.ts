/**
 * Occupancy cost of a store over a window of whole calendar months, free of the database (decision 0027).
 * Amounts are integer cents; months `YYYY-MM`.
 *
 * - Rent and charges are what the lease's monthly payables schedule bills for those months (free rent
 *   abates rent, holdover at its rate, partial months by days): `payables/schedule.ts`.
 * - Percentage rent is each overlapping lease year's rent due attributed by its sales in the window
 *   (`percentage-rent/calculations.ts`).
 * - Sales are the figures whose first day falls in a window month; a month without any is missing, and a
 *   store with a missing month (or no sales at all) has no ratio.
 */

import { rentAndChargesOver, type PayableLease } from '../payables/index';
import {
  percentageRentWithin,
  type PercentageLease,
  type SalesFigure,
  type TermsCents,
} from '../percentage-rent/index';

export type Window = { start: string; end: string; months: string[] };

export type LeaseCost = {
  id: number;
  reference: string | null;
  rent_cents: number;
  charges_cents: number;
  percentage_cents: number;
};

export type OccupancyCents = {
  rent_cents: number;
  charges_cents: number;
  percentage_cents: number;
  occupancy_cents: number;
  sales_cents: number;
  ratio: number | null;
  missing_months: string[];
  leases: LeaseCost[];
};

export function leaseCost(
  lease: PayableLease & PercentageLease & { id: number; reference: string | null },
  terms: TermsCents,
  sales: SalesFigure[],
  today: string,
  window: Window,
): LeaseCost {
  const billed = rentAndChargesOver(lease, window.start, window.end);
  return {
    id: lease.id,
    reference: lease.reference,
    rent_cents: billed.rent_cents,
    charges_cents: billed.charges_cents,
    percentage_cents: percentageRentWithin(lease, terms, sales, today, window),
  };
}

export function storeOccupancy(leases: LeaseCost[], sales: SalesFigure[], window: Window): OccupancyCents {
  const sum = (pick: (l: LeaseCost) => number) => leases.reduce((total, l) => total + pick(l), 0);
  const rent = sum((l) => l.rent_cents);
  const charges = sum((l) => l.charges_cents);
  const percentage = sum((l) => l.percentage_cents);
  const reported = new Set<string>();
  let salesCents = 0;
  for (const figure of sales) {
    const month = figure.period_start.slice(0, 7);
    if (!window.months.includes(month)) continue;
    reported.add(month);
    salesCents += figure.gross_cents;
  }
  const missing = window.months.filter((month) => !reported.has(month));
  const occupancy = rent + charges + percentage;
  return {
    rent_cents: rent,
    charges_cents: charges,
    percentage_cents: percentage,
    occupancy_cents: occupancy,
    sales_cents: salesCents,
    ratio: missing.length === 0 && salesCents > 0 ? occupancy / salesCents : null,
    missing_months: missing,
    leases,
  };
}
