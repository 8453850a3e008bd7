import { z } from 'zod';
import { attributeValuesInputSchema, attributeValuesOutSchema } from './attributes';
import { abilitiesSchema } from './common';
import {
  BUSINESS_DAY_RULES,
  DATE_ANCHORS,
  DAY_COUNTS,
  DEFAULT_DAY_COUNT,
  DEFAULT_LEASE_MONTH_CONVENTION,
  LEASE_MONTH_CONVENTIONS,
  OFFSET_DIRECTIONS,
  OFFSET_UNITS,
  RENT_BASES,
  noticeWindow,
  renewalChain,
  type AnchorDates,
  type DayCount,
  type HolidayCalendar,
  type IsoDate,
  type LeaseMonthConvention,
  type NoticeRule,
  type RenewalWindow,
} from './critical-dates';
import { isWholeCents } from './money';
import {
  blankOrNumericText,
  blankToNull,
  oneOf,
  optionalDateField,
  optionalString,
  validationMessage,
} from './validation';

export const LEASE_STATUSES = ['draft', 'active', 'holdover', 'expired', 'terminated'] as const;
export const LEASE_TYPES = ['gross', 'net', 'nnn', 'modified_gross', 'percentage'] as const;
export const OPTION_KINDS = ['renewal', 'termination', 'expansion', 'contraction', 'purchase'] as const;
export const OPTION_STATUSES = ['open', 'exercised', 'waived', 'lapsed'] as const;
export const CHARGE_KINDS = ['cam', 'taxes', 'insurance', 'utilities', 'other'] as const;
export const LEASE_CLAUSE_KINDS = [
  'renewal',
  'termination',
  'assignment_subletting',
  'exclusive_use',
  'use_restriction',
  'co_tenancy',
  'radius',
  'relocation',
  'go_dark',
  'holdover',
  'cam_audit',
  'insurance',
  'repairs',
  'guaranty',
  'default_cure',
  'right_of_first_refusal',
  'signage',
  'other',
] as const;
export const AGREEMENT_TYPES = ['single_unit', 'area_development', 'master'] as const;
export const AGREEMENT_STATUSES = ['in_development', 'open', 'terminated', 'expired', 'corporate'] as const;
export const AGREEMENT_CLAUSE_KINDS = [
  'grant_territory',
  'term_renewal',
  'fees',
  'reporting_audit',
  'training',
  'operations_manual',
  'trademark',
  'marketing_fund',
  'site_selection_lease',
  'insurance',
  'transfer',
  'default_termination',
  'non_compete',
  'other',
] as const;
export const REPORTING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'annually'] as const;

const numeric = blankOrNumericText;
const date = optionalDateField;
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
const money = (label: string) =>
  number(label, 0, 1_000_000_000).refine((v) => v === null || isWholeCents(v), {
    error: `The ${label} may have at most two decimals.`,
  });
const id = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('in', label) })
      .int({ error: validationMessage('in', label) })
      .positive({ error: validationMessage('in', label) })
      .nullable(),
  );
const requiredId = (label: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('required', label) })
      .int({ error: validationMessage('in', label) })
      .positive({ error: validationMessage('in', label) }),
  );

export const rentRowSchema = z
  .object({
    start_date: requiredDate('start date'),
    end_date: requiredDate('end date'),
    monthly_amount: money('monthly amount'),
    amount_per_sqft: money('amount per square foot'),
  })
  .superRefine((row, ctx) => {
    if (!(row.end_date > row.start_date))
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: validationMessage('after', 'end date', { other: 'start date' }),
      });
    if (row.monthly_amount === null && row.amount_per_sqft === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['monthly_amount'],
        message: validationMessage('required_unless', 'monthly amount', { other: 'amount per square foot' }),
      });
    }
  });
export type RentRow = z.infer<typeof rentRowSchema>;

/**
 * A rent schedule's periods may not share a day: each row covers start through end date inclusive, and one day
 * has one rent (escalation reminders are keyed by a row's start). The later row of a clash gets the error on its
 * start date, naming the row it clashes with (rows counted from 1, as the form shows them).
 */
