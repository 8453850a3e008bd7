import { z } from 'zod';
import { validationMessage } from './validation';

export const MAX_LEAD_TIMES = 6;

/** `GET|PATCH /teams/{id}/settings` answer: when reminders appear and how far apart lease and agreement may end. */
export const teamSettingsSchema = z.object({
  lead_days: z.array(z.number().int()),
  window_days: z.number().int(),
  alignment_days: z.number().int(),
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
      if (days.length === 0) ctx.addIssue({ code: 'custom', message: validationMessage('required', LEAD_LABEL) });
      else if (days.length > MAX_LEAD_TIMES) ctx.addIssue({ code: 'custom', message: `The ${LEAD_LABEL} may have at most ${MAX_LEAD_TIMES} values.` });
      else if (days.some((day) => typeof day !== 'number' || !Number.isInteger(day) || day < 1 || day > 3650)) {
        ctx.addIssue({ code: 'custom', message: `Each of the ${LEAD_LABEL} must be a whole number of days between 1 and 3650.` });
      }
    })
    .transform((days) => days as number[]),
);

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
});
export type TeamSettingsInput = z.input<typeof teamSettingsInputSchema>;

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
