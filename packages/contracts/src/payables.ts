import { z } from 'zod';
import { isWholeCents } from './money';
import { paginationMetaSchema } from './common';
import {
  blankToNull,
  monthField,
  numericText,
  oneOf,
  optionalDateField,
  requiredString,
  validationMessage,
} from './validation';

/** How a lease's rent is paid: calendar months, quarters or years, at the start (advance) or after (arrears). */
export const PAYABLE_FREQUENCIES = ['monthly', 'quarterly', 'yearly'] as const;
export type PayableFrequency = (typeof PAYABLE_FREQUENCIES)[number];
export const PAYABLE_TIMINGS = ['advance', 'arrears'] as const;
export type PayableTiming = (typeof PAYABLE_TIMINGS)[number];
/** `void` lines stay listed but are out of the totals and the export; a paid line cannot be voided. */
/** Billing periods: calendar months (quarters, years), or `anniversary`: counted from the lease's commencement day. */
export const PAYABLE_PERIODS = ['calendar', 'anniversary'] as const;
export type PayablePeriods = (typeof PAYABLE_PERIODS)[number];
export const PAYABLE_STATUSES = ['scheduled', 'approved', 'paid', 'void'] as const;
export type PayableStatus = (typeof PAYABLE_STATUSES)[number];
export const PAYABLE_KINDS = ['rent', 'holdover', 'charge'] as const;
export type PayableKind = (typeof PAYABLE_KINDS)[number];

/** The common reading for a lease whose payment terms were never saved: monthly, in advance, on the 1st. */
export const DEFAULT_PAYMENT_TERMS = {
  frequency: 'monthly',
  timing: 'advance',
  due_day: 1,
  periods: 'calendar',
  remittance: null,
} as const;

export const paymentTermsInputSchema = z.object({
  frequency: oneOf(PAYABLE_FREQUENCIES, 'frequency').default('monthly'),
  timing: oneOf(PAYABLE_TIMINGS, 'timing').default('advance'),
  periods: oneOf(PAYABLE_PERIODS, 'periods').default('calendar'),
  due_day: z
    .preprocess(
      numericText,
      z
        .number({ error: validationMessage('between', 'due day', { min: 1, max: 31 }) })
        .int({ error: validationMessage('integer', 'due day') })
        .min(1, { error: validationMessage('between', 'due day', { min: 1, max: 31 }) })
        .max(31, { error: validationMessage('between', 'due day', { min: 1, max: 31 }) }),
    )
    .default(1),
  remittance: z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'The remittance details must be text.' })
        .max(1000, { error: validationMessage('max_string', 'remittance details', { max: 1000 }) })
        .nullable(),
    )
    .default(null),
});
export type PaymentTermsInput = z.input<typeof paymentTermsInputSchema>;

export const paymentTermsSchema = z.object({
  saved: z.boolean(),
  frequency: z.enum(PAYABLE_FREQUENCIES),
  timing: z.enum(PAYABLE_TIMINGS),
  periods: z.enum(PAYABLE_PERIODS),
  due_day: z.number().int(),
  remittance: z.string().nullable(),
  /** The terms in words, e.g. "Monthly in advance, due on the 1st of the month each month starts · Lease months from day 15". */
  reading: z.string(),
  abilities: z.object({ update: z.boolean() }),
});
export type PaymentTerms = z.infer<typeof paymentTermsSchema>;

/** A calendar month, `YYYY-MM`: the period a payable belongs to is the month of its due date. */
export const payablePeriodSchema = monthField('period');

export const payablePeriodQuerySchema = z.object({ period: payablePeriodSchema });
export const payableExportQuerySchema = z.object({
  period: payablePeriodSchema,
  format: oneOf(['csv', 'xlsx'] as const, 'format').default('csv'),
});

const who = z.object({ id: z.number(), name: z.string() }).nullable();