export function rentPeriodIssues(
  rows: ReadonlyArray<{ start_date: string; end_date: string }>,
): Array<{ index: number; message: string }> {
  const order = rows
    .map((row, index) => ({ ...row, index }))
    .sort((a, b) =>
      a.start_date === b.start_date ? a.index - b.index : a.start_date < b.start_date ? -1 : 1,
    );
  const issues: Array<{ index: number; message: string }> = [];
  let reach: (typeof order)[number] | null = null;
  for (const row of order) {
    if (reach && row.start_date <= reach.end_date) {
      issues.push({
        index: row.index,
        message:
          row.start_date === reach.start_date
            ? `The start date is the same as row ${reach.index + 1}'s: each rent period needs its own dates.`
            : `This period overlaps row ${reach.index + 1} (${reach.start_date} to ${reach.end_date}).`,
      });
    }
    if (!reach || row.end_date > reach.end_date) reach = row;
  }
  return issues.sort((a, b) => a.index - b.index);
}

const rentScheduleSchema = z
  .array(rentRowSchema)
  .max(600)
  .superRefine((rows, ctx) => {
    for (const issue of rentPeriodIssues(rows))
      ctx.addIssue({ code: 'custom', path: [issue.index, 'start_date'], message: issue.message });
  });

export const chargeSchema = z.object({
  kind: oneOf(CHARGE_KINDS, 'kind'),
  monthly_amount: money('monthly amount').refine((v) => v !== null, {
    error: validationMessage('required', 'monthly amount'),
  }),
  estimated: z.boolean().default(false),
});

/** One bound of a notice: "N days | months | years before | after an anchor" (critical-dates.ts). */
export const dateRuleSchema = z
  .object({
    anchor: oneOf(DATE_ANCHORS, 'anchor'),
    amount: z.preprocess(
      numeric,
      z
        .number({ error: validationMessage('required', 'notice period') })
        .int({ error: validationMessage('integer', 'notice period') })
        .min(0, { error: validationMessage('min_numeric', 'notice period', { min: 0 }) })
        .max(3650, { error: validationMessage('max_numeric', 'notice period', { max: 3650 }) }),
    ),
    unit: oneOf(OFFSET_UNITS, 'unit').default('days'),
    direction: oneOf(OFFSET_DIRECTIONS, 'direction').default('before'),
    fixed_date: date('fixed date').default(null),
    term_month: z
      .preprocess(
        numeric,
        z
          .number({ error: validationMessage('between', 'lease month', { min: 1, max: 1200 }) })
          .int()
          .min(1)
          .max(1200)
          .nullable(),
      )
      .default(null),
  })
  .superRefine((rule, ctx) => {
    if (rule.anchor === 'fixed_date' && !rule.fixed_date)
      ctx.addIssue({
        code: 'custom',
        path: ['fixed_date'],
        message: validationMessage('required', 'fixed date'),
      });
    if (rule.anchor === 'end_of_term_month' && !rule.term_month)
      ctx.addIssue({
        code: 'custom',
        path: ['term_month'],
        message: validationMessage('required', 'lease month'),
      });
  });

/** A notice window: an optional earliest and a latest date, the roll rule and the counting conventions. */
export const noticeRuleSchema = z.object({
  earliest: dateRuleSchema.nullable().default(null),
  latest: dateRuleSchema,
  business_day: oneOf(BUSINESS_DAY_RULES, 'business day rule').default('none'),
  day_count: oneOf(DAY_COUNTS, 'day count').default(DEFAULT_DAY_COUNT),
  lease_months: oneOf(LEASE_MONTH_CONVENTIONS, 'lease months').default(DEFAULT_LEASE_MONTH_CONVENTION),
});
export type NoticeRuleInput = z.input<typeof noticeRuleSchema>;

/**
 * "N days before expiration | commencement", the single deadline options had before windows, read as a
 * notice rule: clients that send only `notice_days` keep working.
 */
export function legacyNoticeRule(noticeDays: number, from: 'expiration' | 'commencement'): NoticeRule {
  return {
    earliest: null,
    latest: {
      anchor: from === 'commencement' ? 'commencement' : 'term_end',
      amount: noticeDays,
      unit: 'days',
      direction: 'before',
    },
    business_day: 'none',
  };
}

