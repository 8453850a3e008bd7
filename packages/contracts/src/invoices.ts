import { z } from 'zod';
import { abilitiesSchema } from './common';
import { isWholeCents } from './money';
import { LINE_BASES, POOLINGS, TIER_BASES, TIER_YEARS } from './sales';
import { monthField, oneOf, optionalString, requiredString, validationMessage } from './validation';

/** Royalty invoices, payments and reporting compliance (decision 0024). Money in dollars, dates ISO. */
export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const REPORT_STATUSES = ['received', 'due', 'missing'] as const;
export const INVOICE_LINE_KINDS = ['royalty', 'minimum', 'marketing', 'technology', 'fee'] as const;

/** "INV-000042": the team's gapless sequence number, zero-padded. */
export const invoiceNumberLabel = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const dollars = (label: string, max = 1_000_000_000) =>
  z
    .number({ error: validationMessage('between', label, { min: 0, max }) })
    .min(0, { error: validationMessage('min_numeric', label, { min: 0 }) })
    .max(max, { error: validationMessage('max_numeric', label, { max }) })
    .refine(isWholeCents, { error: `The ${label} may have at most two decimals.` });
const positiveDollars = (label: string) =>
  dollars(label).refine((v) => v > 0, { error: validationMessage('min_numeric', label, { min: 0.01 }) });
const int = (label: string, min: number, max: number) =>
  z
    .number({ error: validationMessage('between', label, { min, max }) })
    .int({ error: validationMessage('integer', label) })
    .min(min, { error: validationMessage('between', label, { min, max }) })
    .max(max, { error: validationMessage('between', label, { min, max }) });
const date = (label: string) => z.iso.date({ error: validationMessage('date', label) });
const id = (label: string) =>
  z
    .number({ error: validationMessage('required', label) })
    .int({ error: validationMessage('in', label) })
    .positive({ error: validationMessage('in', label) });
const ref = z.object({ id: z.number(), name: z.string() });

export const invoicingSettingsInputSchema = z.object({
  /** ISO weekday a weekly report is due after its week: 1 Monday … 7 Sunday; Tuesday by default. */
  weekly_due_weekday: int('weekly due weekday', 1, 7).default(2),
  monthly_due_day: int('monthly due day', 1, 28).default(10),
  tier_basis: oneOf(TIER_BASES, 'tier basis').default('period'),
  /** Which year `year_to_date` tiers reset on: the calendar year (default) or the agreement year. */
  tier_year: oneOf(TIER_YEARS, 'tier year').default('calendar'),
  pooling: oneOf(POOLINGS, 'pooling').default('pooled'),
  cap: dollars('cap').nullable().default(null),
  cap_includes_marketing: z
    .boolean({ error: validationMessage('in', 'cap includes marketing') })
    .default(false),
  other_fees: z
    .array(z.object({ label: requiredString('fee label', 100), amount: positiveDollars('fee amount') }))
    .max(10, { error: 'At most 10 other fees.' })
    .default([]),
  payment_terms_days: int('payment terms', 0, 365).default(30),
});
export type InvoicingSettingsInput = z.input<typeof invoicingSettingsInputSchema>;

