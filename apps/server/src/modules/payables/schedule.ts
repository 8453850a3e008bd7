/**
 * The payment lines a lease owes, free of the database so each reading is unit-tested. Amounts are integer
 * cents; dates ISO strings compared as text.
 *
 * - Billing periods are calendar months, quarters (January, April, July, October) or years, or with
 *   `periods: anniversary` lease months, quarters and years counted from the commencement day. A line covers
 *   the part of a period inside the lease's paying span: from rent commencement (else commencement) to
 *   expiration, and past expiration while the lease is in holdover.
 * - Each billing month of a line pays its monthly amount × the days covered ÷ the month's days, split where
 *   the rent row, free rent or holdover changes, each piece rounded half up to the cent, then summed.
 * - Free-rent days pay no base rent (charges still run); a period wholly free gives a zero line that says so.
 * - Charges give one line per charge kind: a lease's charges are rewritten whole on every save and carry no
 *   identity of their own, so the kind is the only key that survives reordering and removal; two charges of
 *   one kind (which nothing tells apart) pay as one line that says so.
 * - Past expiration in holdover: the last rent row × the holdover rate (150 = 150 %, half up), on a line of
 *   its own.
 * - Due: in advance on the due day of the calendar month the period starts in (never before the line's first
 *   day), in arrears on the due day of the calendar month the next period starts in; a due day past the month's end is its last day.
 *   A line belongs to the period (`YYYY-MM`) of its due date.
 */

import {
  addCalendarDays,
  addCalendarMonths,
  escalateCents,
  monthlyRowCents,
  type PayableFrequency,
  type PayablePeriods,
  type PayableTiming,
} from '@storekeep/contracts';

export type PayableLease = {
  status: string;
  commencement_date: string | null;
  rent_commencement_date: string | null;
  expiration_date: string | null;
  rentable_sqft: number | null;
  holdover_rate: number | null;
  free_rent_until: string | null;
  rent: Array<{
    start_date: string;
    end_date: string;
    monthly_cents: number | null;
    per_sqft_cents: number | null;
  }>;
  charges: Array<{ kind: string; monthly_cents: number }>;
};

export type PaymentTermsValues = {
  frequency: PayableFrequency;
  timing: PayableTiming;
  due_day: number;
  /** `calendar` (absent: the default) or `anniversary`: months counted from the lease's commencement day. */
  periods?: PayablePeriods;
};

export type ScheduledLine = {
  /** Stable per lease and period: `rent`, `holdover`, or `charge:<kind>`. */
  source: string;
  kind: 'rent' | 'holdover' | 'charge';
  charge_kind: string | null;
  service_start: string;
  service_end: string;
  due_date: string;
  cents: number;
  note: string | null;
};

const DAY = 86_400_000;
const days = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;
const monthEnd = (date: string) => addCalendarDays(addCalendarMonths(`${date.slice(0, 7)}-01`, 1), -1);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const halfUp = (cents: number, part: number, whole: number) =>
  Number((BigInt(cents) * BigInt(part) * 2n + BigInt(whole)) / (BigInt(whole) * 2n));
const money = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const MONTHS: Record<PayableFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

type Span = { start: string; end: string };
/** The billing month holding a date: a calendar month, or a lease month counted from an anniversary day. */
type MonthOf = (date: string) => Span;

const calendarMonth: MonthOf = (date) => ({ start: `${date.slice(0, 7)}-01`, end: monthEnd(date) });

/** Whole months from `anchor` to the last anniversary of it on or before `date` (negative before it). */
function monthsSince(anchor: string, date: string): number {
  let k =
    (Number(date.slice(0, 4)) - Number(anchor.slice(0, 4))) * 12 +
    Number(date.slice(5, 7)) -
    Number(anchor.slice(5, 7));
  if (addCalendarMonths(anchor, k) > date) k -= 1;
  return k;
}

/** `n`-month spans counted from `anchor` (each step from the anchor itself, so the 31st stays the 31st). */
function anniversarySpan(anchor: string, date: string, n: number): Span {
  const k = Math.floor(monthsSince(anchor, date) / n) * n;
  return { start: addCalendarMonths(anchor, k), end: addCalendarDays(addCalendarMonths(anchor, k + n), -1) };
}

/** The anniversary day periods count from: commencement, else rent commencement; null for calendar terms. */
function anchorOf(
  lease: Pick<PayableLease, 'commencement_date' | 'rent_commencement_date'>,
  terms: PaymentTermsValues,
): string | null {
  return terms.periods === 'anniversary' ? (lease.commencement_date ?? lease.rent_commencement_date) : null;
}

const ordinal = (day: number) =>
  day === 31
    ? 'last day'
    : `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`;
const UNIT: Record<PayableFrequency, string> = { monthly: 'month', quarterly: 'quarter', yearly: 'year' };