export const optionSchema = z
  .object({
    kind: oneOf(OPTION_KINDS, 'kind'),
    count: z
      .preprocess(
        numeric,
        z
          .number()
          .int()
          .min(1, { error: validationMessage('min_numeric', 'count', { min: 1 }) })
          .max(20),
      )
      .default(1),
    length_months: number('length', 0, 600),
    /** The notice window; without it, `notice_days` before `notice_from` is the single deadline. */
    notice: noticeRuleSchema.nullable().default(null),
    notice_days: z
      .preprocess(
        numeric,
        z
          .number({ error: validationMessage('required', 'notice days') })
          .int()
          .min(0)
          .max(3650)
          .nullable(),
      )
      .default(null),
    notice_from: z
      .enum(['expiration', 'commencement'], { error: validationMessage('in', 'notice from') })
      .default('expiration'),
    delivery_method: optionalString('delivery method', 120),
    status: oneOf(OPTION_STATUSES, 'status').default('open'),
    /** Renewals of this option already exercised (they extended the expiration). */
    exercised_count: z.preprocess(numeric, z.number().int().min(0).max(20)).default(0),
    /** Where the option is written: a linked document and its page. */
    source_document_id: id('source document').default(null),
    source_page: z.preprocess(numeric, z.number().int().min(1).max(10_000).nullable()).default(null),
  })
  .superRefine((option, ctx) => {
    if (option.notice === null && option.notice_days === null)
      ctx.addIssue({
        code: 'custom',
        path: ['notice_days'],
        message: validationMessage('required', 'notice days'),
      });
    if (option.exercised_count > option.count)
      ctx.addIssue({
        code: 'custom',
        path: ['exercised_count'],
        message: validationMessage('max_numeric', 'exercised renewals', { max: option.count }),
      });
  });
export type LeaseOptionInput = z.input<typeof optionSchema>;

/** The notice rule an option's values stand for. */
export const optionNoticeRule = (option: {
  notice: NoticeRule | null;
  notice_days: number | null;
  notice_from: 'expiration' | 'commencement';
}): NoticeRule => option.notice ?? legacyNoticeRule(option.notice_days ?? 0, option.notice_from);

/** Counting conventions a notice rule may leave to its team. */
export type NoticeConventions = { day_count: DayCount; lease_months: LeaseMonthConvention };

/** The option's notice rule; one that names no counting conventions takes `conventions` (the team's). */
export function optionRuleWithConventions(
  option: Parameters<typeof optionNoticeRule>[0],
  conventions?: NoticeConventions,
): NoticeRule {
  const rule = optionNoticeRule(option);
  return {
    ...rule,
    day_count: rule.day_count ?? conventions?.day_count,
    lease_months: rule.lease_months ?? conventions?.lease_months,
  };
}

/** An option as its notice dates follow from: stored, validated, or as a form holds it. */
export type OptionNoticeTerms = {
  kind: string;
  count: number;
  length_months: number | null;
  notice: NoticeRule | null;
  notice_days: number | null;
  notice_from: 'expiration' | 'commencement';
  status: string;
  exercised_count: number;
  /** The term end before the first renewal, when known. */
  first_term_end?: IsoDate | null;
};

/**
 * The option's notice windows, the server's deadlines and the form's preview alike: a renewal option with
 * `count` renewals yields one per renewal, each counted from the end of the term before it; any other
 * option (termination, kick-out, expansion, purchase) has one, and none without an expiration date.
 * A rule that names no counting conventions takes `conventions` (the team's).
 */
export function optionNoticeWindows(
  option: OptionNoticeTerms,
  dates: AnchorDates,
  context: {
    calendar: HolidayCalendar;
    today?: IsoDate;
    conventions?: NoticeConventions;
    /** A renewal chain up to its first renewal not yet exercised only (renewalChain). */
    currentOnly?: boolean;
  },
): RenewalWindow[] {
  const rule = optionRuleWithConventions(option, context.conventions);
  const closed = option.status === 'waived' ? 'waived' : option.status === 'lapsed' ? 'lapsed' : null;
  if (option.kind === 'renewal' && option.length_months) {
    return renewalChain({
      rule,
      dates,
      count: option.count,
      length_months: option.length_months,
      exercised: option.exercised_count,
      first_term_end: option.first_term_end ?? null,
      closed,
      today: context.today,
      calendar: context.calendar,
      currentOnly: context.currentOnly,
    });
  }
  const window = noticeWindow(rule, dates, { calendar: context.calendar });
  if (!window || !dates.expiration_date) return [];
  const lapsed = context.today !== undefined && window.latest.date < context.today;
  const state: RenewalWindow['state'] =
    option.status === 'exercised' ? 'exercised' : (closed ?? (lapsed ? 'lapsed' : 'open'));
  return [
    {
      sequence: 1,
      term_end: dates.expiration_date,
      renewal: { start: dates.expiration_date, end: dates.expiration_date },
      window,
      state,
    },
  ];
}

