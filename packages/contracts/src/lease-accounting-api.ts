import { z } from 'zod';
import {
  ACCOUNTING_STANDARDS,
  ASC842_CRITERIA,
  LEASE_CLASSIFICATIONS,
  PAYMENT_TIMINGS,
  RATE_CONVENTIONS,
  RECOGNITION_EXEMPTIONS,
  ROUNDING_MODES,
  ROUNDING_PRECISIONS,
} from './lease-accounting';
import { GL_ACCOUNT_ROLES, type GlAccountRole } from './lease-journal';
import { READING_SOURCES } from './percentage-rent';
import {
  blankToNull,
  dollarsField,
  monthField,
  numericText,
  oneOf,
  optionalString,
  validationMessage,
} from './validation';

/**
 * A lease's accounting profile (`PUT /leases/{id}/accounting`) and the schedule built from it. Money in
 * dollars with at most two decimals, as everywhere in the API; rates in percent a year.
 */

const rate = (label: string) =>
  z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', label) })
      .min(0, { error: validationMessage('between', label, { min: 0, max: 100 }) })
      .max(100, { error: validationMessage('between', label, { min: 0, max: 100 }) })
      // Six decimals of a percent are finer than any rate table; the rate is stored as its decimal text.
      .refine((value) => Math.abs(value - Math.round(value * 1e6) / 1e6) < 1e-9, {
        error: `The ${label} may have at most six decimals.`,
      })
      .transform((value) => Math.round(value * 1e6) / 1e6),
  );
const isoDate = (label: string) =>
  z.string({ error: validationMessage('date', label) }).regex(/^\d{4}-\d{2}-\d{2}$/, {
    error: validationMessage('date', label),
  });

/**
 * The readings of a schedule that a profile may leave to the team (decision 0039): each then follows the
 * team's default (`accounting_<reading>` in the team settings), and moves with it.
 */
export const ACCOUNTING_READINGS = ['rate_convention', 'payment_timing', 'rounding', 'precision'] as const;
export type AccountingReading = (typeof ACCOUNTING_READINGS)[number];

/** The common readings: a new team's defaults (DOMAIN §5: most guides use rate ÷ 12, payments in advance). */
export const DEFAULT_ACCOUNTING_READINGS = {
  rate_convention: 'nominal',
  payment_timing: 'advance',
  rounding: 'half_up',
  precision: 'cent',
} as const satisfies Record<AccountingReading, string>;

/** A reading on a profile: blank or null (or absent) leaves it to the team's default. */
const ownReading = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToNull, oneOf(values, label).nullable()).default(null);

/** The team's defaults (`PATCH /teams/{id}/settings`, the lease accounting page's form): same rules both sides. */
export const teamAccountingReadingsInputSchema = z.object({
  accounting_rate_convention: oneOf(RATE_CONVENTIONS, 'monthly rate'),
  accounting_payment_timing: oneOf(PAYMENT_TIMINGS, 'payment timing'),
  accounting_rounding: oneOf(ROUNDING_MODES, 'rounding'),
  accounting_precision: oneOf(ROUNDING_PRECISIONS, 'precision'),
});
export type TeamAccountingReadingsInput = z.input<typeof teamAccountingReadingsInputSchema>;

/** Whether each reading in force is the lease's own or the team's default (said beside the figures). */
const readingSources = {
  rate_convention_source: z.enum(READING_SOURCES),
  payment_timing_source: z.enum(READING_SOURCES),
  rounding_source: z.enum(READING_SOURCES),
  precision_source: z.enum(READING_SOURCES),
};

export const classificationAnswersSchema = z
  .object(
    Object.fromEntries(ASC842_CRITERIA.map((c) => [c, z.boolean().default(false)])) as Record<
      (typeof ASC842_CRITERIA)[number],
      z.ZodDefault<z.ZodBoolean>
    >,
  )
  .default({
    transfers_ownership: false,
    purchase_option_reasonably_certain: false,
    major_part_of_economic_life: false,
    substantially_all_of_fair_value: false,
    specialized_asset: false,
  });

