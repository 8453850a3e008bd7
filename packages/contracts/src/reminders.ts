import { z } from 'zod';
import { abilitiesSchema } from './common';
import { blankToNull, optionalString, requiredString, validationMessage } from './validation';

export const REMINDER_SOURCES = [
  'lease_expiration',
  'option_notice',
  'option_window',
  'renewal_rent',
  'rent_escalation',
  'guaranty_end',
  'cam_audit',
  'agreement_expiration',
  'development',
  'franchise_calendar',
  'agreement_renewal_notice',
  'document_expiration',
  'attribute_date',
  'sales_report',
  'invoice_payment',
  'manual',
] as const;
export const REMINDER_CLOSED_REASONS = [
  'past_when_entered',
  'exercised',
  'waived',
  'lapsed',
  'received',
  'paid',
  'voided',
] as const;
export const reminderCountsSchema = z.object({
  overdue: z.number().int(),
  upcoming: z.number().int(),
  completed: z.number().int(),
});
export const REMINDER_SUBJECTS = [
  'lease',
  'agreement',
  'document',
  'company',
  'brand',
  'store',
  'contact',
] as const;
export const DEFAULT_LEAD_DAYS = [180, 90, 30, 7] as const;
export const DEFAULT_WINDOW_DAYS = 180;

/** PRODUCT-SPEC §3 Reminder: unread while read_at is empty, completed once it is set. */
export const reminderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  note: z.string().nullable(),
  source: z.enum(REMINDER_SOURCES),
  subject: z.object({ type: z.enum(REMINDER_SUBJECTS), id: z.number().int(), name: z.string() }).nullable(),
  due_date: z.string(),
  read_at: z.string().nullable(),
  /** Open with its date passed, by the team's today. */
  overdue: z.boolean(),
  /** Why it was closed without a person completing it. */
  closed_reason: z.enum(REMINDER_CLOSED_REASONS).nullable(),
  snoozed_until: z.string().nullable(),
  comments_count: z.number().int(),
  /** The signed-in user muted e-mail (and push) notices of this reminder or of the record it is about. */
  muted: z.boolean(),
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_at: z.string(),
  abilities: abilitiesSchema,
});
export type Reminder = z.infer<typeof reminderSchema>;

export const reminderInputSchema = z.object({
  title: requiredString('title', 255),
  note: optionalString('note', 5000),
  due_date: z.iso.date({ error: validationMessage('required', 'due date') }),
  subject_type: z
    .preprocess(
      blankToNull,
      z.enum(REMINDER_SUBJECTS, { error: validationMessage('in', 'subject type') }).nullable(),
    )
    .default(null),
  subject_id: z.preprocess(blankToNull, z.coerce.number().int().positive().nullable()).default(null),
  assignee_ids: z.array(z.coerce.number().int().positive()).max(50).default([]),
});
export type ReminderInput = z.input<typeof reminderInputSchema>;

export const reminderUpdateSchema = z.object({
  /** true marks it read (completed); false reopens it. */
  read: z.boolean().optional(),
  snoozed_until: z
    .preprocess(blankToNull, z.iso.date({ error: validationMessage('date', 'snoozed until') }).nullable())
    .optional(),
  title: requiredString('title', 255).optional(),
  note: optionalString('note', 5000).optional(),
  due_date: z.iso.date({ error: validationMessage('date', 'due date') }).optional(),
  assignee_ids: z.array(z.coerce.number().int().positive()).max(50).optional(),
});

/** `POST /reminders/bulk`: one change (complete or reopen, snooze, assign) to several reminders at once. */
export const reminderBulkSchema = z
  .object({
    ids: z
      .array(z.coerce.number().int().positive(), { error: validationMessage('required', 'reminders') })
      .min(1, { error: validationMessage('required', 'reminders') })
      .max(100, { error: 'At most 100 reminders can be changed at once.' }),
    read: z.boolean().optional(),
    snoozed_until: z
      .preprocess(blankToNull, z.iso.date({ error: validationMessage('date', 'snoozed until') }).nullable())
      .optional(),
    assignee_ids: z.array(z.coerce.number().int().positive()).max(50).optional(),
  })
  .refine(
    (input) =>
      input.read !== undefined || input.snoozed_until !== undefined || input.assignee_ids !== undefined,
    { error: 'Say what to change: read, snoozed_until or assignee_ids.', path: ['read'] },
  );

export const commentInputSchema = z.object({ body: requiredString('comment', 10_000) });
export const commentSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  abilities: abilitiesSchema,
});
export type Comment = z.infer<typeof commentSchema>;

/** What a user can mute: a record reminders are about, or one reminder. */
export const MUTE_SUBJECTS = [...REMINDER_SUBJECTS, 'reminder'] as const;
export const muteSchema = z.object({
  subject_type: z.enum(MUTE_SUBJECTS, { error: validationMessage('in', 'subject type') }),
  subject_id: z.coerce
    .number({ error: validationMessage('required', 'subject') })
    .int()
    .positive(),
});
export type Mute = z.infer<typeof muteSchema>;