export const clauseSchema = (kinds: readonly [string, ...string[]]) =>
  z.object({
    kind: oneOf(kinds as [string, ...string[]], 'kind'),
    text: z
      .string()
      .trim()
      .min(1, { error: validationMessage('required', 'clause text') })
      .max(20_000),
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
  rent_schedule: rentScheduleSchema.default([]),
  charges: z.array(chargeSchema).max(50).default([]),
  options: z.array(optionSchema).max(50).default([]),
  clauses: z.array(clauseSchema(LEASE_CLAUSE_KINDS)).max(200).default([]),
});

/** Whole-lease rules (on update: stored values with the changes applied). */
export function leaseRules(
  value: { commencement_date: string | null; expiration_date: string | null },
  ctx: z.RefinementCtx,
) {
  if (
    value.commencement_date &&
    value.expiration_date &&
    !(value.expiration_date > value.commencement_date)
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiration_date'],
      message: validationMessage('after', 'expiration date', { other: 'commencement date' }),
    });
  }
}
export const leaseInputSchema = leaseFieldsSchema.superRefine(leaseRules);
export type LeaseInput = z.input<typeof leaseInputSchema>;
/**
 * A lease as the API takes it: its fields and `attributes: { key: value }` (checked against the team's
 * definitions on the server). The whole-lease rules run on the server, on a PATCH against the merged lease.
 */
export const leaseBodySchema = leaseFieldsSchema.extend({
  attributes: attributeValuesInputSchema.optional(),
});

const ref = z.object({ id: z.number().int(), name: z.string() }).nullable();

const dateRuleOutSchema = z.object({
  anchor: z.enum(DATE_ANCHORS),
  amount: z.number().int(),
  unit: z.enum(OFFSET_UNITS),
  direction: z.enum(OFFSET_DIRECTIONS),
  fixed_date: z.string().nullable(),
  term_month: z.number().int().nullable(),
});

/** A computed notice date with what it came from: the web shows `explanation` beside the date. */
export const computedDateOutSchema = z.object({
  date: z.string(),
  unrolled: z.string(),
  anchor_date: z.string(),
  explanation: z.string(),
  skipped: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type ComputedDateOut = z.infer<typeof computedDateOutSchema>;

export const noticeWindowOutSchema = z.object({
  sequence: z.number().int(),
  term_end: z.string(),
  renewal: z.object({ start: z.string(), end: z.string() }),
  state: z.enum(['exercised', 'waived', 'open', 'future', 'lapsed']),
  earliest: computedDateOutSchema.nullable(),
  latest: computedDateOutSchema,
});
export type NoticeWindowOut = z.infer<typeof noticeWindowOutSchema>;

export const leaseOptionOutSchema = z.object({
  kind: z.enum(OPTION_KINDS),
  count: z.number().int(),
  length_months: z.number().nullable(),
  notice: z.object({
    earliest: dateRuleOutSchema.nullable(),
    latest: dateRuleOutSchema,
    business_day: z.enum(BUSINESS_DAY_RULES),
    day_count: z.enum(DAY_COUNTS),
    lease_months: z.enum(LEASE_MONTH_CONVENTIONS),
  }),
  notice_days: z.number().int().nullable(),
  notice_from: z.enum(['expiration', 'commencement']),
  /** The latest notice date of the open window (null when none is open). */
  deadline: z.string().nullable(),
  delivery_method: z.string().nullable(),
  status: z.enum(OPTION_STATUSES),
  exercised_count: z.number().int(),
  source_document_id: z.number().nullable(),
  source_page: z.number().nullable(),
  /** One window per renewal: exercised ones, the open one, and those that would follow. */
  windows: z.array(noticeWindowOutSchema),
  verified: z.object({ by: z.string(), at: z.string() }).nullable(),
});
export type LeaseOptionOut = z.infer<typeof leaseOptionOutSchema>;

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
  rent_schedule: z.array(
    z.object({
      start_date: z.string(),
      end_date: z.string(),
      monthly_amount: z.number().nullable(),
      amount_per_sqft: z.number().nullable(),
    }),
  ),
  charges: z.array(
    z.object({ kind: z.enum(CHARGE_KINDS), monthly_amount: z.number(), estimated: z.boolean() }),
  ),
  options: z.array(leaseOptionOutSchema),
  clauses: z.array(
    z.object({
      kind: z.string(),
      text: z.string(),
      date: z.string().nullable(),
      document_id: z.number().nullable(),
      page: z.number().nullable(),
    }),
  ),
  /** Rent in force on the team's today (free-rent months, the row covering today, or holdover at its rate). */
  monthly_rent: z.number(),
  rent_basis: z.enum(RENT_BASES),
  /** (monthly_rent + charges) × 12. */
  annual_rent: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  abilities: abilitiesSchema,
  /** Team-defined attributes (live ones): key → value. */
  attributes: attributeValuesOutSchema.optional(),
});
export type Lease = z.infer<typeof leaseSchema>;

