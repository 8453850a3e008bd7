import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { differenceInMonths } from 'date-fns/differenceInMonths';
import { format } from 'date-fns/format';
import { getDay } from 'date-fns/getDay';
import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';
import { parseISO } from 'date-fns/parseISO';
import { subMonths } from 'date-fns/subMonths';
import { MONTH_NAMES } from './constants';

/**
 * The critical-date engine: how a lease's or agreement's notice dates follow from its terms. Pure functions
 * on calendar dates (`YYYY-MM-DD`), shared by the server (reminders, scans, the API's provenance) and the
 * web app (form previews), so both sides always compute the same day.
 *
 * Conventions where leases and guides differ are explicit inputs with the common default, and every
 * computed date carries what it was computed from and why it moved (`ComputedDate`).
 */

export type IsoDate = string;

export const OFFSET_UNITS = ['days', 'months', 'years'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];
export const OFFSET_DIRECTIONS = ['before', 'after'] as const;
export type OffsetDirection = (typeof OFFSET_DIRECTIONS)[number];
/** What a notice date is counted from. `term_end` is the end of the term an option would renew. */
export const DATE_ANCHORS = [
  'expiration',
  'commencement',
  'rent_commencement',
  'term_end',
  'fixed_date',
  'end_of_term_month',
] as const;
export type DateAnchor = (typeof DATE_ANCHORS)[number];
/** What happens to a date that falls on a weekend or holiday. */
export const BUSINESS_DAY_RULES = ['none', 'previous', 'next'] as const;
export type BusinessDayRule = (typeof BUSINESS_DAY_RULES)[number];
/**
 * How lease months count after a mid-month commencement: `anniversary` counts from the commencement day
 * (month 1 of a lease starting 15 March ends 14 April); `first_full_month` treats the stub as extra and
 * month 1 as the first full calendar month (April).
 */
export const LEASE_MONTH_CONVENTIONS = ['anniversary', 'first_full_month'] as const;
export type LeaseMonthConvention = (typeof LEASE_MONTH_CONVENTIONS)[number];
/**
 * Whether "within N days after X" counts X itself as day 1. The common reading (`exclusive`) does not:
 * day N after X is X + N, and "N days before X" is X − N.
 */
export const DAY_COUNTS = ['exclusive', 'inclusive'] as const;
export type DayCount = (typeof DAY_COUNTS)[number];

export const DEFAULT_LEASE_MONTH_CONVENTION: LeaseMonthConvention = 'anniversary';
export const DEFAULT_DAY_COUNT: DayCount = 'exclusive';

const parse = (date: IsoDate) => parseISO(date);
const iso = (date: Date): IsoDate => format(date, 'yyyy-MM-dd');

/**
 * Calendar-month arithmetic: when the day does not exist in the target month, the month's last day
 * (2026-12-31 − 6 months = 2026-06-30). No "end of month" snapping: 2026-06-30 + 6 months is 2026-12-30.
 */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  return iso(addMonths(parse(date), months));
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return iso(addDays(parse(date), days));
}

export type Offset = { amount: number; unit: OffsetUnit; direction: OffsetDirection };

/** A date N days, months or years before or after another, each from the anchor itself. */
export function offsetDate(anchor: IsoDate, offset: Offset, dayCount: DayCount = DEFAULT_DAY_COUNT): IsoDate {
  const sign = offset.direction === 'before' ? -1 : 1;
  if (offset.unit === 'days') {
    // Counting the anchor as day 1 moves day N one step toward the anchor (never past it).
    const steps = dayCount === 'inclusive' && offset.amount > 0 ? offset.amount - 1 : offset.amount;
    return iso(addDays(parse(anchor), sign * steps));
  }
  const months = offset.unit === 'years' ? offset.amount * 12 : offset.amount;
  return iso(sign < 0 ? subMonths(parse(anchor), months) : addMonths(parse(anchor), months));
}

/**
 * Whole months of a term that runs through its expiration date: 2024-03-01 to 2027-02-28 is 36 months,
 * 2024-01-01 to 2033-12-31 is 120. The one definition the form, the detail page and the server use.
 */
