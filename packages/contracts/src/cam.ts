import { z } from 'zod';
import { isWholeCents } from './money';
import { DAY_COUNTS } from './critical-dates';
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
  /** Whether the day of receipt counts as day 1 of the audit window; null follows the team's default. */
  audit_day_count: z.preprocess(blankToNull, oneOf(DAY_COUNTS, 'audit day count').nullable()).default(null),
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
export const CAM_STATEMENT_FIELDS = ['lease_year', 'received_on', 'estimates_paid', 'document_id'] as const;
export type CamStatementInput = z.input<typeof camStatementInputSchema>;

/**
 * The categories a landlord's CAM / operating-expense statement is read in. An imported line names one by its
 * key, its label or one of the other names statements use for it; anything else is refused, so a typo never
 * becomes a category of its own.
 */
export const CAM_CATEGORIES = [
  { key: 'common_area_maintenance', label: 'Common area maintenance', aliases: ['cam', 'common area'] },
  { key: 'landscaping', label: 'Landscaping', aliases: ['grounds', 'grounds maintenance'] },
  { key: 'snow_removal', label: 'Snow removal', aliases: ['snow', 'snow and ice removal'] },
  { key: 'janitorial', label: 'Janitorial', aliases: ['cleaning', 'sweeping', 'parking lot sweeping'] },
  { key: 'security', label: 'Security', aliases: ['security patrol'] },
  {
    key: 'repairs_maintenance',
    label: 'Repairs and maintenance',
    aliases: ['repairs', 'maintenance', 'r&m'],
  },
  { key: 'parking_lot', label: 'Parking lot', aliases: ['parking', 'paving', 'striping'] },
  { key: 'roof', label: 'Roof', aliases: ['roof repairs'] },
  { key: 'hvac', label: 'HVAC', aliases: ['heating and cooling'] },
  { key: 'lighting', label: 'Lighting', aliases: ['exterior lighting', 'parking lot lighting'] },
  { key: 'trash_removal', label: 'Trash removal', aliases: ['trash', 'waste removal', 'refuse'] },
  { key: 'utilities', label: 'Utilities', aliases: ['common area utilities', 'electricity', 'water'] },
  { key: 'insurance', label: 'Insurance', aliases: ['property insurance'] },
  { key: 'real_estate_taxes', label: 'Real estate taxes', aliases: ['taxes', 'property taxes', 're taxes'] },
  { key: 'management_fee', label: 'Management fee', aliases: ['management', 'property management'] },
  { key: 'administrative_fee', label: 'Administrative fee', aliases: ['admin fee', 'administration'] },
  { key: 'marketing', label: 'Marketing fund', aliases: ['marketing fund', 'promotion fund'] },
  { key: 'other', label: 'Other', aliases: ['miscellaneous', 'misc'] },
] as const;
export type CamCategory = (typeof CAM_CATEGORIES)[number]['key'];

/** A category as people write it ("Snow & ice removal", "SNOW_REMOVAL") reduced to words for matching. */
export const camCategoryWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const CATEGORY_BY_WORDS = new Map<string, CamCategory>(
  CAM_CATEGORIES.flatMap((c) =>
    [c.key, c.label, ...c.aliases].map((name): [string, CamCategory] => [camCategoryWords(name), c.key]),
  ),
);

/** A category's label; a key no longer listed reads as itself. */
export const camCategoryLabel = (key: string) => CAM_CATEGORIES.find((c) => c.key === key)?.label ?? key;

/** The category a statement line names, or null for one this app does not know. */
export const camCategoryOf = (text: string): CamCategory | null =>
  CATEGORY_BY_WORDS.get(camCategoryWords(text)) ?? null;

export const camStatementLineSchema = z.object({
  /** A key of CAM_CATEGORIES. */
  category: z.string(),
  label: z.string(),
  amount: z.number(),
  controllable: z.boolean(),
});
export type CamStatementLine = z.infer<typeof camStatementLineSchema>;

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
      /** The landlord's lines by category when the statement was imported from a file; empty when typed in. */
      lines: z.array(camStatementLineSchema),
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
    /** The reading in force, and whether it is this lease's own or the team's default. */
    audit_day_count: z.enum(DAY_COUNTS),
    audit_day_count_source: z.enum(['lease', 'team']),
  }),
  years: z.array(camYearSchema),
  abilities: z.object({ update: z.boolean() }),
});
export type CamReconciliation = z.infer<typeof camReconciliationSchema>;

/**
 * The multipart fields of a statement import beside its `file`: the lease year and receipt date when the file
 * has no such columns, the estimates paid when they differ from the lease's charges, and a document to link.
 */
export const camImportFieldsSchema = z.object({
  lease_year: whole('lease year', 1, 200).default(null),
  received_on: z
    .preprocess(blankToNull, z.iso.date({ error: validationMessage('date', 'statement date') }).nullable())
    .default(null),
  estimates_paid: money('estimates paid').default(null),
  document_id: whole('document', 1, 2_147_483_647).default(null),
});
export type CamImportFields = z.input<typeof camImportFieldsSchema>;

/** One row of the file as the preview shows it: what it was read as, and what is wrong with it. */
export const camImportRowSchema = z.object({
  /** The row's number in the file, the header being row 1. */
  row: z.number().int(),
  category: z.string(),
  category_key: z.string().nullable(),
  amount: z.number().nullable(),
  controllable: z.boolean().nullable(),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type CamImportRow = z.infer<typeof camImportRowSchema>;

/** `POST /leases/{id}/cam/statements/import/preview`: the statement the file would save, nothing saved yet. */
export const camImportPreviewSchema = z.object({
  lease_year: z.number().int().nullable(),
  received_on: z.string().nullable(),
  rows: z.array(camImportRowSchema),
  /** Problems of the whole statement (no lease year, a year that has not begun, controllable over actual). */
  errors: z.record(z.string(), z.array(z.string())),
  actual: z.number(),
  controllable: z.number(),
  estimates_paid: z.number().nullable(),
  /** Billable − estimates once saved, with the lease's cap: what the CAM tab will show. */
  variance: z.number().nullable(),
  valid: z.boolean(),
});
export type CamImportPreview = z.infer<typeof camImportPreviewSchema>;

/** Most lines a statement file may hold: landlords' statements have dozens, never thousands. */
export const CAM_IMPORT_MAX_LINES = 500;