/**
 * The terms in words, as the form shows them beside the figures: "Quarterly in arrears, due on the 5th of
 * the month after each quarter · calendar quarters", or with anniversary periods the lines' own note,
 * "Lease months from day 15".
 */
export function termsReading(
  lease: Pick<PayableLease, 'commencement_date' | 'rent_commencement_date'>,
  terms: PaymentTermsValues,
): string {
  const anniversary = terms.periods === 'anniversary';
  const unit = `${anniversary ? 'lease ' : ''}${UNIT[terms.frequency]}`;
  const frequency = terms.frequency[0]!.toUpperCase() + terms.frequency.slice(1);
  const day = `due on the ${ordinal(terms.due_day)}`;
  const calendarMonths = !anniversary && terms.frequency === 'monthly';
  const due =
    terms.timing === 'advance'
      ? `in advance, ${day} ${calendarMonths ? 'of each month' : `of the month each ${unit} starts`}`
      : `in arrears, ${day} ${calendarMonths ? 'of the next month' : `of the month after each ${unit}`}`;
  const anchor = anchorOf(lease, terms);
  const periods = !anniversary
    ? `calendar ${unit}s`
    : anchor
      ? `Lease months from day ${Number(anchor.slice(8))}`
      : 'Lease months from the commencement day (none entered yet)';
  return `${frequency} ${due} · ${periods}`;
}

const monthOfTerms = (anchor: string | null): MonthOf =>
  anchor ? (date) => anniversarySpan(anchor, date, 1) : calendarMonth;

/** The billing period holding `date`: calendar months, quarters and years, or counted from `anchor`. */
function periodOf(frequency: PayableFrequency, date: string, anchor: string | null = null): Span {
  if (anchor) return anniversarySpan(anchor, date, MONTHS[frequency]);
  const [y, m] = date.split('-').map(Number) as [number, number];
  const first = frequency === 'monthly' ? m : frequency === 'quarterly' ? m - ((m - 1) % 3) : 1;
  const start = `${y}-${String(first).padStart(2, '0')}-01`;
  return { start, end: addCalendarDays(addCalendarMonths(start, MONTHS[frequency]), -1) };
}

export function dueDateIn(month: string, dueDay: number): string {
  const last = Number(monthEnd(`${month}-01`).slice(8));
  return `${month}-${String(Math.min(dueDay, last)).padStart(2, '0')}`;
}

/** Sum over the billing months of [start, end] of `monthly(day)` × covered days ÷ the month's days. */
function prorated(
  start: string,
  end: string,
  monthly: (monthStart: string) => number,
  monthOf: MonthOf = calendarMonth,
): number {
  let total = 0;
  for (let from = start; from <= end;) {
    const month = monthOf(from);
    const to = earlier(month.end, end);
    const whole = days(month.start, month.end);
    const covered = days(from, to);
    const amount = monthly(from);
    total += covered === whole ? amount : halfUp(amount, covered, whole);
    from = addCalendarDays(to, 1);
  }
  return total;
}

/** Base rent over [start, end], split at each rent row's bounds (a day no row covers pays nothing). */
function rentOver(lease: PayableLease, start: string, end: string, monthOf: MonthOf): number {
  let total = 0;
  for (const row of lease.rent) {
    const from = later(row.start_date, start);
    const to = earlier(row.end_date, end);
    if (from > to) continue;
    const monthly = monthlyRowCents(row, lease.rentable_sqft);
    total += prorated(from, to, () => monthly, monthOf);
  }
  return total;
}

function holdoverMonthly(lease: PayableLease): { cents: number; base: number; rate: number } | null {
  const last = [...lease.rent].sort((a, b) => (a.start_date < b.start_date ? -1 : 1)).at(-1);
  if (!last) return null;
  const base = monthlyRowCents(last, lease.rentable_sqft);
  const rate = lease.holdover_rate ?? 100;
  return { cents: escalateCents(base, rate - 100), base, rate };
}

/** The lease's charges grouped by kind, in the order each kind first appears. */
function chargesByKind(charges: PayableLease['charges']): Map<string, PayableLease['charges']> {
  const groups = new Map<string, PayableLease['charges']>();
  for (const charge of charges) groups.set(charge.kind, [...(groups.get(charge.kind) ?? []), charge]);
  return groups;
}

