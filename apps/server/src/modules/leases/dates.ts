import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { isAfter } from 'date-fns/isAfter';
import { parseISO } from 'date-fns/parseISO';
import { subDays } from 'date-fns/subDays';
import { escalateCents, toCents } from '@storekeep/contracts';

/**
 * Lease date math on calendar dates (`YYYY-MM-DD`), through date-fns. Dates are parsed and formatted in
 * the same local zone, so no time-zone offset can move a day.
 */
const day = (iso: string) => parseISO(iso);
const iso = (date: Date) => format(date, 'yyyy-MM-dd');

/** "N days before expiration (or commencement)": the last day a notice can be delivered. */
export function noticeDeadline(base: string | null, noticeDays: number): string | null {
  return base ? iso(subDays(day(base), noticeDays)) : null;
}

export function daysBefore(date: string, days: number): string {
  return iso(subDays(day(date), days));
}

export type EscalationRow = { start_date: string; end_date: string; monthly_amount: number };

/**
 * Rent rows from a starting monthly amount raised every `everyMonths` by a fixed percent or amount, up
 * to the end date. Each step compounds on the rounded monthly amount of the step before (half-up to the
 * cent), as landlords' rent tables do. Periods are counted from the start each time (not chained), so a
 * term that starts on the 31st keeps month ends instead of drifting to the 28th.
 */
export function escalationRows(input: {
  start_date: string;
  end_date: string;
  monthly_amount: number;
  method: 'percent' | 'amount';
  value: number;
  every_months: number;
}): EscalationRow[] {
  const rows: EscalationRow[] = [];
  const start = day(input.start_date);
  const end = day(input.end_date);
  let cents = toCents(input.monthly_amount);
  const stepCents = toCents(input.value);
  for (let period = 0; period < 600; period += 1) {
    const from = addMonths(start, period * input.every_months);
    if (isAfter(from, end)) break;
    const next = addMonths(start, (period + 1) * input.every_months);
    const to = isAfter(next, end) ? end : subDays(next, 1);
    rows.push({ start_date: iso(from), end_date: iso(to), monthly_amount: cents / 100 });
    cents = input.method === 'percent' ? escalateCents(cents, input.value) : cents + stepCents;
  }
  return rows;
}

export const todayIso = () => iso(new Date());
export const addDaysIso = (date: string, days: number) => iso(addDays(day(date), days));
