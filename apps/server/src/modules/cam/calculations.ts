/**
 * CAM reconciliation arithmetic, free of the database so each reading is unit-tested. Integer cents.
 *
 * - Lease years run 12 calendar months from rent commencement (else commencement), the last cut at
 *   expiration; years are listed once they have begun.
 * - Estimates paid over a year: the lease's monthly CAM charges per lease month, a month cut by the year's
 *   end paying its days over the month's days (half up), unless the tenant's figure is entered.
 * - The controllable cap grows from the base year's controllable amount: `compounding` applies the rate to
 *   last year's limit, rounded half up to the cent each year (as landlords' tables do); `cumulative` is the
 *   base × (1 + rate × years since the base year). Years before the base year have no limit.
 * - Billable = actual − what the controllable amount exceeds the limit by; variance = billable − estimates
 *   (positive: the tenant owes the difference; negative: a refund is due).
 * - The audit window closes N days after the statement's receipt: the day of receipt not counted
 *   (`exclusive`, the common reading) or counted as day 1 (`inclusive`), as the lease or the team says.
 */

import {
  addCalendarDays,
  addCalendarMonths,
  escalateCents,
  offsetDate,
  type CamCapMethod,
  type DayCount,
} from '@storekeep/contracts';

export type CamYearSpan = { number: number; start: string; end: string };

const DAY = 86_400_000;
const days = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;

export function camLeaseYears(
  lease: {
    commencement_date: string | null;
    rent_commencement_date: string | null;
    expiration_date: string | null;
  },
  today: string,
): CamYearSpan[] {
  const first = lease.rent_commencement_date ?? lease.commencement_date;
  if (!first) return [];
  const years: CamYearSpan[] = [];
  for (let n = 0; n < 200; n += 1) {
    const start = addCalendarMonths(first, 12 * n);
    if (start > today || (lease.expiration_date && start > lease.expiration_date)) break;
    const fullEnd = addCalendarDays(addCalendarMonths(first, 12 * (n + 1)), -1);
    const end = lease.expiration_date && lease.expiration_date < fullEnd ? lease.expiration_date : fullEnd;
    years.push({ number: n + 1, start, end });
  }
  return years;
}

/** Monthly charges over [start, end], per lease month from `start`; a cut month pays its share of days. */
export function estimatesOver(monthlyCents: number, start: string, end: string): number {
  let total = 0;
  for (let k = 0; k < 2400; k += 1) {
    const from = addCalendarMonths(start, k);
    if (from > end) break;
    const monthEnd = addCalendarDays(addCalendarMonths(start, k + 1), -1);
    if (monthEnd <= end) total += monthlyCents;
    else {
      const covered = BigInt(days(from, end));
      const whole = BigInt(days(from, monthEnd));
      total += Number((BigInt(monthlyCents) * covered * 2n + whole) / (whole * 2n));
    }
  }
  return total;
}

/** The controllable limit of `year` from the base year's controllable amount, or null before the base year. */
export function capLimit(
  baseCents: number,
  percent: number,
  method: CamCapMethod,
  baseYear: number,
  year: number,
): number | null {
  const steps = year - baseYear;
  if (steps < 0) return null;
  if (method === 'cumulative') return escalateCents(baseCents, percent * steps);
  let limit = baseCents;
  for (let i = 0; i < steps; i += 1) limit = escalateCents(limit, percent);
  return limit;
}

export function reconcile(input: {
  actualCents: number;
  controllableCents: number | null;
  estimatesCents: number;
  limitCents: number | null;
}): { overCapCents: number; billableCents: number; varianceCents: number } {
  const overCapCents =
    input.limitCents === null || input.controllableCents === null
      ? 0
      : Math.max(0, input.controllableCents - input.limitCents);
  const billableCents = input.actualCents - overCapCents;
  return { overCapCents, billableCents, varianceCents: billableCents - input.estimatesCents };
}

export const auditDeadline = (receivedOn: string, auditDays: number, dayCount: DayCount = 'exclusive') =>
  offsetDate(receivedOn, { amount: auditDays, unit: 'days', direction: 'after' }, dayCount);
