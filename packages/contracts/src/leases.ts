import { z } from 'zod';
import { attributeValuesOutSchema } from './attributes';
import { abilitiesSchema } from './common';
import { oneOf, optionalString, validationMessage } from './validation';

export const LEASE_STATUSES = ['draft', 'active', 'holdover', 'expired', 'terminated'] as const;
export const LEASE_TYPES = ['gross', 'net', 'nnn', 'modified_gross', 'percentage'] as const;
export const OPTION_KINDS = ['renewal', 'termination', 'expansion', 'contraction', 'purchase'] as const;
export const OPTION_STATUSES = ['open', 'exercised', 'waived', 'lapsed'] as const;
export const CHARGE_KINDS = ['cam', 'taxes', 'insurance', 'utilities', 'other'] as const;
export const LEASE_CLAUSE_KINDS = [
  'renewal', 'termination', 'assignment_subletting', 'exclusive_use', 'use_restriction', 'co_tenancy', 'radius', 'relocation',
  'go_dark', 'holdover', 'cam_audit', 'insurance', 'repairs', 'guaranty', 'default_cure', 'right_of_first_refusal', 'signage', 'other',
] as const;
export const AGREEMENT_TYPES = ['single_unit', 'area_development', 'master'] as const;
export const AGREEMENT_STATUSES = ['in_development', 'open', 'terminated', 'expired', 'corporate'] as const;
export const AGREEMENT_CLAUSE_KINDS = [
  'grant_territory', 'term_renewal', 'fees', 'reporting_audit', 'training', 'operations_manual', 'trademark', 'marketing_fund',
  'site_selection_lease', 'insurance', 'transfer', 'default_termination', 'non_compete', 'other',
] as const;
export const REPORTING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'annually'] as const;

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);
const numeric = (value: unknown) => {
  const blank = blankToNull(value);
  return typeof blank === 'string' && blank.trim() !== '' && !Number.isNaN(Number(blank)) ? Number(blank) : blank;
};
const date = (label: string) => z.preprocess(blankToNull, z.iso.date({ error: validationMessage('date', label) }).nullable());
const requiredDate = (label: string) => z.iso.date({ error: validationMessage('required', label) });
const number = (label: string, min: number, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('between', label, { min, max }) })
      .min(min, { error: validationMessage('min_numeric', label, { min }) })
      .max(max, { error: validationMessage('max_numeric', label, { max }) })
      .nullable(),
  );
/** Money in US dollars with optional cents (spec §9); stored as integer cents. */
const money = (label: string) => number(label, 0, 1_000_000_000).refine((v) => v === null || Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: `The ${label} may have at most two decimals.` });
const id = (label: string) =>
  z.preprocess(numeric, z.number({ error: validationMessage('in', label) }).int({ error: validationMessage('in', label) }).positive({ error: validationMessage('in', label) }).nullable());
const requiredId = (label: string) =>
  z.preprocess(numeric, z.number({ error: validationMessage('required', label) }).int({ error: validationMessage('in', label) }).positive({ error: validationMessage('in', label) }));

export const rentRowSchema = z
  .object({
    start_date: requiredDate('start date'),
    end_date: requiredDate('end date'),
    monthly_amount: money('monthly amount'),
    amount_per_sqft: money('amount per square foot'),
  })
  .superRefine((row, ctx) => {
    if (!(row.end_date > row.start_date)) ctx.addIssue({ code: 'custom', path: ['end_date'], message: validationMessage('after', 'end date', { other: 'start date' }) });
    if (row.monthly_amount === null && row.amount_per_sqft === null) {
      ctx.addIssue({ code: 'custom', path: ['monthly_amount'], message: validationMessage('required_unless', 'monthly amount', { other: 'amount per square foot' }) });
    }
  });
export type RentRow = z.infer<typeof rentRowSchema>;

export const chargeSchema = z.object({ kind: oneOf(CHARGE_KINDS, 'kind'), monthly_amount: money('monthly amount').refine((v) => v !== null, { error: validationMessage('required', 'monthly amount') }), estimated: z.boolean().default(false) });

export const optionSchema = z.object({
  kind: oneOf(OPTION_KINDS, 'kind'),
  count: z.preprocess(numeric, z.number().int().min(1, { error: validationMessage('min_numeric', 'count', { min: 1 }) }).max(20)).default(1),
  length_months: number('length', 0, 600),
  notice_days: z.preprocess(numeric, z.number({ error: validationMessage('required', 'notice days') }).int().min(0).max(3650)),
  notice_from: z.enum(['expiration', 'commencement'], { error: validationMessage('in', 'notice from') }).default('expiration'),
  delivery_method: optionalString('delivery method', 120),
  status: oneOf(OPTION_STATUSES, 'status').default('open'),
});
export type LeaseOptionInput = z.input<typeof optionSchema>;