export function leaseTermMonths(
  commencement: IsoDate | null | undefined,
  expiration: IsoDate | null | undefined,
): number | null {
  if (!commencement || !expiration || expiration < commencement) return null;
  return differenceInMonths(addDays(parse(expiration), 1), parse(commencement));
}

/**
 * The last day of lease month `month` (1-based) of a term that starts on `commencement`, under the chosen
 * convention. With a first-of-month start both conventions agree.
 */
export function endOfLeaseMonth(
  commencement: IsoDate,
  month: number,
  convention: LeaseMonthConvention = DEFAULT_LEASE_MONTH_CONVENTION,
): IsoDate {
  const start = parse(commencement);
  if (convention === 'first_full_month' && start.getDate() !== 1) {
    return iso(lastDayOfMonth(addMonths(start, month)));
  }
  return iso(addDays(addMonths(start, month), -1));
}

/**
 * A renewal term begins the day after the term before it ends and ends the day before the anniversary of
 * its first day (a 5-year renewal of a lease ending 2026-12-31 runs 2027-01-01 … 2031-12-31).
 */
export function renewalTerm(previousEnd: IsoDate, lengthMonths: number): { start: IsoDate; end: IsoDate } {
  const start = addDays(parse(previousEnd), 1);
  return { start: iso(start), end: iso(addDays(addMonths(start, lengthMonths), -1)) };
}

/** The end of the term after `renewals` successive renewals of `lengthMonths` each. */
export function termEndAfterRenewals(expiration: IsoDate, lengthMonths: number, renewals: number): IsoDate {
  let end = expiration;
  for (let n = 0; n < renewals; n += 1) end = renewalTerm(end, lengthMonths).end;
  return end;
}

// ---------------------------------------------------------------------------------------------------------
// Business days and holidays

export type Holiday = { date: IsoDate; name: string };
export const HOLIDAY_CALENDARS = ['us_federal', 'none'] as const;
export type HolidayCalendarBase = (typeof HOLIDAY_CALENDARS)[number];
/** A team's calendar: a built-in base, the team's own closures, and base holidays it does not observe. */
export type HolidayCalendar = { base: HolidayCalendarBase; added: Holiday[]; removed: IsoDate[] };
export const DEFAULT_HOLIDAY_CALENDAR: HolidayCalendar = { base: 'us_federal', added: [], removed: [] };

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The n-th (1-based) given weekday of a month, or the last one with n = -1. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = new Date(year, month, 1);
    return new Date(year, month, 1 + ((weekday - first.getDay() + 7) % 7) + (n - 1) * 7);
  }
  const last = lastDayOfMonth(new Date(year, month, 1));
  return new Date(year, month, last.getDate() - ((last.getDay() - weekday + 7) % 7));
}

