import {
  toDollars,
  type LeaseAccounting,
  type LeaseSchedule,
  type Schedule,
  type ScheduleRow,
  type ScheduleRowOut,
} from '@storekeep/contracts';
import { Fixed, type Cell } from '../../platform/tabular';
import type { Profile, Resolved } from './terms';

/** Beside each reading, whether it is the lease's own or the team's default. */
const sourcesOf = (profile: Profile) => ({
  rate_convention_source: profile.sources.rate_convention,
  payment_timing_source: profile.sources.payment_timing,
  rounding_source: profile.sources.rounding,
  precision_source: profile.sources.precision,
});

export function presentProfile(
  leaseId: number,
  profile: Profile,
  resolved: Resolved,
  canUpdate: boolean,
): LeaseAccounting {
  return {
    lease_id: leaseId,
    saved: profile.saved,
    standard: profile.standard,
    classification_answers: Object.fromEntries(
      Object.entries(profile.classification_answers).map(([k, v]) => [k, v === true]),
    ),
    classification_override: profile.classification_override,
    classification_reason: profile.classification_reason,
    exemption: profile.exemption,
    commencement_date: profile.commencement_date,
    discount_rate: profile.discount_rate,
    rate_convention: profile.rate_convention,
    payment_timing: profile.payment_timing,
    rounding: profile.rounding,
    precision: profile.precision,
    ...sourcesOf(profile),
    reasonably_certain_options: profile.reasonably_certain_options,
    renewal_increase_percent: profile.renewal_increase_percent,
    initial_direct_costs: toDollars(profile.initial_direct_costs_cents),
    incentives: toDollars(profile.incentives_cents),
    prepaid_rent: toDollars(profile.prepaid_rent_cents),
    resolved: {
      classification: resolved.classification.classification,
      criteria_met: resolved.classification.criteria_met,
      overridden: resolved.classification.overridden,
      expense_model: resolved.expense_model,
      commencement_date: resolved.commencement_date,
      term_end: resolved.term_end,
      term_months: resolved.term_months,
      discount_rate: resolved.discount_rate,
      rate_source: resolved.rate_source,
      short_term_eligible: resolved.short_term_eligible,
    },
    problems: resolved.problems,
    abilities: { update: canUpdate },
  };
}

export function presentRow(row: ScheduleRow, closed = false): ScheduleRowOut {
  return {
    month: row.month,
    closed,
    period: row.period_start.slice(0, 7),
    period_start: row.period_start,
    payment: toDollars(row.payment_cents),
    interest: toDollars(row.interest_cents),
    principal: toDollars(row.principal_cents),
    liability_opening: toDollars(row.liability_opening_cents),
    liability_closing: toDollars(row.liability_closing_cents),
    rou_opening: toDollars(row.rou_opening_cents),
    rou_amortization: toDollars(row.rou_amortization_cents),
    rou_closing: toDollars(row.rou_closing_cents),
    straight_line_cost:
      row.straight_line_cost_cents === null ? null : toDollars(row.straight_line_cost_cents),
    total_expense: toDollars(row.total_expense_cents),
  };
}

export function presentSchedule(
  leaseId: number,
  profile: Profile,
  resolved: Resolved & {
    commencement_date: string;
    term_end: string;
    term_months: number;
    discount_rate: number;
  },
  schedule: Schedule,
  books: { closedMonths: number; remeasuredFrom: string | null } = { closedMonths: 0, remeasuredFrom: null },
): LeaseSchedule {
  return {
    lease_id: leaseId,
    closed_through: books.closedMonths
      ? (schedule.rows[books.closedMonths - 1]?.period_start.slice(0, 7) ?? null)
      : null,
    remeasured_from: books.remeasuredFrom,
    standard: profile.standard,
    classification: resolved.classification.classification,
    expense_model: schedule.expense_model,
    commencement_date: resolved.commencement_date,
    term_end: resolved.term_end,
    term_months: resolved.term_months,
    discount_rate: resolved.discount_rate,
    rate_convention: profile.rate_convention,
    monthly_rate: schedule.monthly_rate,
    payment_timing: profile.payment_timing,
    rounding: profile.rounding,
    precision: profile.precision,
    ...sourcesOf(profile),
    initial_liability: toDollars(schedule.initial_liability_cents),
    initial_rou_asset: toDollars(schedule.initial_rou_cents),
    total_payments: toDollars(schedule.total_payments_cents),
    total_interest: toDollars(schedule.total_interest_cents),
    rows: schedule.rows.map((row, index) => presentRow(row, index < books.closedMonths)),
  };
}

const money = (value: number | null): Cell => (value === null ? null : new Fixed(value));

/** Columns of the schedule download, in the order an accountant reads a roll-forward. */
export const SCHEDULE_COLUMNS: Array<[string, (row: ScheduleRowOut) => Cell]> = [
  ['Month', (r) => r.month],
  ['Period', (r) => r.period],
  ['Period start', (r) => r.period_start],
  ['Payment', (r) => money(r.payment)],
  ['Interest', (r) => money(r.interest)],
  ['Principal', (r) => money(r.principal)],
  ['Liability opening', (r) => money(r.liability_opening)],
  ['Liability closing', (r) => money(r.liability_closing)],
  ['ROU asset opening', (r) => money(r.rou_opening)],
  ['ROU amortization', (r) => money(r.rou_amortization)],
  ['ROU asset closing', (r) => money(r.rou_closing)],
  ['Straight-line cost', (r) => money(r.straight_line_cost)],
  ['Total expense', (r) => money(r.total_expense)],
];
