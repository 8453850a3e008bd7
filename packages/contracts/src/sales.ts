import { z } from 'zod';
import { abilitiesSchema } from './common';
import { isWholeCents } from './money';
import { blankToNull, oneOf, validationMessage } from './validation';

/** A sales figure covers one store for one day, week (starting Monday) or calendar month. */
export const SALES_PERIODS = ['day', 'week', 'month'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const SALES_SORTS = ['period_start', 'gross', 'created_at', 'updated_at'] as const;
export const SALES_GROUPS = ['store', 'brand', 'franchisee', 'period'] as const;
export const SALES_GRANULARITIES = ['month', 'quarter', 'year'] as const;
export const DUPLICATE_MODES = ['reject', 'merge'] as const;
/** A grid save or one import batch; the importer splits bigger files. */
export const MAX_SALES_BATCH = 5000;

const numeric = (value: unknown) => {
  const blank = blankToNull(value);
  if (typeof blank !== 'string') return blank;
  // Spreadsheet pastes carry thousands separators and a dollar sign.
  const cleaned = blank.replace(/[$,\s]/g, '');
  return cleaned !== '' && !Number.isNaN(Number(cleaned)) ? Number(cleaned) : blank;
};
const amount = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('between', label, { min: 0, max: 1_000_000_000 }) })
      .min(0, { error: validationMessage('min_numeric', label, { min: 0 }) })
      .max(1_000_000_000, { error: validationMessage('max_numeric', label, { max: 1_000_000_000 }) })
      .refine(isWholeCents, {
        error: `The ${label} may have at most two decimals.`,
      })
      .nullable(),
  );

/** Whether `date` (YYYY-MM-DD) is where a period of that kind starts: any day, a Monday, or the 1st. */
export function isPeriodStart(period: SalesPeriod, date: string): boolean {
  if (period === 'month') return date.endsWith('-01');
  if (period === 'week') return new Date(`${date}T00:00:00Z`).getUTCDay() === 1;
  return true;
}

/**
 * One sales figure as the grid, the API and the importer send it (amounts in dollars). The importer
 * validates its rows with this very schema, so a CSV cell and a grid cell fail with the same message.
 */
export const salesRowInputSchema = z
  .object({
    store_id: z.preprocess(
      numeric,
      z
        .number({ error: validationMessage('required', 'store') })
        .int({ error: validationMessage('in', 'store') })
        .positive({ error: validationMessage('in', 'store') }),
    ),
    period: oneOf(SALES_PERIODS, 'period').default('month'),
    period_start: z.iso.date({ error: validationMessage('date', 'period start') }),
    gross: amount('gross sales').refine((v) => v !== null, {
      error: validationMessage('required', 'gross sales'),
    }),
    net: amount('net sales').default(null),
  })
  .superRefine((value, ctx) => {
    if (!isPeriodStart(value.period, value.period_start)) {
      ctx.addIssue({
        code: 'custom',
        path: ['period_start'],
        message:
          value.period === 'week'
            ? 'A weekly period must start on a Monday.'
            : 'A monthly period must start on the first day of the month.',
      });
    }
    if (value.net !== null && value.gross !== null && value.net > value.gross) {
      ctx.addIssue({
        code: 'custom',
        path: ['net'],
        message: 'The net sales may not be greater than the gross sales.',
      });
    }
  });
export type SalesRowInput = z.input<typeof salesRowInputSchema>;
export type SalesRow = z.output<typeof salesRowInputSchema>;

/** PATCH: the amounts only; a figure's store and period are its identity (delete and re-enter to move it). */
export const salesPatchSchema = z.object({
  gross: amount('gross sales').optional(),
  net: amount('net sales').optional(),
});

export const salesBatchSchema = z.object({
  on_duplicate: z
    .enum(DUPLICATE_MODES, { error: validationMessage('in', 'duplicate handling') })
    .default('reject'),
  rows: z
    .array(z.unknown(), { error: validationMessage('required', 'rows') })
    .min(1, { error: validationMessage('required', 'rows') })
    .max(MAX_SALES_BATCH, { error: `At most ${MAX_SALES_BATCH} rows can be saved at once.` }),
});

/** A batch as the API takes it: each row is a `salesRowInputSchema`, checked on the server with the batch. */
export const salesBatchBodySchema = salesBatchSchema.extend({
  rows: z.array(salesRowInputSchema).min(1).max(MAX_SALES_BATCH),
});

const refSchema = z.object({ id: z.number(), name: z.string() }).nullable();

export const salesSchema = z.object({
  id: z.number(),
  store: z.object({ id: z.number(), name: z.string(), store_number: z.string().nullable() }),
  brand: refSchema,
  franchisee: refSchema,
  period: z.enum(SALES_PERIODS),
  period_start: z.string(),
  gross: z.number(),
  net: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: abilitiesSchema,
});
export type Sales = z.infer<typeof salesSchema>;

export const salesBatchResultSchema = z.object({ created: z.number(), updated: z.number() });