export const clauseSchema = (kinds: readonly [string, ...string[]]) =>
  z.object({
    kind: oneOf(kinds as [string, ...string[]], 'kind'),
    text: z.string().trim().min(1, { error: validationMessage('required', 'clause text') }).max(20_000),
    date: date('date'),
    document_id: id('document'),
    page: z.preprocess(numeric, z.number().int().min(1).max(10_000).nullable()).default(null),
  });

export const leaseFieldsSchema = z.object({
  store_id: requiredId('store'),
  reference: optionalString('reference', 100),
  status: oneOf(LEASE_STATUSES, 'status').default('draft'),
  type: oneOf(LEASE_TYPES, 'type').default('net'),
  landlord_id: id('landlord'),
  tenant_id: id('tenant'),
  guarantor_id: id('guarantor'),
  guaranty_end_date: date('guaranty end date'),
  broker_id: id('broker'),
  property_manager_id: id('property manager'),
  suite: optionalString('suite', 50),
  rentable_sqft: number('rentable square feet', 0, 10_000_000),
  usable_sqft: number('usable square feet', 0, 10_000_000),
  permitted_use: optionalString('permitted use', 1000),
  signed_date: date('signed date'),
  possession_date: date('possession date'),
  commencement_date: date('commencement date'),
  rent_commencement_date: date('rent commencement date'),
  expiration_date: date('expiration date'),
  holdover_rate: number('holdover rate', 0, 1000),
  free_rent_months: number('free rent months', 0, 120),
  percentage_rent_breakpoint: money('breakpoint'),
  percentage_rent_rate: number('percentage rent rate', 0, 100),
  security_deposit: money('security deposit'),
  letter_of_credit: money('letter of credit'),
  rent_schedule: z.array(rentRowSchema).max(600).default([]),
  charges: z.array(chargeSchema).max(50).default([]),
  options: z.array(optionSchema).max(50).default([]),
  clauses: z.array(clauseSchema(LEASE_CLAUSE_KINDS)).max(200).default([]),
});

/** Whole-lease rules (on update: stored values with the changes applied). */
export function leaseRules(value: { commencement_date: string | null; expiration_date: string | null }, ctx: z.RefinementCtx) {
  if (value.commencement_date && value.expiration_date && !(value.expiration_date > value.commencement_date)) {
    ctx.addIssue({ code: 'custom', path: ['expiration_date'], message: validationMessage('after', 'expiration date', { other: 'commencement date' }) });
  }
}
export const leaseInputSchema = leaseFieldsSchema.superRefine(leaseRules);
export type LeaseInput = z.input<typeof leaseInputSchema>;

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const leaseSchema = z.object({
  id: z.number().int(),
  store: ref,
  reference: z.string().nullable(),
  status: z.enum(LEASE_STATUSES),
  type: z.enum(LEASE_TYPES),
  landlord: ref,
  tenant: ref,
  guarantor: ref,
  guaranty_end_date: z.string().nullable(),
  broker: ref,
  property_manager: ref,
  suite: z.string().nullable(),
  rentable_sqft: z.number().nullable(),
  usable_sqft: z.number().nullable(),
  permitted_use: z.string().nullable(),
  signed_date: z.string().nullable(),
  possession_date: z.string().nullable(),
  commencement_date: z.string().nullable(),
  rent_commencement_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  term_months: z.number().int().nullable(),
  holdover_rate: z.number().nullable(),
  free_rent_months: z.number().nullable(),
  percentage_rent_breakpoint: z.number().nullable(),
  percentage_rent_rate: z.number().nullable(),
  security_deposit: z.number().nullable(),
  letter_of_credit: z.number().nullable(),
  rent_schedule: z.array(z.object({ start_date: z.string(), end_date: z.string(), monthly_amount: z.number().nullable(), amount_per_sqft: z.number().nullable() })),
  charges: z.array(z.object({ kind: z.enum(CHARGE_KINDS), monthly_amount: z.number(), estimated: z.boolean() })),
  options: z.array(
    z.object({
      kind: z.enum(OPTION_KINDS),
      count: z.number().int(),
      length_months: z.number().nullable(),
      notice_days: z.number().int(),
      notice_from: z.enum(['expiration', 'commencement']),
      deadline: z.string().nullable(),
      delivery_method: z.string().nullable(),
      status: z.enum(OPTION_STATUSES),
    }),
  ),
  clauses: z.array(z.object({ kind: z.string(), text: z.string(), date: z.string().nullable(), document_id: z.number().nullable(), page: z.number().nullable() })),
  annual_rent: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  abilities: abilitiesSchema,
  /** Team-defined attributes (live ones): key → value. */
  attributes: attributeValuesOutSchema.optional(),
});
export type Lease = z.infer<typeof leaseSchema>;

export const escalationInputSchema = z.object({
  start_date: requiredDate('start date'),
  end_date: requiredDate('end date'),
  monthly_amount: z.preprocess(numeric, z.number({ error: validationMessage('required', 'monthly amount') }).min(0)),
  method: z.enum(['percent', 'amount'], { error: validationMessage('in', 'method') }),
  value: z.preprocess(numeric, z.number({ error: validationMessage('required', 'value') }).min(0).max(1_000_000)),
  every_months: z.preprocess(numeric, z.number().int().min(1).max(120)).default(12),
});
export type EscalationInput = z.input<typeof escalationInputSchema>;

