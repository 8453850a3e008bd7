import {
  ACCOUNTING_READINGS,
  borrowingRateFor,
  classifyAsc842,
  expenseModel,
  freeRentUntil,
  leaseTermMonths,
  monthlyPaymentsFromRent,
  qualifiesAsShortTerm,
  renewalTerm,
  toCents,
  type AccountingStandard,
  type BorrowingRateBand,
  type ClassificationAnswers,
  type ClassificationResult,
  type ExpenseModel,
  type Lease,
  type LeaseClassification,
  type PaymentTiming,
  type RateConvention,
  type RecognitionExemption,
  type RoundingMode,
  type RoundingPrecision,
  type ScheduleInput,
  type AccountingReading,
  type ReadingSource,
} from '@storekeep/contracts';
import type { AccountingReadings } from '../teams/index';

/** A profile as the engine needs it: cents and parsed JSON. */
export type Profile = {
  saved: boolean;
  standard: AccountingStandard;
  classification_answers: ClassificationAnswers;
  classification_override: LeaseClassification | null;
  classification_reason: string | null;
  exemption: RecognitionExemption;
  commencement_date: string | null;
  discount_rate: number | null;
  rate_convention: RateConvention;
  payment_timing: PaymentTiming;
  rounding: RoundingMode;
  precision: RoundingPrecision;
  reasonably_certain_options: number[];
  renewal_increase_percent: number;
  initial_direct_costs_cents: number;
  incentives_cents: number;
  prepaid_rent_cents: number;
  /** Whether each reading above is the lease's own or the team's default (named beside the figures). */
  sources: Record<AccountingReading, ReadingSource>;
};

/** A profile's own readings: null where it leaves the reading to the team. */
export type OwnReadings = { [R in AccountingReading]: Profile[R] | null };

/**
 * The readings in force: each the profile's own or, where it leaves one to the team (or was never saved), the
 * team's default of today, so a changed default moves those leases' schedules and no other.
 */
export function readingsOf(
  own: OwnReadings,
  team: AccountingReadings,
): Pick<Profile, AccountingReading | 'sources'> {
  const source = (reading: AccountingReading): ReadingSource => (own[reading] === null ? 'team' : 'lease');
  return {
    rate_convention: own.rate_convention ?? team.rate_convention,
    payment_timing: own.payment_timing ?? team.payment_timing,
    rounding: own.rounding ?? team.rounding,
    precision: own.precision ?? team.precision,
    sources: Object.fromEntries(ACCOUNTING_READINGS.map((r) => [r, source(r)])) as Profile['sources'],
  };
}

const noneOwn: OwnReadings = {
  rate_convention: null,
  payment_timing: null,
  rounding: null,
  precision: null,
};

/** The profile of a lease that has none saved: the common answers, every reading the team's. */
export const unsavedProfile = (team: AccountingReadings): Profile => ({
  saved: false,
  standard: 'asc842',
  classification_answers: {},
  classification_override: null,
  classification_reason: null,
  exemption: 'none',
  commencement_date: null,
  discount_rate: null,
  ...readingsOf(noneOwn, team),
  reasonably_certain_options: [],
  renewal_increase_percent: 0,
  initial_direct_costs_cents: 0,
  incentives_cents: 0,
  prepaid_rent_cents: 0,
});

export type Resolved = {
  classification: ClassificationResult;
  expense_model: ExpenseModel;
  commencement_date: string | null;
  term_end: string | null;
  term_months: number | null;
  discount_rate: number | null;
  rate_source: 'lease' | 'team_table' | null;
  short_term_eligible: boolean | null;
  renewal_starts: string[];
  /** Field → why no schedule can be built yet. */
  problems: Record<string, string>;
};

/**
 * What a profile means for a lease: the accounting term (through every remaining renewal of the options
 * counted as reasonably certain), the rate (the lease's own, else the team's band for the term), the
 * classification and what stands in the way of a schedule.
 */