/** A fixed-date holiday on a weekend is observed on the Friday before (Saturday) or the Monday after (Sunday). */
function observed(date: Date): Date {
  const weekday = date.getDay();
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

/**
 * US federal holidays as observed (5 U.S.C. 6103 and the observance rule): a Saturday New Year's Day is
 * observed on the Friday before, in the previous year, so that year's list includes it. Juneteenth only
 * from 2021, when it became a federal holiday.
 */
export function usFederalHolidays(year: number): Holiday[] {
  const holidays: Array<[Date, string]> = [
    [observed(new Date(year, 0, 1)), 'New Year’s Day'],
    [nthWeekday(year, 0, 1, 3), 'Birthday of Martin Luther King, Jr.'],
    [nthWeekday(year, 1, 1, 3), 'Washington’s Birthday'],
    [nthWeekday(year, 4, 1, -1), 'Memorial Day'],
    [observed(new Date(year, 6, 4)), 'Independence Day'],
    [nthWeekday(year, 8, 1, 1), 'Labor Day'],
    [nthWeekday(year, 9, 1, 2), 'Columbus Day'],
    [observed(new Date(year, 10, 11)), 'Veterans Day'],
    [nthWeekday(year, 10, 4, 4), 'Thanksgiving Day'],
    [observed(new Date(year, 11, 25)), 'Christmas Day'],
    [observed(new Date(year + 1, 0, 1)), 'New Year’s Day'],
  ];
  if (year >= 2021) holidays.push([observed(new Date(year, 5, 19)), 'Juneteenth National Independence Day']);
  return holidays
    .map(([date, name]) => ({ date: iso(date), name }))
    .filter((holiday) => holiday.date.startsWith(`${year}-`))
    .sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Why a date is not a business day under the calendar, or null when it is one. */
export function nonBusinessReason(
  date: IsoDate,
  calendar: HolidayCalendar = DEFAULT_HOLIDAY_CALENDAR,
): string | null {
  const weekday = getDay(parse(date));
  if (weekday === 0 || weekday === 6) return WEEKDAY_NAMES[weekday]!;
  const added = calendar.added.find((holiday) => holiday.date === date);
  if (added) return added.name;
  if (calendar.base === 'us_federal' && !calendar.removed.includes(date)) {
    const holiday = usFederalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date);
    if (holiday) return holiday.name;
  }
  return null;
}

export type SkippedDay = { date: IsoDate; reason: string };
export type Roll = { rule: BusinessDayRule; from: IsoDate; skipped: SkippedDay[] };

/** Moves a date to the previous or next business day, recording each day passed over and why. */
export function rollToBusinessDay(
  date: IsoDate,
  rule: BusinessDayRule,
  calendar: HolidayCalendar = DEFAULT_HOLIDAY_CALENDAR,
): { date: IsoDate; roll: Roll | null } {
  if (rule === 'none') return { date, roll: null };
  const step = rule === 'previous' ? -1 : 1;
  const skipped: SkippedDay[] = [];
  let current = date;
  // Thirty days bounds a calendar whose closures cover whole months: it still ends.
  for (let n = 0; n < 30; n += 1) {
    const reason = nonBusinessReason(current, calendar);
    if (!reason) break;
    skipped.push({ date: current, reason });
    current = addCalendarDays(current, step);
  }
  return { date: current, roll: skipped.length ? { rule, from: date, skipped } : null };
}

// ---------------------------------------------------------------------------------------------------------
// Notice rules and windows

/** One bound of a notice: "N units before|after an anchor". */
export type DateRule = Offset & {
  anchor: DateAnchor;
  /** The date itself, for `anchor: 'fixed_date'`. */
  fixed_date?: IsoDate | null;
  /** Month M of the term, for `anchor: 'end_of_term_month'`. */
  term_month?: number | null;
};

/** A notice window; a single deadline is a window with only a latest date. */
export type NoticeRule = {
  earliest: DateRule | null;
  latest: DateRule;
  business_day: BusinessDayRule;
  day_count?: DayCount;
  lease_months?: LeaseMonthConvention;
};

export type AnchorDates = {
  commencement_date: IsoDate | null;
  rent_commencement_date: IsoDate | null;
  expiration_date: IsoDate | null;
  /** The end of the term the option would renew (the current expiration unless a chain says otherwise). */
  term_end?: IsoDate | null;
};

/** How a date was computed, in data: the web and e-mails render it as a sentence. */
export type ComputedDate = {
  date: IsoDate;
  /** The date before any business-day roll. */
  unrolled: IsoDate;
  rule: DateRule;
  anchor_date: IsoDate;
  day_count: DayCount;
  lease_months: LeaseMonthConvention;
  roll: Roll | null;
};

export type ComputeOptions = { calendar?: HolidayCalendar };

/** The date an anchor names, or null when the lease lacks it (no date can be computed). */
export function anchorDate(
  rule: DateRule,
  dates: AnchorDates,
  leaseMonths: LeaseMonthConvention = DEFAULT_LEASE_MONTH_CONVENTION,
): IsoDate | null {
  switch (rule.anchor) {
    case 'expiration':
      return dates.expiration_date;
    case 'commencement':
      return dates.commencement_date;
    case 'rent_commencement':
      return dates.rent_commencement_date;
    case 'term_end':
      return dates.term_end ?? dates.expiration_date;
    case 'fixed_date':
      return rule.fixed_date ?? null;
    case 'end_of_term_month':
      return dates.commencement_date && rule.term_month
        ? endOfLeaseMonth(dates.commencement_date, rule.term_month, leaseMonths)
        : null;
  }
}

export function computeDate(
  rule: DateRule,
  dates: AnchorDates,
  notice: Pick<NoticeRule, 'business_day' | 'day_count' | 'lease_months'>,
  options: ComputeOptions = {},
): ComputedDate | null {
  const leaseMonths = notice.lease_months ?? DEFAULT_LEASE_MONTH_CONVENTION;
  const dayCount = notice.day_count ?? DEFAULT_DAY_COUNT;
  const anchor = anchorDate(rule, dates, leaseMonths);
  if (!anchor) return null;
  const unrolled = offsetDate(anchor, rule, dayCount);
  const { date, roll } = rollToBusinessDay(unrolled, notice.business_day, options.calendar);
  return { date, unrolled, rule, anchor_date: anchor, day_count: dayCount, lease_months: leaseMonths, roll };
}

export type NoticeWindow = { earliest: ComputedDate | null; latest: ComputedDate };

/**
 * The window in which a notice may be given. Null when the lease lacks the anchor of its latest date.
 * An earliest bound that a roll would carry past the latest one is left as computed: the window is
 * then shown as it is, and `windowProblem` says so.
 */
export function noticeWindow(
  rule: NoticeRule,
  dates: AnchorDates,
  options: ComputeOptions = {},
): NoticeWindow | null {
  const latest = computeDate(rule.latest, dates, rule, options);
  if (!latest) return null;
  const earliest = rule.earliest ? computeDate(rule.earliest, dates, rule, options) : null;
  return { earliest, latest };
}

export function windowProblem(window: NoticeWindow): 'earliest_after_latest' | null {
  return window.earliest && window.earliest.date > window.latest.date ? 'earliest_after_latest' : null;
}

export type RenewalWindow = {
  /** 1-based: the first, second … renewal of the option. */
  sequence: number;
  /** The end of the term this renewal would extend. */
  term_end: IsoDate;
  /** The renewal term if exercised. */
  renewal: { start: IsoDate; end: IsoDate };
  window: NoticeWindow;
  /** Exercised and waived renewals are history; only the first one after them is open, the rest wait. */
  state: 'exercised' | 'waived' | 'open' | 'future' | 'lapsed';
};

/**
 * An option with `count` renewals yields `count` successive windows, each counted from the end of the term
 * before it. `exercised` renewals have already extended `expiration_date` (the current term's end), so
 * the next window is counted from it and later ones from the renewals that would follow.
 */
export function renewalChain(input: {
  rule: NoticeRule;
  dates: AnchorDates;
  count: number;
  length_months: number;
  exercised: number;
  /** The term end before the first renewal, when known (otherwise rebuilt from the current one). */
  first_term_end?: IsoDate | null;
  /** Set once the option was waived or lapsed: nothing after the exercised renewals stays open. */
  closed?: 'waived' | 'lapsed' | null;
  today?: IsoDate;
  calendar?: HolidayCalendar;
  /** Stop at the first renewal not yet exercised (the one a list shows the deadline of). */
  currentOnly?: boolean;
}): RenewalWindow[] {
  const current = input.dates.term_end ?? input.dates.expiration_date;
  if (!current) return [];
  const windows: RenewalWindow[] = [];
  // Exercised renewals are already part of `current`; their windows are rebuilt backwards for the history.
  let firstTermEnd = input.first_term_end ?? current;
  if (!input.first_term_end) {
    for (let n = 0; n < input.exercised; n += 1)
      firstTermEnd = iso(addDays(subMonths(addDays(parse(firstTermEnd), 1), input.length_months), -1));
  }
  let termEnd = firstTermEnd;
  for (let sequence = 1; sequence <= input.count; sequence += 1) {
    const window = noticeWindow(
      input.rule,
      { ...input.dates, term_end: termEnd, expiration_date: termEnd },
      { calendar: input.calendar },
    );
    if (!window) break;
    let state: RenewalWindow['state'];
    if (sequence <= input.exercised) state = 'exercised';
    else if (sequence === input.exercised + 1)
      state = input.closed ?? (input.today && window.latest.date < input.today ? 'lapsed' : 'open');
    else state = input.closed ? input.closed : 'future';
    const renewal = renewalTerm(termEnd, input.length_months);
    windows.push({ sequence, term_end: termEnd, renewal, window, state });
    if (input.currentOnly && sequence > input.exercised) break;
    termEnd = renewal.end;
  }
  return windows;
}

// ---------------------------------------------------------------------------------------------------------
// Provenance in words

const ANCHOR_WORDS: Record<DateAnchor, string> = {
  expiration: 'the expiration',
  commencement: 'the commencement',
  rent_commencement: 'the rent commencement',
  term_end: 'the term end',
  fixed_date: 'the date',
  end_of_term_month: 'the end of month',
};

function plural(amount: number, unit: OffsetUnit): string {
  const singular = unit.slice(0, -1);
  return `${amount} ${amount === 1 ? singular : unit}`;
}

function ordinalMonth(month: number): string {
  const suffix =
    month % 100 >= 11 && month % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][month % 10] ?? 'th');
  return `${month}${suffix}`;
}