/** Report query: `from`/`to` are inclusive ISO dates of the periods' first days. */
export const reportRangeSchema = z
  .object({
    from: z.iso.date({ error: validationMessage('date', 'from') }),
    to: z.iso.date({ error: validationMessage('date', 'to') }),
  })
  .superRefine((value, ctx) => {
    if (value.to < value.from)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The to date must be on or after the from date.',
      });
    else if (Date.parse(value.to) - Date.parse(value.from) > 10 * 366 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers at most ten years.' });
  });

export const salesSummaryRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  gross: z.number(),
  net: z.number(),
  /** The same range (or bucket) one year earlier. */
  previous_gross: z.number(),
  change_percent: z.number().nullable(),
});
export const salesSummarySchema = z.object({
  group_by: z.enum(SALES_GROUPS),
  granularity: z.enum(SALES_GRANULARITIES),
  rows: z.array(salesSummaryRowSchema),
  total: salesSummaryRowSchema,
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** How a figure stands on its sales reports (decision 0024): shared by invoice lines and the royalty report. */
export const LINE_BASES = ['reported', 'estimated', 'missing'] as const;

/**
 * How marginal tiers read (decision 0024), per brand in the invoicing settings and shared by invoices and the
 * royalty report: on each period's sales, or on the sales of the tier year through the period; that year is
 * the calendar year or the agreement year (from the anniversary of its effective date).
 */
export const TIER_BASES = ['period', 'year_to_date'] as const;
export const TIER_YEARS = ['calendar', 'agreement'] as const;
/**
 * Whether an agreement's tiers, minimum and cap apply to the sales of its stores together (`pooled`) or to each
 * store alone (`per_store`), or (`franchisee`) its tiers to the combined sales of all of its franchisee's open
 * agreements of the brand whose royalty terms agree, the royalty shared back in proportion to each one's sales
 * (minimum and cap stay each agreement's own): the brand's invoicing setting, read alike by invoices and the
 * royalty report (decision 0036).
 */
export const POOLINGS = ['pooled', 'per_store', 'franchisee'] as const;

export const royaltyDueSchema = z.object({
  agreement: z.object({
    id: z.number(),
    agreement_number: z.string().nullable(),
    brand: z.string(),
    franchisee: z.string().nullable(),
  }),
  store_count: z.number(),
  reporting_frequency: z.string(),
  /** The reporting periods the figures count: a period with a missing report is left out, never counted as 0. */
  periods: z.number(),
  /**
   * `estimated` when some store's report of an ended period was missing and estimated from its earlier reports,
   * `missing` when some could not be (that period is left out until it comes in); decision 0024's one rule.
   */
  basis: z.enum(LINE_BASES),
  estimated_reports: z.number(),
  missing_reports: z.number(),
  sales: z.number(),
  royalty: z.number(),
  /** What the minimum added on top of the calculated royalty. */
  minimum_top_up: z.number(),
  marketing: z.number(),
  total_due: z.number(),
  /**
   * The tier reading the royalty follows; `since` (year to date only) is the first day of the sales the last
   * period's tiers count: its tier year's first reporting period; `pooling` whether the tiers read the
   * agreement's `store_count` stores together or each store alone, or its franchisee's agreements together.
   * `pool`, under `franchisee` pooling for an agreement that can be pooled (open, of a franchisee, with a
   * royalty rate or tiers): the agreements pooled (this one among them, by number), those of the same
   * franchisee and brand pooled apart because their royalty terms differ, and how many of the range's periods
   * charge nothing yet because a pooled agreement's report is missing.
   */
  tiers: z.object({
    basis: z.enum(TIER_BASES),
    year: z.enum(TIER_YEARS),
    since: z.string().nullable(),
    pooling: z.enum(POOLINGS),
    pool: z
      .object({
        franchisee: z.string(),
        agreements: z.array(z.string()),
        apart: z.array(z.string()),
        waiting_periods: z.number(),
      })
      .optional(),
  }),
});
export type RoyaltyDue = z.infer<typeof royaltyDueSchema>;

/**
 * One lease year of the portfolio's percentage rent, computed by the lease's own terms exactly as its statement
 * (`/leases/:id/percentage-rent`) computes that year.
 */
export const percentageRentDueSchema = z.object({
  lease: z.object({ id: z.number(), reference: z.string().nullable() }),
  store: z.object({ id: z.number(), name: z.string() }),
  lease_year: z.number().int(),
  year_start: z.string(),
  year_end: z.string(),
  /** A year cut short (the first by a chosen start month, the last by expiration). */
  partial: z.boolean(),
  ended: z.boolean(),
  /** The year has ended and every month was reported: only then is `rent_due` final, else provisional. */
  year_complete: z.boolean(),
  /** Months that ended without a figure: not counted as zero, and the year stays provisional. */
  missing_months: z.array(z.string()),
  /** The sales reported for the year. */
  sales: z.number(),
  breakpoint: z.number().nullable(),
  /** How the breakpoint was found, e.g. "natural: base rent 140,400.00 ÷ 6 %". */
  breakpoint_basis: z.string(),
  rate: z.number(),
  rent_due: z.number(),
});
export type PercentageRentDue = z.infer<typeof percentageRentDueSchema>;