export const payableSchema = z.object({
  id: z.number(),
  lease: z.object({ id: z.number(), reference: z.string().nullable() }),
  store: z.object({ id: z.number(), name: z.string() }),
  payee: z.object({ id: z.number(), name: z.string() }).nullable(),
  remittance: z.string().nullable(),
  kind: z.enum(PAYABLE_KINDS),
  /** For a charge: its kind (cam, taxes …). */
  charge_kind: z.string().nullable(),
  period: z.string(),
  service_start: z.string(),
  service_end: z.string(),
  due_date: z.string(),
  scheduled_amount: z.number(),
  invoice_amount: z.number().nullable(),
  invoice_number: z.string().nullable(),
  invoice_date: z.string().nullable(),
  /** Invoice − scheduled, when an invoice was entered. */
  variance: z.number().nullable(),
  /** What is (or was) paid: the invoice when there is one, else the scheduled amount. */
  amount_to_pay: z.number(),
  /** Why the amount is what it is: proration, free rent, holdover rate. */
  note: z.string().nullable(),
  status: z.enum(PAYABLE_STATUSES),
  approved_by: who,
  approved_at: z.string().nullable(),
  variance_approved: z.boolean(),
  paid_by: who,
  paid_at: z.string().nullable(),
  paid_reference: z.string().nullable(),
  voided_by: who,
  voided_at: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** `update`: the invoice can be entered (scheduled lines); `unapprove` (approved lines); `void` (not paid). */
  abilities: z.object({ update: z.boolean(), unapprove: z.boolean(), void: z.boolean() }),
});
export type Payable = z.infer<typeof payableSchema>;

/** A page of a period's lines; the totals cover the whole period, voided lines left out. */
export const payableListSchema = z.object({
  data: z.array(payableSchema),
  meta: paginationMetaSchema.extend({
    period: z.string(),
    totals: z.object({ scheduled: z.number(), to_pay: z.number(), paid: z.number() }),
    abilities: z.object({ generate: z.boolean(), update: z.boolean() }),
  }),
});
export type PayableList = z.infer<typeof payableListSchema>;

export const payableGenerateBodySchema = z.object({ period: payablePeriodSchema });
export const payableGenerateResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  /** Lines still scheduled without an invoice whose source the lease no longer gives. */
  removed: z.number().int(),
  unchanged: z.number().int(),
});

export const payableInvoiceBodySchema = z.object({
  invoice_amount: z
    .preprocess(
      (v) => blankToNull(numericText(v)),
      z
        .number({ error: validationMessage('between', 'invoice amount', { min: 0, max: 1_000_000_000 }) })
        .min(0, { error: validationMessage('min_numeric', 'invoice amount', { min: 0 }) })
        .max(1_000_000_000, {
          error: validationMessage('max_numeric', 'invoice amount', { max: 1_000_000_000 }),
        })
        .refine(isWholeCents, { error: 'The invoice amount may have at most two decimals.' })
        .nullable(),
    )
    .default(null),
  invoice_number: z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'The invoice number must be text.' })
        .max(100, { error: validationMessage('max_string', 'invoice number', { max: 100 }) })
        .nullable(),
    )
    .default(null),
  invoice_date: optionalDateField('invoice date').default(null),
});
export type PayableInvoiceBody = z.input<typeof payableInvoiceBodySchema>;

/** `unapprove` takes approved lines back to scheduled; `void` (with a `reason`) sets aside lines not yet paid. */
export const PAYABLE_ACTIONS = ['approve', 'pay', 'unapprove', 'void'] as const;
export const payableBulkBodySchema = z.object({
  action: oneOf(PAYABLE_ACTIONS, 'action'),
  ids: z
    .array(
      z
        .number({ error: validationMessage('in', 'payable') })
        .int()
        .positive(),
      {
        error: validationMessage('required', 'payables'),
      },
    )
    .min(1, { error: validationMessage('required', 'payables') })
    .max(1000, { error: 'At most 1,000 payables at once.' }),
  /** Approving a line whose invoice differs from the schedule approves that variance too, only when said. */
  accept_variance: z.boolean().default(false),
  paid_reference: z
    .preprocess(
      blankToNull,
      z
        .string({ error: 'The payment reference must be text.' })
        .max(100, { error: validationMessage('max_string', 'payment reference', { max: 100 }) })
        .nullable(),
    )
    .default(null),
  /** Why the lines are voided: required with `void`, kept on each line. */
  reason: z.preprocess(blankToNull, requiredString('reason', 500).nullable()).default(null),
});
export type PayableBulkBody = z.input<typeof payableBulkBodySchema>;
export const payableBulkResultSchema = z.object({ updated: z.number().int() });