/** Every line of one billing period (empty when the lease pays nothing in it). */
function linesOfPeriod(
  lease: PayableLease,
  terms: PaymentTermsValues,
  period: { start: string; end: string },
): ScheduledLine[] {
  const first = lease.rent_commencement_date ?? lease.commencement_date;
  if (!first) return [];
  const anchor = anchorOf(lease, terms);
  const monthOf = monthOfTerms(anchor);
  const anniversaryNote = anchor ? `Lease months from day ${Number(anchor.slice(8))}` : null;
  const inHoldover = lease.status === 'holdover';
  const scheduledEnd = lease.expiration_date;
  const start = later(period.start, first);
  const end = scheduledEnd && !inHoldover ? earlier(period.end, scheduledEnd) : period.end;
  if (start > end) return [];
  const due =
    terms.timing === 'advance'
      ? later(dueDateIn(period.start.slice(0, 7), terms.due_day), start)
      : dueDateIn(addCalendarMonths(period.start, MONTHS[terms.frequency]).slice(0, 7), terms.due_day);
  const partial = start !== period.start || end !== period.end;
  const partialNote =
    [
      anniversaryNote,
      partial ? `Prorated: ${days(start, end)} of ${days(period.start, period.end)} days` : null,
    ]
      .filter(Boolean)
      .join('; ') || null;
  const lines: ScheduledLine[] = [];
  const line = (l: Omit<ScheduledLine, 'due_date'>) => lines.push({ ...l, due_date: due });

  // The part within the term (up to expiration), and the part in holdover after it.
  const termEnd = scheduledEnd ? earlier(end, scheduledEnd) : end;
  const holdStart = scheduledEnd && inHoldover ? later(start, addCalendarDays(scheduledEnd, 1)) : null;

  if (start <= termEnd) {
    const freeUntil =
      lease.free_rent_until && lease.free_rent_until >= start
        ? earlier(lease.free_rent_until, termEnd)
        : null;
    const paidFrom = freeUntil ? addCalendarDays(freeUntil, 1) : start;
    const cents = paidFrom <= termEnd ? rentOver(lease, paidFrom, termEnd, monthOf) : 0;
    const hasRent = lease.rent.some((r) => r.start_date <= termEnd && r.end_date >= start);
    if (hasRent || freeUntil) {
      const notes = [
        freeUntil
          ? cents === 0
            ? `Free rent to ${lease.free_rent_until}: no base rent due`
            : `Free rent to ${lease.free_rent_until}`
          : null,
        partialNote,
      ].filter(Boolean);
      line({
        source: 'rent',
        kind: 'rent',
        charge_kind: null,
        service_start: start,
        service_end: termEnd,
        cents,
        note: notes.join('; ') || null,
      });
    }
  }
  if (holdStart && holdStart <= end) {
    const holdover = holdoverMonthly(lease);
    if (holdover)
      line({
        source: 'holdover',
        kind: 'holdover',
        charge_kind: null,
        service_start: holdStart,
        service_end: end,
        cents: prorated(holdStart, end, () => holdover.cents, monthOf),
        note: [`Holdover at ${holdover.rate} % of ${money(holdover.base)} a month`, anniversaryNote]
          .filter(Boolean)
          .join('; '),
      });
  }
  for (const [kind, charges] of chargesByKind(lease.charges)) {
    const monthly = charges.reduce((sum, c) => sum + c.monthly_cents, 0);
    const combined =
      charges.length > 1
        ? `${charges.length} charges: ${charges.map((c) => money(c.monthly_cents)).join(' + ')} a month`
        : null;
    line({
      source: `charge:${kind}`,
      kind: 'charge',
      charge_kind: kind,
      service_start: start,
      service_end: end,
      cents: prorated(start, end, () => monthly, monthOf),
      note: [combined, partialNote].filter(Boolean).join('; ') || null,
    });
  }
  return lines;
}

/** The lines whose due date falls in `month` (YYYY-MM). */
export function linesDueIn(lease: PayableLease, terms: PaymentTermsValues, month: string): ScheduledLine[] {
  const lines: ScheduledLine[] = [];
  const seen = new Set<string>();
  // A line due in `month` belongs to a period that starts at most a year before it (arrears, yearly).
  for (let k = -13; k <= 1; k += 1) {
    const period = periodOf(terms.frequency, addCalendarMonths(`${month}-01`, k), anchorOf(lease, terms));
    if (seen.has(period.start)) continue;
    seen.add(period.start);
    for (const line of linesOfPeriod(lease, terms, period))
      if (line.due_date.startsWith(month)) lines.push(line);
  }
  return lines;
}

/**
 * What a lease costs over the whole calendar months from `start` to `end` as the monthly schedule bills it:
 * base rent (holdover included, free rent not) and charges, each summed exactly as the payables' lines are.
 */
export function rentAndChargesOver(
  lease: PayableLease,
  start: string,
  end: string,
): { rent_cents: number; charges_cents: number } {
  const totals = { rent_cents: 0, charges_cents: 0 };
  const terms: PaymentTermsValues = { frequency: 'monthly', timing: 'advance', due_day: 1 };
  for (let month = `${start.slice(0, 7)}-01`; month <= end; month = addCalendarMonths(month, 1)) {
    for (const line of linesOfPeriod(lease, terms, periodOf('monthly', month))) {
      if (line.kind === 'charge') totals.charges_cents += line.cents;
      else totals.rent_cents += line.cents;
    }
  }
  return totals;
}
