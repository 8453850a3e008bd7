import { z } from 'zod';
import { DAY_COUNTS, HOLIDAY_CALENDARS, isTimeZone, LEASE_MONTH_CONVENTIONS } from './critical-dates';
import { PAYMENT_TIMINGS, RATE_CONVENTIONS, ROUNDING_MODES, ROUNDING_PRECISIONS } from './lease-accounting';
import { teamAccountingReadingsInputSchema } from './lease-accounting-api';
import { BREAKPOINT_PRORATIONS, LEASE_YEAR_STARTS } from './percentage-rent';
import { blankToNull, numericText, oneOf, validationMessage } from './validation';

export const MAX_LEAD_TIMES = 6;

/** `GET|PATCH /teams/{id}/settings` answer: when reminders appear and how far apart lease and agreement may end. */
export const EXPIRED_LEASE_STATUSES = ['holdover', 'expired'] as const;

export const teamSettingsSchema = z.object({
  lead_days: z.array(z.number().int()),
  window_days: z.number().int(),
  alignment_days: z.number().int(),
  /** IANA zone: "today", due and overdue, the digest hour and the calendar feed follow it. */
  time_zone: z.string(),
  /** Local hour (0–23) of the daily digest. */
  digest_hour: z.number().int(),
  /** What a lease past its expiration becomes in the daily job. */
  expired_lease_status: z.enum(EXPIRED_LEASE_STATUSES),
  holiday_calendar: z.enum(HOLIDAY_CALENDARS),
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /** Team defaults for new notice rules (each rule may say otherwise). */
  lease_months: z.enum(LEASE_MONTH_CONVENTIONS),
  day_count: z.enum(DAY_COUNTS),
  /** Percentage rent's readings for a lease whose terms do not choose their own (the CAM audit window uses day_count). */
  percentage_year_start: z.enum(LEASE_YEAR_STARTS),
  percentage_year_month: z.number().int().nullable(),
  percentage_proration: z.enum(BREAKPOINT_PRORATIONS),
  /** Lease accounting's readings for a profile that does not choose its own (set on the lease accounting page). */
  accounting_rate_convention: z.enum(RATE_CONVENTIONS),
  accounting_payment_timing: z.enum(PAYMENT_TIMINGS),
  accounting_rounding: z.enum(ROUNDING_MODES),
  accounting_precision: z.enum(ROUNDING_PRECISIONS),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

const LEAD_LABEL = 'notice lead times';

/** "180, 90, 30" (the form's text box) or [180, 90, 30] (JSON clients) → a list to check. */
const commaList = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => (/^-?\d+(\.\d+)?$/.test(part) ? Number(part) : part))
    : value;

/**
 * Lead times are checked as one field, so the form shows one message under its one text box instead of
 * a message per comma-separated entry.
 */
const leadDaysField = z.preprocess(
  commaList,
  z
    .array(z.unknown(), { error: validationMessage('required', LEAD_LABEL) })
    .superRefine((days, ctx) => {
      if (days.length === 0)
        ctx.addIssue({ code: 'custom', message: validationMessage('required', LEAD_LABEL) });
      else if (days.length > MAX_LEAD_TIMES)
        ctx.addIssue({
          code: 'custom',
          message: `The ${LEAD_LABEL} may have at most ${MAX_LEAD_TIMES} values.`,
        });
      else if (
        days.some((day) => typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 3650)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `Each of the ${LEAD_LABEL} must be a whole number of days between 1 and 3650.`,
        });
      }
    })
    .transform((days) => days as number[]),
);

/**
 * The team's own closures as the settings form's text box holds them, one per line ("2026-11-27 Day after
 * Thanksgiving"), or as JSON clients send them.
 */
const holidayLines = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const [date = '', ...name] = line.split(/\s+/);
          return { date, name: name.join(' ') };
        })
    : value;

const wholeDays = (label: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ error: validationMessage('required', label) })
      .int({ error: validationMessage('integer', label) })
      .min(min, { error: validationMessage('between', label, { min, max }) })
      .max(max, { error: validationMessage('between', label, { min, max }) }),
  );

/** The settings form and `PATCH /teams/{id}/settings` (any subset): same rules, same messages. */
export const teamSettingsInputSchema = z.object({
  lead_days: leadDaysField,
  window_days: wholeDays('inbox window', 1, 3650),
  alignment_days: wholeDays('alignment tolerance', 0, 3650),
  time_zone: z
    .string({ error: validationMessage('required', 'time zone') })
    .trim()
    .refine(isTimeZone, { error: 'The time zone must be an IANA name such as America/Chicago.' }),
  digest_hour: wholeDays('digest hour', 0, 23),
  expired_lease_status: oneOf(EXPIRED_LEASE_STATUSES, 'expired lease status'),
  holiday_calendar: oneOf(HOLIDAY_CALENDARS, 'holiday calendar'),
  holidays: z.preprocess(
    holidayLines,
    z
      .array(
        z.object({
          date: z.iso.date({ error: validationMessage('date', 'holiday date') }),
          name: z
            .string()
            .trim()
            .min(1, { error: validationMessage('required', 'holiday name') })
            .max(120),
        }),
      )
      .max(200)
      .refine((list) => new Set(list.map((h) => h.date)).size === list.length, {
        error: 'Each holiday date may appear once.',
      }),
  ),
  lease_months: oneOf(LEASE_MONTH_CONVENTIONS, 'lease months'),
  day_count: oneOf(DAY_COUNTS, 'day count'),
  percentage_year_start: oneOf(LEASE_YEAR_STARTS, 'percentage rent lease year start'),
  percentage_year_month: z.preprocess(
    (v) => numericText(blankToNull(v)),
    z
      .number({ error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
      .int({ error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
      .min(1, { error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
      .max(12, { error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
      .nullable(),
  ),
  percentage_proration: oneOf(BREAKPOINT_PRORATIONS, 'percentage rent proration'),
});
export type TeamSettingsInput = z.input<typeof teamSettingsInputSchema>;

/**
 * `PATCH /teams/{id}/settings`: any subset of the team page's form and of the lease accounting page's default
 * readings (two forms, each sending only its own fields).
 */
export const teamSettingsPatchSchema = teamSettingsInputSchema
  .extend(teamAccountingReadingsInputSchema.shape)
  .partial();

/**
 * `GET|POST /calendar-feed`. Only a hash of the secret is stored, so `url` is present only in the answer
 * that created it; later reads say whether a link is active and since when.
 */
export const calendarFeedSchema = z.object({
  url: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
