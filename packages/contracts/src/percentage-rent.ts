import { z } from 'zod';
import { blankToNull, dollarsField, numericText, oneOf, validationMessage } from './validation';

/**
 * Percentage rent terms of one lease. The rate itself stays on the lease (`percentage_rent_rate`), and so
 * does the single breakpoint older leases carry (`percentage_rent_breakpoint`), which serves every lease year
 * the artificial schedule does not name.
 */
export const BREAKPOINT_KINDS = ['natural', 'artificial'] as const;
export type BreakpointKind = (typeof BREAKPOINT_KINDS)[number];
/** Where lease years are counted from; `month` = each year begins on the 1st of a chosen calendar month. */
export const LEASE_YEAR_STARTS = ['rent_commencement', 'commencement', 'month'] as const;
export type LeaseYearStart = (typeof LEASE_YEAR_STARTS)[number];
/** How a partial lease year's breakpoint is cut: by its days over the full year's, or not at all. */
export const BREAKPOINT_PRORATIONS = ['days', 'none'] as const;
export type BreakpointProration = (typeof BREAKPOINT_PRORATIONS)[number];

/** The common readings, used for a lease whose terms were never saved. */
export const DEFAULT_PERCENTAGE_RENT_TERMS = {
  breakpoint_kind: 'natural',
  lease_year_start: 'rent_commencement',
  lease_year_month: null,
  proration: 'days',
  tiers: [],
  breakpoint_schedule: [],
} as const satisfies PercentageRentTermsInput;

/** Whether a reading is the lease's own or the team's default (shown beside the figure). */
export const READING_SOURCES = ['lease', 'team'] as const;
export type ReadingSource = (typeof READING_SOURCES)[number];

const percent = (label: string) =>
  z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', label) })
      .gt(0, { error: validationMessage('between', label, { min: 0, max: 100 }) })
      .max(100, { error: validationMessage('between', label, { min: 0, max: 100 }) }),
  );

/** A sales band: sales from `from_sales` (a year's gross, in dollars) up pay `rate` %. */
export const percentageRentTierSchema = z.object({
  from_sales: dollarsField('sales from'),
  rate: percent('rate'),
});
export const breakpointScheduleRowSchema = z.object({
  lease_year: z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', 'lease year') })
      .int({ error: validationMessage('integer', 'lease year') })
      .min(1, { error: validationMessage('min_numeric', 'lease year', { min: 1 }) })
      .max(200, { error: validationMessage('max_numeric', 'lease year', { max: 200 }) }),
  ),
  breakpoint: dollarsField('breakpoint'),
});

export const percentageRentTermsInputSchema = z
  .object({
    breakpoint_kind: oneOf(BREAKPOINT_KINDS, 'breakpoint kind'),
    /** Null (or absent): the team's default applies, and follows it when the team changes it. */
    lease_year_start: z
      .preprocess(blankToNull, oneOf(LEASE_YEAR_STARTS, 'lease year start').nullable())
      .default(null),
    lease_year_month: z
      .preprocess(
        (v) => (v === '' || v === undefined ? null : numericText(v)),
        z
          .number({ error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
          .int({ error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
          .min(1, { error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
          .max(12, { error: validationMessage('between', 'first month', { min: 1, max: 12 }) })
          .nullable(),
      )
      .default(null),
    proration: z.preprocess(blankToNull, oneOf(BREAKPOINT_PRORATIONS, 'proration').nullable()).default(null),
    tiers: z.array(percentageRentTierSchema).max(10).default([]),
    breakpoint_schedule: z.array(breakpointScheduleRowSchema).max(200).default([]),
  })
  .superRefine((terms, ctx) => {
    if (terms.lease_year_start === 'month' && terms.lease_year_month === null)
      ctx.addIssue({
        code: 'custom',
        path: ['lease_year_month'],
        message: validationMessage('required', 'first month'),
      });
    const seen = new Set<number>();
    terms.breakpoint_schedule.forEach((row, index) => {
      if (seen.has(row.lease_year))
        ctx.addIssue({
          code: 'custom',
          path: ['breakpoint_schedule', index, 'lease_year'],
          message: `Lease year ${row.lease_year} already has a breakpoint.`,
        });
      seen.add(row.lease_year);
    });
    const bands = new Set<number>();
    terms.tiers.forEach((tier, index) => {
      if (bands.has(tier.from_sales))
        ctx.addIssue({
          code: 'custom',
          path: ['tiers', index, 'from_sales'],
          message: 'Two bands start at the same sales.',
        });
      bands.add(tier.from_sales);
    });
  });
export type PercentageRentTermsInput = z.input<typeof percentageRentTermsInputSchema>;
export type PercentageRentTerms = z.output<typeof percentageRentTermsInputSchema>;

/** Each calendar month a lease year expects sales for, with what was reported. */
export const MONTH_STATUSES = ['reported', 'not_reported', 'not_due'] as const;
export const percentageRentMonthSchema = z.object({
  month: z.string(),
  status: z.enum(MONTH_STATUSES),
  sales: z.number().nullable(),
});

export const percentageRentYearSchema = z.object({
  lease_year: z.number().int(),
  start: z.string(),
  end: z.string(),
  days: z.number().int(),
  full_year_days: z.number().int(),
  partial: z.boolean(),
  /** Base rent scheduled over the year (what a natural breakpoint divides). */
  base_rent: z.number(),
  breakpoint: z.number().nullable(),
  /** How the breakpoint was found, in words for the figure's label. */
  breakpoint_basis: z.string(),
  sales_reported: z.number(),
  months: z.array(percentageRentMonthSchema),
  missing_months: z.array(z.string()),
  /** Whether every month of a year that has ended was reported: only then is `rent_due` final. */
  complete: z.boolean(),
  ended: z.boolean(),
  rent_due: z.number(),
});
export type PercentageRentYear = z.infer<typeof percentageRentYearSchema>;

export const percentageRentSchema = z.object({
  lease: z.object({ id: z.number(), reference: z.string().nullable() }),
  store: z.object({ id: z.number(), name: z.string() }),
  rate: z.number().nullable(),
  terms: z.object({
    saved: z.boolean(),
    breakpoint_kind: z.enum(BREAKPOINT_KINDS),
    lease_year_start: z.enum(LEASE_YEAR_STARTS),
    lease_year_month: z.number().int().nullable(),
    proration: z.enum(BREAKPOINT_PRORATIONS),
    lease_year_start_source: z.enum(READING_SOURCES),
    proration_source: z.enum(READING_SOURCES),
    tiers: z.array(z.object({ from_sales: z.number(), rate: z.number() })),
    breakpoint_schedule: z.array(z.object({ lease_year: z.number().int(), breakpoint: z.number() })),
  }),
  /** The sales model has no categories, so no sales can be excluded by category (said once, for the UI). */
  excluded_categories_supported: z.literal(false),
  years: z.array(percentageRentYearSchema),
  abilities: z.object({ update: z.boolean() }),
});
export type PercentageRent = z.infer<typeof percentageRentSchema>;

export const percentageRentStatementQuerySchema = z.object({
  lease_year: z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', 'lease year') })
      .int({ error: validationMessage('integer', 'lease year') })
      .min(1, { error: validationMessage('min_numeric', 'lease year', { min: 1 }) })
      .max(200, { error: validationMessage('max_numeric', 'lease year', { max: 200 }) }),
  ),
});