/** The earliest deadline of a lease's open options (null when none is open). */
export function nextOptionDeadline(options: ReadonlyArray<Pick<LeaseOptionOut, 'status' | 'deadline'>>) {
  let next: string | null = null;
  for (const option of options)
    if (option.status === 'open' && option.deadline && (next === null || option.deadline < next))
      next = option.deadline;
  return next;
}

/**
 * A lease as the list shows it: the detail's fields without its rent rows, charges, options and clauses, which
 * made a page of 25 leases ~96 KB (a lease's option windows alone ~1.5 KB); `GET /leases/{id}` has them. What the
 * list shows of the options is the earliest open deadline.
 */
export const leaseListItemSchema = leaseSchema
  .omit({ rent_schedule: true, charges: true, options: true, clauses: true })
  .extend({ next_deadline: z.string().nullable() });
export type LeaseListItem = z.infer<typeof leaseListItemSchema>;

export const escalationInputSchema = z.object({
  start_date: requiredDate('start date'),
  end_date: requiredDate('end date'),
  monthly_amount: z.preprocess(
    numeric,
    z.number({ error: validationMessage('required', 'monthly amount') }).min(0),
  ),
  method: z.enum(['percent', 'amount'], { error: validationMessage('in', 'method') }),
  value: z.preprocess(
    numeric,
    z
      .number({ error: validationMessage('required', 'value') })
      .min(0)
      .max(1_000_000),
  ),
  every_months: z.preprocess(numeric, z.number().int().min(1).max(120)).default(12),
});
export type EscalationInput = z.input<typeof escalationInputSchema>;

export const LEASE_SORTS = [
  'expiration_date',
  'commencement_date',
  'reference',
  'status',
  'created_at',
  'updated_at',
] as const;

// ---------- franchise agreements ----------

export const royaltyTierSchema = z.object({
  from_sales: money('tier start').refine((v) => v !== null, {
    error: validationMessage('required', 'tier start'),
  }),
  percent: number('tier percent', 0, 100).refine((v) => v !== null, {
    error: validationMessage('required', 'tier percent'),
  }),
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
  reporting_frequency: z
    .preprocess(
      blankToNull,
      z.enum(REPORTING_FREQUENCIES, { error: validationMessage('in', 'reporting frequency') }).nullable(),
    )
    .default(null),
  territory_description: optionalString('territory', 2000),
  territory_exclusive: z.boolean().default(false),
  territory_radius_miles: number('radius', 0, 1000),
  clauses: z.array(clauseSchema(AGREEMENT_CLAUSE_KINDS)).max(200).default([]),
});