/** "6 months before the term end 2027-12-27; 2027-06-27 is a Sunday, moved back to Friday 2027-06-25". */
export function describeComputedDate(computed: ComputedDate): string {
  const { rule } = computed;
  const anchor =
    rule.anchor === 'end_of_term_month'
      ? `the end of the ${ordinalMonth(rule.term_month ?? 0)} lease month ${computed.anchor_date}${computed.lease_months === 'first_full_month' ? ' (months counted from the first full calendar month)' : ''}`
      : `${ANCHOR_WORDS[rule.anchor]} ${computed.anchor_date}`;
  let text =
    rule.amount === 0 ? `On ${anchor}` : `${plural(rule.amount, rule.unit)} ${rule.direction} ${anchor}`;
  if (rule.unit === 'days' && computed.day_count === 'inclusive' && rule.amount > 0)
    text += ` (counting ${computed.anchor_date} as day 1)`;
  if (computed.roll) {
    const first = computed.roll.skipped[0]!;
    const what = (WEEKDAY_NAMES as readonly string[]).includes(first.reason)
      ? `a ${first.reason}`
      : first.reason;
    const also = computed.roll.skipped
      .slice(1)
      .filter((day) => !(WEEKDAY_NAMES as readonly string[]).includes(day.reason));
    const passing = also.length ? `, past ${also.map((day) => day.reason).join(', ')}` : '';
    text += `; ${first.date} is ${what}, moved ${computed.roll.rule === 'previous' ? 'back' : 'forward'}${passing} to ${WEEKDAY_NAMES[getDay(parse(computed.date))]} ${computed.date}`;
  }
  return text;
}

