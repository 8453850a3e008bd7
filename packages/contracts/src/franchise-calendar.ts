import { z } from 'zod';
import { addCalendarDays, type IsoDate } from './critical-dates';
import { blankToNull, numericText, oneOf, validationMessage } from './validation';

/**
 * The franchisor's disclosure calendar. The annual FDD update is due `fdd_update_days` (120 by default) after
 * the fiscal year end; each state registration renews by a rule kept as data: `fiscal_year_end` (days after
 * the fiscal year end), `effective_date` (days from each anniversary of the last effective date, negative to
 * file before it) or `fixed_date` (a month and day every year).
 */
export const REGISTRATION_BASES = ['fiscal_year_end', 'effective_date', 'fixed_date'] as const;
export type RegistrationBasis = (typeof REGISTRATION_BASES)[number];
export const DEFAULT_FDD_UPDATE_DAYS = 120;
/** How far ahead the calendar looks. */
export const FRANCHISE_CALENDAR_MONTHS = 18;

const MONTH_DAY = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isMonthDay = (v: string) => {
  const m = MONTH_DAY.exec(v);
  return m !== null && Number(m[2]) <= DAYS_IN_MONTH[Number(m[1]) - 1]!;
};
const monthDay = (label: string) =>
  z
    .string({ error: validationMessage('required', label) })
    .refine(isMonthDay, { error: `The ${label} must be a month and day (MM-DD).` });
const days = (label: string, min: number, max: number) =>
  z
    .number({ error: validationMessage('between', label, { min, max }) })
    .int({ error: validationMessage('integer', label) })
    .min(min, { error: validationMessage('between', label, { min, max }) })
    .max(max, { error: validationMessage('between', label, { min, max }) });

export const franchiseCalendarSettingsInputSchema = z.object({
  fiscal_year_end: monthDay('fiscal year end'),
  fdd_update_days: z
    .preprocess(numericText, days('FDD update days', 1, 366))
    .default(DEFAULT_FDD_UPDATE_DAYS),
  /** Adds the documented starting list of registration rules when the team has none yet. */
  add_default_registrations: z
    .boolean({ error: 'The add default registrations field must be true or false.' })
    .default(false),
});
export type FranchiseCalendarSettingsInput = z.input<typeof franchiseCalendarSettingsInputSchema>;

export const franchiseCalendarSettingsSchema = z.object({
  fiscal_year_end: z.string().nullable(),
  fdd_update_days: z.number().int(),
  abilities: z.object({ update: z.boolean() }),
});
export type FranchiseCalendarSettings = z.infer<typeof franchiseCalendarSettingsSchema>;

export const registrationInputSchema = z
  .object({
    state: z
      .string({ error: validationMessage('required', 'state') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'The state must be a two-letter code.' }),
    basis: oneOf(REGISTRATION_BASES, 'basis'),
    days: z.preprocess((v) => blankToNull(numericText(v)), days('days', -366, 366).nullable()).default(null),
    fixed_date: z.preprocess(blankToNull, monthDay('fixed date').nullable()).default(null),
    last_effective_date: z
      .preprocess(
        blankToNull,
        z.iso.date({ error: validationMessage('date', 'last effective date') }).nullable(),
      )
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.basis === 'fixed_date' && v.fixed_date === null)
      ctx.addIssue({
        code: 'custom',
        path: ['fixed_date'],
        message: 'The fixed date is required for a fixed-date rule.',
      });
    if (v.basis !== 'fixed_date' && v.days === null)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'The days field is required for this basis.' });
  });
export type RegistrationInput = z.input<typeof registrationInputSchema>;

export const registrationSchema = z.object({
  id: z.number(),
  state: z.string(),
  basis: z.enum(REGISTRATION_BASES),
  days: z.number().int().nullable(),
  fixed_date: z.string().nullable(),
  last_effective_date: z.string().nullable(),
  /** The next renewal on or after today, or null while the rule lacks what it needs (an effective date). */
  next_due: z.string().nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const franchiseCalendarEntrySchema = z.object({
  kind: z.enum(['fdd_update', 'registration_renewal']),
  registration_id: z.number().nullable(),
  state: z.string().nullable(),
  due_date: z.string(),
  title: z.string(),
});
export type FranchiseCalendarEntry = z.infer<typeof franchiseCalendarEntrySchema>;

/**
 * A documented starting list, not legal advice: registration states that commonly renew within 120 days of the
 * fiscal year end with the annual report, and states whose registration lapses a year after it took effect.
 * Admins edit it to what their counsel files.
 */
export const DEFAULT_REGISTRATION_RULES: ReadonlyArray<{
  state: string;
  basis: RegistrationBasis;
  days: number;
}> = [
  ...['CA', 'HI', 'IL', 'IN', 'MD', 'MN', 'NY'].map((state) => ({
    state,
    basis: 'fiscal_year_end' as const,
    days: 120,
  })),
  ...['ND', 'RI', 'SD', 'VA', 'WA', 'WI'].map((state) => ({
    state,
    basis: 'effective_date' as const,
    days: 0,
  })),
];

/** `MM-DD` in a given year; 02-29 falls on 02-28 in a common year. */
export function monthDayIn(year: number, md: string): IsoDate {
  return `${year}-${md.slice(0, 2)}-${clampDay(year, md)}`;
}
function clampDay(year: number, md: string) {
  const month = Number(md.slice(0, 2));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return String(Math.min(Number(md.slice(3)), last)).padStart(2, '0');
}

type Rule = {
  basis: RegistrationBasis;
  days: number | null;
  fixed_date: string | null;
  last_effective_date: string | null;
};

/** Every due date of a rule in [from, to], given the fiscal year end (`MM-DD`, or null while unset). */
export function registrationDates(
  rule: Rule,
  fiscalYearEnd: string | null,
  from: IsoDate,
  to: IsoDate,
): IsoDate[] {
  const years = Array.from(
    { length: Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 3 },
    (_, i) => Number(from.slice(0, 4)) - 2 + i,
  );
  let dates: IsoDate[];
  if (rule.basis === 'fiscal_year_end') {
    if (fiscalYearEnd === null) return [];
    dates = years.map((y) => addCalendarDays(monthDayIn(y, fiscalYearEnd), rule.days ?? 0));
  } else if (rule.basis === 'fixed_date') {
    dates = years.map((y) => monthDayIn(y, rule.fixed_date!));
  } else {
    if (rule.last_effective_date === null) return [];
    const start = Number(rule.last_effective_date.slice(0, 4));
    dates = years
      .filter((y) => y > start)
      .map((y) => addCalendarDays(monthDayIn(y, rule.last_effective_date!.slice(5)), rule.days ?? 0));
  }
  return dates.filter((d) => d >= from && d <= to);
}

/** The annual FDD update deadlines in [from, to]. */
export function fddUpdateDates(fiscalYearEnd: string | null, updateDays: number, from: IsoDate, to: IsoDate) {
  return registrationDates(
    { basis: 'fiscal_year_end', days: updateDays, fixed_date: null, last_effective_date: null },
    fiscalYearEnd,
    from,
    to,
  );
}