export function agreementRules(
  value: { effective_date: string | null; expiration_date: string | null },
  ctx: z.RefinementCtx,
) {
  if (value.effective_date && value.expiration_date && !(value.expiration_date > value.effective_date)) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiration_date'],
      message: validationMessage('after', 'expiration date', { other: 'effective date' }),
    });
  }
}
export const agreementInputSchema = agreementFieldsSchema.superRefine(agreementRules);
export type AgreementInput = z.input<typeof agreementInputSchema>;
/** An agreement as the API takes it, `attributes` too (see leaseBodySchema). */
export const agreementBodySchema = agreementFieldsSchema.extend({
  attributes: attributeValuesInputSchema.optional(),
});

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
  clauses: z.array(
    z.object({
      kind: z.string(),
      text: z.string(),
      date: z.string().nullable(),
      document_id: z.number().nullable(),
      page: z.number().nullable(),
    }),
  ),
  /** Stores whose lease ends more than the team's alignment window apart from this agreement. */
  misaligned_stores: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      lease_expiration: z.string(),
      days_apart: z.number().int(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  abilities: abilitiesSchema,
  /** Team-defined attributes (live ones): key → value. */
  attributes: attributeValuesOutSchema.optional(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** An agreement as the list shows it: without its clauses' text (`GET /agreements/{id}` has them). */
export const agreementListItemSchema = agreementSchema.omit({ clauses: true });
export type AgreementListItem = z.infer<typeof agreementListItemSchema>;

export function agreementListItem(agreement: Agreement): AgreementListItem {
  const { clauses: _clauses, ...rest } = agreement;
  return rest;
}

// ---------- option exercise, waiver, verification and the amendment history ----------

export const RENEWAL_RENT_METHODS = ['fixed', 'percent', 'fair_market_value'] as const;

/** `POST /leases/{id}/options/{position}/exercise`: the notice given and the renewal's rent terms. */
export const exerciseOptionFieldsSchema = z.object({
  /** The day the notice was delivered (default: the team's today). */
  exercised_on: date('notice date').default(null),
  delivery_method: optionalString('delivery method', 120),
  /** Proof of delivery or the notice letter, a document of the team. */
  document_id: id('document').default(null),
  rent_method: oneOf(RENEWAL_RENT_METHODS, 'rent method').default('percent'),
  monthly_amount: money('monthly amount').default(null),
  percent: number('percent over the last rent', -100, 1000).default(null),
  /** Yearly increase inside the renewal term (0 or blank: one rent for the whole term). */
  annual_increase_percent: number('annual increase', 0, 100).default(null),
});
/** The fields with the rule between them (the route declares the fields; the whole is checked once the option is found). */
export const exerciseOptionInputSchema = exerciseOptionFieldsSchema.superRefine((input, ctx) => {
  if (input.rent_method === 'fixed' && input.monthly_amount === null)
    ctx.addIssue({
      code: 'custom',
      path: ['monthly_amount'],
      message: validationMessage('required', 'monthly amount'),
    });
  if (input.rent_method === 'percent' && input.percent === null)
    ctx.addIssue({
      code: 'custom',
      path: ['percent'],
      message: validationMessage('required', 'percent over the last rent'),
    });
});
export type ExerciseOptionInput = z.input<typeof exerciseOptionInputSchema>;

export const waiveOptionInputSchema = z.object({
  reason: optionalString('reason', 1000),
  document_id: id('document').default(null),
});

/** A lease amendment: an option exercised or waived, an edit, or an amendment document with its changes. */
export const AMENDMENT_KINDS = ['exercise', 'waive', 'edit', 'amendment', 'status', 'lapse'] as const;

export const amendmentInputSchema = z.object({
  summary: z
    .string({ error: validationMessage('required', 'summary') })
    .trim()
    .min(1, { error: validationMessage('required', 'summary') })
    .max(1000, { error: validationMessage('max_string', 'summary', { max: 1000 }) }),
  document_id: id('document').default(null),
  /** The lease fields the amendment changes (any PATCH body). */
  changes: z.record(z.string(), z.unknown()).default({}),
});

export const leaseAmendmentSchema = z.object({
  id: z.number(),
  kind: z.enum(AMENDMENT_KINDS),
  summary: z.string(),
  /** Field → [before, after]. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  document: z.object({ id: z.number(), title: z.string() }).nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type LeaseAmendment = z.infer<typeof leaseAmendmentSchema>;

/** The lease as it was just before an amendment: its input values (what the form would show). */
export const leaseSnapshotSchema = z.object({
  amendment: leaseAmendmentSchema,
  lease: z.record(z.string(), z.unknown()),
});
