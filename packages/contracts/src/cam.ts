import { z } from 'zod';
import { isWholeCents } from './money';
import { blankToNull, numericText, oneOf, validationMessage } from './validation';

/**
 * CAM and operating-expense reconciliation per lease year. A controllable-CAM cap grows from the base
 * year's controllable amount by `cap_percent` a year, `compounding` (on last year's limit) or `cumulative`
 * (simple: base × (1 + rate × years)). Which one is a lease term, named beside the figure.
 */
export const CAM_CAP_METHODS = ['compounding', 'cumulative'] as const;
export type CamCapMethod = (typeof CAM_CAP_METHODS)[number];

const money = (label: string) =>
  z.preprocess(
    (v) => blankToNull(numericText(v)),
    z
      .number({ error: validationMessage('between', label, { min: 0, max: 1_000_000_000 }) })
      .min(0, { error: validationMessage('min_numeric', label, { min: 0 }) })
      .max(1_000_000_000, { error: validationMessage('max_numeric', label, { max: 1_000_000_000 }) })
      .refine(isWholeCents, { error: `The ${label} may have at most two decimals.` })
      .nullable(),
  );
const whole = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => blankToNull(numericText(v)),
    z
      .number({ error: validationMessage('between', label, { min, max }) })
      .int({ error: validationMessage('integer', label) })
      .min(min, { error: validationMessage('between', label, { min, max }) })
      .max(max, { error: validationMessage('between', label, { min, max }) })
      .nullable(),
  );

export const camTermsInputSchema = z.object({
  cap_percent: z
    .preprocess(
      (v) => blankToNull(numericText(v)),
      z
        .number({ error: validationMessage('between', 'cap', { min: 0, max: 100 }) })
        .min(0, { error: validationMessage('between', 'cap', { min: 0, max: 100 }) })
        .max(100, { error: validationMessage('between', 'cap', { min: 0, max: 100 }) })
        .nullable(),
    )
    .default(null),
  cap_method: oneOf(CAM_CAP_METHODS, 'cap method').default('compounding'),
  base_year: whole('base year', 1, 200).default(1),
  /** The CAM audit clause: days after the statement's receipt to start an audit. */
  audit_days: whole('audit days', 1, 3650).default(null),
});
export type CamTermsInput = z.input<typeof camTermsInputSchema>;

export const camStatementInputSchema = z.object({
  lease_year: z.preprocess(
    numericText,
    z
      .number({ error: validationMessage('required', 'lease year') })
      .int({ error: validationMessage('integer', 'lease year') })
      .min(1, { error: validationMessage('between', 'lease year', { min: 1, max: 200 }) })
      .max(200, { error: validationMessage('between', 'lease year', { min: 1, max: 200 }) }),
  ),
  actual: money('actual amount').refine((v) => v !== null, {
    error: validationMessage('required', 'actual amount'),
  }),
  controllable: money('controllable amount').default(null),
  /** What the tenant paid in estimates, when it differs from the lease's CAM charges. */
  estimates_paid: money('estimates paid').default(null),
  received_on: z.iso.date({ error: validationMessage('date', 'received on') }),
  document_id: whole('document', 1, 2_147_483_647).default(null),
});
export type CamStatementInput = z.input<typeof camStatementInputSchema>;

export const camYearSchema = z.object({
  lease_year: z.number().int(),
  start: z.string(),
  end: z.string(),
  /** Estimates paid: the lease's CAM charges over the year unless entered. */
  estimates_paid: z.number(),
  estimates_basis: z.enum(['charges', 'entered']),
  statement: z
    .object({
      actual: z.number(),
      controllable: z.number().nullable(),
      received_on: z.string(),
      document: z.object({ id: z.number(), title: z.string() }).nullable(),
    })
    .nullable(),
  /** The controllable limit for the year, or null without a cap or a base-year statement. */
  cap_limit: z.number().nullable(),
  over_cap: z.number(),
  /** The actual less what exceeds the cap: what the landlord may bill. */
  billable: z.number().nullable(),
  /** Billable − estimates paid: positive the tenant owes, negative the landlord refunds. */
  variance: z.number().nullable(),
  audit_deadline: z.string().nullable(),
});
export type CamYear = z.infer<typeof camYearSchema>;

export const camReconciliationSchema = z.object({
  terms: z.object({
    saved: z.boolean(),
    cap_percent: z.number().nullable(),
    cap_method: z.enum(CAM_CAP_METHODS),
    base_year: z.number().int(),
    audit_days: z.number().int().nullable(),
  }),
  years: z.array(camYearSchema),
  abilities: z.object({ update: z.boolean() }),
});
export type CamReconciliation = z.infer<typeof camReconciliationSchema>;