export function resolveProfile(lease: Lease, profile: Profile, bands: BorrowingRateBand[]): Resolved {
  const problems: Record<string, string> = {};
  const commencement = profile.commencement_date ?? lease.commencement_date;
  if (!commencement) problems.commencement_date = 'The lease needs a commencement date.';
  let termEnd = lease.expiration_date;
  if (!termEnd) problems.expiration_date = 'The lease needs an expiration date.';
  const renewalStarts: string[] = [];
  for (const position of [...profile.reasonably_certain_options].sort((a, b) => a - b)) {
    const option = lease.options[position];
    if (!option || option.kind !== 'renewal' || !option.length_months) {
      problems.reasonably_certain_options = `Option ${position + 1} is not a renewal option with a length.`;
      continue;
    }
    if (option.status !== 'open') continue;
    for (let renewal = option.exercised_count; renewal < option.count && termEnd; renewal += 1) {
      const term = renewalTerm(termEnd, option.length_months);
      renewalStarts.push(term.start);
      termEnd = term.end;
    }
  }
  const months = commencement && termEnd ? leaseTermMonths(commencement, termEnd) : null;
  if (commencement && termEnd && !months)
    problems.commencement_date = 'The accounting term must end after it commences.';

  let rate = profile.discount_rate;
  let source: Resolved['rate_source'] = rate === null ? null : 'lease';
  if (rate === null && months) {
    rate = borrowingRateFor(bands, months);
    source = rate === null ? null : 'team_table';
  }
  if (rate === null)
    problems.discount_rate = "Enter the lease's discount rate or the team's incremental borrowing rates.";

  const purchaseOption = profile.classification_answers.purchase_option_reasonably_certain === true;
  const eligible = months ? qualifiesAsShortTerm(months, purchaseOption) : null;
  if (profile.exemption === 'short_term' && eligible === false)
    problems.exemption =
      'The short-term exemption needs a term of 12 months or less without a purchase option the lessee is reasonably certain to exercise.';

  const override =
    profile.classification_override && profile.classification_reason
      ? { classification: profile.classification_override, reason: profile.classification_reason }
      : null;
  const classification = classifyAsc842(profile.classification_answers, override);
  return {
    classification,
    expense_model: expenseModel(profile.standard, classification.classification, profile.exemption),
    commencement_date: commencement,
    term_end: termEnd,
    term_months: months,
    discount_rate: rate,
    rate_source: source,
    short_term_eligible: eligible,
    renewal_starts: renewalStarts,
    problems,
  };
}

/** The engine's input for a lease whose profile resolved without problems. */
export function scheduleInputOf(lease: Lease, profile: Profile, resolved: Resolved): ScheduleInput | null {
  if (Object.keys(resolved.problems).length > 0) return null;
  if (!resolved.commencement_date || !resolved.term_end || resolved.discount_rate === null) return null;
  const payments = monthlyPaymentsFromRent({
    rows: lease.rent_schedule.map((row) => ({
      start_date: row.start_date,
      end_date: row.end_date,
      monthly_cents: toCents(row.monthly_amount),
      per_sqft_cents: toCents(row.amount_per_sqft),
    })),
    rentableSqft: lease.rentable_sqft,
    commencement: resolved.commencement_date,
    termEnd: resolved.term_end,
    freeRentUntil: freeRentUntil(lease),
    renewalStarts: resolved.renewal_starts,
    renewalIncreasePercent: profile.renewal_increase_percent,
  });
  return {
    standard: profile.standard,
    classification: resolved.classification.classification,
    exemption: profile.exemption,
    startDate: resolved.commencement_date,
    payments,
    annualRatePercent: resolved.discount_rate,
    convention: profile.rate_convention,
    timing: profile.payment_timing,
    rounding: profile.rounding,
    precision: profile.precision,
    initialDirectCostsCents: profile.initial_direct_costs_cents,
    incentivesCents: profile.incentives_cents,
    prepaidCents: profile.prepaid_rent_cents,
  };
}