export const invoicingSettingsSchema = z.object({
  /** Null: the team's default, used for every brand without its own. */
  brand: ref.nullable(),
  weekly_due_weekday: z.number(),
  monthly_due_day: z.number(),
  tier_basis: z.enum(TIER_BASES),
  tier_year: z.enum(TIER_YEARS),
  pooling: z.enum(POOLINGS),
  cap: z.number().nullable(),
  cap_includes_marketing: z.boolean(),
  other_fees: z.array(z.object({ label: z.string(), amount: z.number() })),
  payment_terms_days: z.number(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;

export const invoiceLineSchema = z.object({
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  agreement_id: z.number().nullable(),
  store_id: z.number().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  sales: z.number().nullable(),
  basis: z.enum(LINE_BASES).nullable(),
  amount: z.number(),
});

export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  franchisee: ref,
  period_start: z.string(),
  period_end: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  status: z.enum(INVOICE_STATUSES),
  royalty: z.number(),
  marketing: z.number(),
  fees: z.number(),
  total: z.number(),
  paid: z.number(),
  balance: z.number(),
  /** Some line is estimated from earlier reports, or a report is missing (that line bills nothing yet). */
  estimated: z.boolean(),
  missing: z.boolean(),
  emailed_at: z.string().nullable(),
  emailed_to: z.string().nullable(),
  lines: z.array(invoiceLineSchema).optional(),
  created_at: z.string(),
  abilities: abilitiesSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceCreateSchema = z.object({
  /** The month invoiced, as YYYY-MM. */
  period: monthField('period'),
  /** Only these franchisees; every franchisee with an open agreement when absent. */
  franchisee_ids: z.array(id('franchisee')).max(1000).optional(),
});
export const invoiceCreateResultSchema = z.object({
  created: z.array(invoiceSchema),
  /** Franchisees that already had a live invoice for the month. */
  skipped: z.number(),
});

export const paymentInputSchema = z.object({
  franchisee_id: id('franchisee'),
  received_on: date('received on'),
  amount: positiveDollars('amount'),
  reference: optionalString('reference'),
  /** Which invoices it pays; without it, the franchisee's oldest open invoices first. */
  allocations: z
    .array(z.object({ invoice_id: id('invoice'), amount: positiveDollars('allocated amount') }))
    .max(100)
    .optional(),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentSchema = z.object({
  id: z.number(),
  franchisee: ref,
  received_on: z.string(),
  amount: z.number(),
  reference: z.string().nullable(),
  source: z.enum(['manual', 'bank_import']),
  allocated: z.number(),
  unallocated: z.number(),
  allocations: z.array(z.object({ invoice_id: z.number(), number: z.string(), amount: z.number() })),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A bank statement upload (multipart `file`, CSV): a preview of what it pays unless `confirm` is `true`. */
export const bankImportResultSchema = z.object({
  /** True when nothing was written: the lines as the import would take them. */
  preview: z.boolean(),
  imported: z.number(),
  duplicates: z.number(),
  /** The lines that name an invoice of this team, each new or already imported. */
  matched: z.array(
    z.object({
      line: z.number(),
      date: z.string(),
      amount: z.number(),
      reference: z.string(),
      invoice: z.object({ id: z.number(), number: z.string() }),
      franchisee: ref,
      duplicate: z.boolean(),
    }),
  ),
  /** Lines not imported, by their line number in the file, with why. */
  unmatched: z.array(z.object({ line: z.number(), reason: z.string() })),
});

export type BankImportResult = z.infer<typeof bankImportResultSchema>;

export const statementSchema = z.object({
  franchisee: ref,
  from: z.string(),
  to: z.string(),
  opening_balance: z.number(),
  entries: z.array(
    z.object({
      date: z.string(),
      type: z.enum(['invoice', 'payment']),
      id: z.number(),
      reference: z.string(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
  closing_balance: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

const agingBuckets = {
  current: z.number(),
  days_1_30: z.number(),
  days_31_60: z.number(),
  days_61_90: z.number(),
  days_over_90: z.number(),
  total: z.number(),
};
export const agingSchema = z.object({
  as_of: z.string(),
  rows: z.array(z.object({ franchisee: ref, ...agingBuckets })),
  total: z.object(agingBuckets),
});
export type Aging = z.infer<typeof agingSchema>;

export const expectedReportSchema = z.object({
  franchisee: ref,
  store: ref,
  agreement: z.object({ id: z.number(), agreement_number: z.string().nullable() }),
  frequency: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  due_date: z.string(),
  status: z.enum(REPORT_STATUSES),
  locked: z.boolean(),
});
export type ExpectedReport = z.infer<typeof expectedReportSchema>;

export const salesLockInputSchema = z
  .object({
    franchisee_id: id('franchisee'),
    from: date('from'),
    to: date('to'),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The to date must be on or after the from date.',
      });
  });
export const salesLockResultSchema = z.object({ locked: z.number() });