export const leaseAccountingInputSchema = z
  .object({
    standard: oneOf(ACCOUNTING_STANDARDS, 'standard').default('asc842'),
    classification_answers: classificationAnswersSchema,
    /** Set to overrule the five criteria; needs a reason. */
    classification_override: oneOf(LEASE_CLASSIFICATIONS, 'classification override').nullable().default(null),
    classification_reason: optionalString('classification reason', 1000).default(null),
    exemption: oneOf(RECOGNITION_EXEMPTIONS, 'exemption').default('none'),
    /** Accounting commencement; the lease's commencement date when blank. */
    commencement_date: isoDate('commencement date').nullable().default(null),
    /** The lease's own rate; blank uses the team's incremental borrowing rate for the term. */
    discount_rate: rate('discount rate').nullable().default(null),
    /** Null (or absent): the team's default applies, and follows it when the team changes it. */
    rate_convention: ownReading(RATE_CONVENTIONS, 'rate convention'),
    payment_timing: ownReading(PAYMENT_TIMINGS, 'payment timing'),
    rounding: ownReading(ROUNDING_MODES, 'rounding'),
    /** `cent`, or `unit`: every rounded figure to whole currency units, as tables printed in whole dollars are. */
    precision: ownReading(ROUNDING_PRECISIONS, 'precision'),
    /** Positions of renewal options reasonably certain to be exercised (all their remaining renewals). */
    reasonably_certain_options: z
      .array(z.number().int().min(0).max(49), { error: validationMessage('in', 'options') })
      .max(50)
      .default([]),
    /** Rent of each assumed renewal term over the one before, in percent (0: the last rent continues). */
    renewal_increase_percent: rate('renewal increase').default(0),
    initial_direct_costs: dollarsField('initial direct costs').default(0),
    incentives: dollarsField('incentives').default(0),
    prepaid_rent: dollarsField('prepaid rent').default(0),
  })
  .superRefine((value, ctx) => {
    if (value.classification_override !== null && !value.classification_reason)
      ctx.addIssue({
        code: 'custom',
        path: ['classification_reason'],
        message: 'Give a reason when overriding the classification.',
      });
    if (value.exemption === 'low_value' && value.standard !== 'ifrs16')
      ctx.addIssue({
        code: 'custom',
        path: ['exemption'],
        message: 'The low-value exemption exists under IFRS 16 only.',
      });
  });
export type LeaseAccountingInput = z.input<typeof leaseAccountingInputSchema>;

export const leaseAccountingSchema = z.object({
  lease_id: z.number(),
  saved: z.boolean(),
  standard: z.enum(ACCOUNTING_STANDARDS),
  classification_answers: z.record(z.string(), z.boolean()),
  classification_override: z.enum(LEASE_CLASSIFICATIONS).nullable(),
  classification_reason: z.string().nullable(),
  exemption: z.enum(RECOGNITION_EXEMPTIONS),
  commencement_date: z.string().nullable(),
  discount_rate: z.number().nullable(),
  rate_convention: z.enum(RATE_CONVENTIONS),
  payment_timing: z.enum(PAYMENT_TIMINGS),
  rounding: z.enum(ROUNDING_MODES),
  precision: z.enum(ROUNDING_PRECISIONS),
  ...readingSources,
  reasonably_certain_options: z.array(z.number()),
  renewal_increase_percent: z.number(),
  initial_direct_costs: z.number(),
  incentives: z.number(),
  prepaid_rent: z.number(),
  /** What the inputs resolve to; null where the lease lacks what it takes (see `problems`). */
  resolved: z.object({
    classification: z.enum(LEASE_CLASSIFICATIONS),
    criteria_met: z.array(z.string()),
    overridden: z.boolean(),
    expense_model: z.enum(['straight_line', 'interest_and_amortization', 'exempt']),
    commencement_date: z.string().nullable(),
    term_end: z.string().nullable(),
    term_months: z.number().nullable(),
    discount_rate: z.number().nullable(),
    rate_source: z.enum(['lease', 'team_table']).nullable(),
    short_term_eligible: z.boolean().nullable(),
  }),
  /** Field → message for what keeps a schedule from being built (empty when it can be). */
  problems: z.record(z.string(), z.string()),
  abilities: z.object({ update: z.boolean() }),
});
export type LeaseAccounting = z.infer<typeof leaseAccountingSchema>;

export const scheduleRowSchema = z.object({
  month: z.number(),
  /** In a closed period: stored when the month was closed, never recomputed. */
  closed: z.boolean(),
  period: z.string(),
  period_start: z.string(),
  payment: z.number(),
  interest: z.number(),
  principal: z.number(),
  liability_opening: z.number(),
  liability_closing: z.number(),
  rou_opening: z.number(),
  rou_amortization: z.number(),
  rou_closing: z.number(),
  straight_line_cost: z.number().nullable(),
  total_expense: z.number(),
});
export type ScheduleRowOut = z.infer<typeof scheduleRowSchema>;