export const LEASE_SORTS = ['expiration_date', 'commencement_date', 'reference', 'status', 'created_at', 'updated_at'] as const;

// ---------- franchise agreements ----------

export const royaltyTierSchema = z.object({
  from_sales: money('tier start').refine((v) => v !== null, { error: validationMessage('required', 'tier start') }),
  percent: number('tier percent', 0, 100).refine((v) => v !== null, { error: validationMessage('required', 'tier percent') }),
});

export const agreementFieldsSchema = z.object({
  brand_id: requiredId('brand'),
  franchisee_id: id('franchisee'),
  store_ids: z.array(z.coerce.number().int().positive()).max(500).default([]),
  agreement_number: optionalString('agreement number', 100),
  type: oneOf(AGREEMENT_TYPES, 'type').default('single_unit'),
  status: oneOf(AGREEMENT_STATUSES, 'status').default('in_development'),
  signed_date: date('signed date'),
  effective_date: date('effective date'),
  opening_date: date('opening date'),
  expiration_date: date('expiration date'),
  initial_term_months: number('initial term', 0, 1200),
  renewal_count: number('renewal count', 0, 20),
  renewal_length_months: number('renewal length', 0, 1200),
  renewal_notice_days: number('renewal notice days', 0, 3650),
  renewal_fee: money('renewal fee'),
  initial_fee: money('initial fee'),
  royalty_percent: number('royalty', 0, 100),
  royalty_minimum: money('royalty minimum'),
  royalty_tiers: z.array(royaltyTierSchema).max(20).default([]),
  marketing_percent: number('marketing fund', 0, 100),
  technology_fee: money('technology fee'),
  transfer_fee: money('transfer fee'),
  reporting_frequency: z.preprocess(blankToNull, z.enum(REPORTING_FREQUENCIES, { error: validationMessage('in', 'reporting frequency') }).nullable()).default(null),
  territory_description: optionalString('territory', 2000),
  territory_exclusive: z.boolean().default(false),
  territory_radius_miles: number('radius', 0, 1000),
  clauses: z.array(clauseSchema(AGREEMENT_CLAUSE_KINDS)).max(200).default([]),
});

export function agreementRules(value: { effective_date: string | null; expiration_date: string | null }, ctx: z.RefinementCtx) {
  if (value.effective_date && value.expiration_date && !(value.expiration_date > value.effective_date)) {
    ctx.addIssue({ code: 'custom', path: ['expiration_date'], message: validationMessage('after', 'expiration date', { other: 'effective date' }) });
  }
}
export const agreementInputSchema = agreementFieldsSchema.superRefine(agreementRules);
export type AgreementInput = z.input<typeof agreementInputSchema>;

export const agreementSchema = z.object({
  id: z.number().int(),
  brand: ref,
  franchisee: ref,
  stores: z.array(z.object({ id: z.number().int(), name: z.string() })),
  agreement_number: z.string().nullable(),
  type: z.enum(AGREEMENT_TYPES),
  status: z.enum(AGREEMENT_STATUSES),
  signed_date: z.string().nullable(),
  effective_date: z.string().nullable(),
  opening_date: z.string().nullable(),
  expiration_date: z.string().nullable(),
  initial_term_months: z.number().nullable(),
  renewal_count: z.number().nullable(),
  renewal_length_months: z.number().nullable(),
  renewal_notice_days: z.number().nullable(),
  renewal_notice_deadline: z.string().nullable(),
  renewal_fee: z.number().nullable(),
  initial_fee: z.number().nullable(),
  royalty_percent: z.number().nullable(),
  royalty_minimum: z.number().nullable(),
  royalty_tiers: z.array(z.object({ from_sales: z.number(), percent: z.number() })),
  marketing_percent: z.number().nullable(),
  technology_fee: z.number().nullable(),
  transfer_fee: z.number().nullable(),
  reporting_frequency: z.enum(REPORTING_FREQUENCIES).nullable(),
  territory_description: z.string().nullable(),
  territory_exclusive: z.boolean(),
  territory_radius_miles: z.number().nullable(),
  clauses: z.array(z.object({ kind: z.string(), text: z.string(), date: z.string().nullable(), document_id: z.number().nullable(), page: z.number().nullable() })),
  /** Stores whose lease ends more than the team's alignment window apart from this agreement. */
  misaligned_stores: z.array(z.object({ id: z.number().int(), name: z.string(), lease_expiration: z.string(), days_apart: z.number().int() })),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  abilities: abilitiesSchema,
  /** Team-defined attributes (live ones): key → value. */
  attributes: attributeValuesOutSchema.optional(),
});
export type Agreement = z.infer<typeof agreementSchema>;