/** "1 March 2026", the way a notice letter writes a date. */
export function longDate(date: IsoDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

// ---------------------------------------------------------------------------------------------------------
// Time zones

/** Whether the runtime knows an IANA time-zone name (`America/Chicago`). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * One formatter per zone: building an Intl.DateTimeFormat costs ~0.1 ms, and the server asks for a team's
 * date on most requests. Zones are the IANA names teams pick, a few hundred at most.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * Each zone's last answer and the UTC minute it was for. Every zone's offset from UTC has been a whole number
 * of minutes since the 1970s, so a zone's date can change only where a UTC minute does: within one minute the
 * answer is the same, and formatting it anew (a few µs, a few percent of a cached answer's request) is spared.
 */
const lastDates = new Map<string, { minute: number; date: IsoDate }>();

/** The calendar date at `now` in a time zone: what "today" means for a team. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDates.get(timeZone);
  if (last !== undefined && last.minute === minute) return last.date;
  const date = formatDateIn(timeZone, now);
  lastDates.set(timeZone, { minute, date });
  return date;
}

function formatDateIn(timeZone: string, now: Date): IsoDate {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. An unknown zone throws here, before anything is stored.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * The local hour (0–23) at `now` in a time zone. A daily job "at 07:00" runs once the local hour has
 * reached 7: on a spring-forward day an hour that does not exist is passed by and the job runs at the
 * next one; on a fall-back day the first 07:00 counts, since the job is claimed once per local date.
 */
export function hourIn(timeZone: string, now: Date = new Date()): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Money

/**
 * Rounds `cents × (1 + percent/100)` half up to a whole cent, exactly (BigInt on a millionth of a percent),
 * so each escalation compounds on the rounded amount of the step before, as landlords' tables do:
 * 12,345.67 at +3 % a year is 14,312.01 in year 6.
 */
export function escalateCents(cents: number, percent: number): number {
  const scale = 100_000_000n; // percent → a fraction in hundred-millionths: 3 % = 3,000,000
  const factor = scale + BigInt(Math.round(percent * 1_000_000));
  const product = BigInt(Math.round(cents)) * factor;
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(sign * ((magnitude * 2n + scale) / (scale * 2n)));
}

export const RENT_BASES = ['scheduled', 'free_rent', 'holdover', 'none'] as const;
export type RentBasis = (typeof RENT_BASES)[number];

/** A rent row's monthly amount in cents: the stated amount, or the yearly rate per square foot × the area ÷ 12. */
export function monthlyRowCents(
  row: { monthly_cents: number | null; per_sqft_cents: number | null },
  rentableSqft: number | null,
): number {
  if (row.monthly_cents !== null) return row.monthly_cents;
  if (row.per_sqft_cents !== null && rentableSqft)
    return Math.round((row.per_sqft_cents * rentableSqft) / 12);
  return 0;
}

/** The last day of the free-rent months counted from rent commencement (or commencement), or null. */
export function freeRentUntil(lease: {
  rent_commencement_date: IsoDate | null;
  commencement_date: IsoDate | null;
  free_rent_months: number | null;
}): IsoDate | null {
  const from = lease.rent_commencement_date ?? lease.commencement_date;
  if (!from || !lease.free_rent_months) return null;
  return addCalendarDays(addCalendarMonths(from, Math.round(lease.free_rent_months)), -1);
}

/**
 * The monthly rent in force on `today`, as the landlord bills it: nothing during free-rent months, the
 * row whose period covers today, and after the expiration (or in holdover) the last row at the holdover
 * rate (150 means 150 %, half up to the cent). `basis` says which reading applied, for the figure's label.
 */
export function rentInForce(
  lease: {
    rows: ReadonlyArray<{
      start_date: IsoDate;
      end_date: IsoDate;
      monthly_cents: number | null;
      per_sqft_cents: number | null;
    }>;
    rentable_sqft: number | null;
    expiration_date: IsoDate | null;
    status: string;
    holdover_rate: number | null;
    free_rent_until: IsoDate | null;
  },
  today: IsoDate,
): { cents: number; basis: RentBasis } {
  if (lease.free_rent_until && today <= lease.free_rent_until) return { cents: 0, basis: 'free_rent' };
  const current = lease.rows.find((row) => row.start_date <= today && today <= row.end_date);
  if (current) return { cents: monthlyRowCents(current, lease.rentable_sqft), basis: 'scheduled' };
  const ended =
    lease.status === 'holdover' || (lease.expiration_date !== null && lease.expiration_date < today);
  const last = [...lease.rows].sort((a, b) => (a.start_date < b.start_date ? -1 : 1)).at(-1);
  if (ended && last && last.end_date < today) {
    const base = monthlyRowCents(last, lease.rentable_sqft);
    return { cents: escalateCents(base, (lease.holdover_rate ?? 100) - 100), basis: 'holdover' };
  }
  return { cents: 0, basis: 'none' };
}