export const leaseScheduleSchema = z.object({
  lease_id: z.number(),
  /** The last closed month of this lease's schedule (YYYY-MM), or null. */
  closed_through: z.string().nullable(),
  /** First day of the remeasured part, when the lease or profile changed after a close. */
  remeasured_from: z.string().nullable(),
  standard: z.enum(ACCOUNTING_STANDARDS),
  classification: z.enum(LEASE_CLASSIFICATIONS),
  expense_model: z.enum(['straight_line', 'interest_and_amortization', 'exempt']),
  commencement_date: z.string(),
  term_end: z.string(),
  term_months: z.number(),
  discount_rate: z.number(),
  rate_convention: z.enum(RATE_CONVENTIONS),
  /** The monthly rate the schedule ran on, as a fraction. */
  monthly_rate: z.number(),
  payment_timing: z.enum(PAYMENT_TIMINGS),
  rounding: z.enum(ROUNDING_MODES),
  /** What every figure below is rounded to: the cent, or whole units (the profile's `precision`). */
  precision: z.enum(ROUNDING_PRECISIONS),
  ...readingSources,
  initial_liability: z.number(),
  initial_rou_asset: z.number(),
  total_payments: z.number(),
  total_interest: z.number(),
  rows: z.array(scheduleRowSchema),
});
export type LeaseSchedule = z.infer<typeof leaseScheduleSchema>;

/** The team's incremental borrowing rates: the first band whose `up_to_months` covers the term applies. */
export const borrowingRateBandSchema = z.object({
  up_to_months: z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', 'term') })
      .int({ error: validationMessage('integer', 'term') })
      .min(1, { error: validationMessage('min_numeric', 'term', { min: 1 }) })
      .max(1200, { error: validationMessage('max_numeric', 'term', { max: 1200 }) }),
  ),
  rate: rate('rate'),
});
export type BorrowingRateBand = z.infer<typeof borrowingRateBandSchema>;

export const leaseAccountingSettingsInputSchema = z.object({
  borrowing_rates: z.array(borrowingRateBandSchema).max(50).default([]),
  /** Account role → the team's GL account (code or name); blank keeps the default name. */
  gl_accounts: z
    .object(
      Object.fromEntries(GL_ACCOUNT_ROLES.map((role) => [role, optionalString('GL account', 60)])) as Record<
        GlAccountRole,
        ReturnType<typeof optionalString>
      >,
    )
    .partial()
    .default({}),
});
export const leaseAccountingSettingsSchema = z.object({
  borrowing_rates: z.array(z.object({ up_to_months: z.number(), rate: z.number() })),
  gl_accounts: z.record(z.string(), z.string()),
  abilities: z.object({ update: z.boolean() }),
});
export type LeaseAccountingSettings = z.infer<typeof leaseAccountingSettingsSchema>;

/** The band for a term of `months`: the narrowest that covers it, else the longest band's rate. */
export function borrowingRateFor(bands: ReadonlyArray<BorrowingRateBand>, months: number): number | null {
  const sorted = [...bands].sort((a, b) => a.up_to_months - b.up_to_months);
  return (sorted.find((band) => band.up_to_months >= months) ?? sorted.at(-1))?.rate ?? null;
}

const maturitySchema = z.object({
  /** Undiscounted payments in each of the next five years after the as-of month. */
  years: z.array(z.number()),
  thereafter: z.number(),
  total_undiscounted: z.number(),
  imputed_interest: z.number(),
  /** Equals total_undiscounted − imputed_interest. */
  liability: z.number(),
  /** Months, weighted by each lease's liability. */
  weighted_average_remaining_term_months: z.number().nullable(),
  /** Percent a year, weighted by each lease's liability. */
  weighted_average_discount_rate: z.number().nullable(),
  leases: z.number(),
});

/** `GET /lease-accounting/disclosures?as_of=YYYY-MM`: the portfolio's disclosures at the end of that month. */
export const leaseDisclosuresSchema = z.object({
  as_of: z.string(),
  operating: maturitySchema,
  finance: maturitySchema,
  /** The as-of month's lease cost by type. */
  cost: z.object({
    operating_lease_cost: z.number(),
    finance_interest: z.number(),
    finance_amortization: z.number(),
    short_term_and_low_value: z.number(),
  }),
  /** Leases with a profile that cannot make a schedule yet, and leases not commenced by then. */
  excluded: z.object({ incomplete: z.number(), not_commenced: z.number() }),
});
export type LeaseDisclosures = z.infer<typeof leaseDisclosuresSchema>;

/** `POST /lease-accounting/closes`: close the books of a month. */
export const leaseAccountingCloseInputSchema = z.object({
  period: monthField('period'),
});
export const leaseAccountingCloseSchema = z.object({
  period: z.string(),
  closed_by: z.number().nullable(),
  closed_at: z.string(),
});
export type LeaseAccountingClose = z.infer<typeof leaseAccountingCloseSchema>;
