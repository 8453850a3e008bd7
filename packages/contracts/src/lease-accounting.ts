import { addCalendarMonths, leaseTermMonths, monthlyRowCents, type IsoDate } from './critical-dates';

/**
 * Lessee accounting under ASC 842 and IFRS 16, as pure arithmetic on integer cents (no I/O), so the server,
 * the web client and the tests compute the same figures from the same inputs.
 *
 * Conventions, each a setting because guides and tools disagree (DOMAIN §5, "Lease accounting"):
 * - Monthly rate: `nominal` is the annual rate ÷ 12 (most guides, Nakisa: 2.25 % → 0.1875 % a month);
 *   `effective` is (1 + annual)^(1/12) − 1, which discounts a yearly payment exactly at the annual rate
 *   (what IFRS illustrative examples with yearly payments reproduce).
 * - Timing: `advance` pays each month's amount on its first day (the commencement payment never enters the
 *   liability: it is part of the right-of-use asset), `arrears` on its last.
 * - Rounding: every period's interest and every cumulative straight-line figure is rounded to a whole cent
 *   (`half_up` by default, as landlords' tables and DOMAIN §5 require; `half_even` for ledgers that use it),
 *   the next period works on the rounded balance, and the last period's interest absorbs the residue so the
 *   liability ends at exactly zero.
 * - Precision: `cent` by default; `unit` rounds the same figures to whole currency units instead, as tables
 *   built in whole dollars do (PwC's Leases guide, Example 4-13), so such a table can be reproduced exactly.
 */

export const ACCOUNTING_STANDARDS = ['asc842', 'ifrs16'] as const;
export type AccountingStandard = (typeof ACCOUNTING_STANDARDS)[number];
export const LEASE_CLASSIFICATIONS = ['operating', 'finance'] as const;
export type LeaseClassification = (typeof LEASE_CLASSIFICATIONS)[number];
export const RATE_CONVENTIONS = ['nominal', 'effective'] as const;
export type RateConvention = (typeof RATE_CONVENTIONS)[number];
export const PAYMENT_TIMINGS = ['advance', 'arrears'] as const;
export type PaymentTiming = (typeof PAYMENT_TIMINGS)[number];
export const ROUNDING_MODES = ['half_up', 'half_even'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];
export const ROUNDING_PRECISIONS = ['cent', 'unit'] as const;
export type RoundingPrecision = (typeof ROUNDING_PRECISIONS)[number];
/** The step every rounded figure is a multiple of, in cents. */
const precisionStep = (precision: RoundingPrecision) => (precision === 'unit' ? 100 : 1);
export const RECOGNITION_EXEMPTIONS = ['none', 'short_term', 'low_value'] as const;
export type RecognitionExemption = (typeof RECOGNITION_EXEMPTIONS)[number];

/** How the income statement sees the lease: one straight-line cost, or interest plus amortization. */
export type ExpenseModel = 'straight_line' | 'interest_and_amortization' | 'exempt';

export function expenseModel(
  standard: AccountingStandard,
  classification: LeaseClassification,
  exemption: RecognitionExemption = 'none',
): ExpenseModel {
  if (exemption !== 'none') return 'exempt';
  // IFRS 16 has one lessee model: every recognised lease is interest plus amortization.
  if (standard === 'ifrs16') return 'interest_and_amortization';
  return classification === 'operating' ? 'straight_line' : 'interest_and_amortization';
}

// ---------------------------------------------------------------------------------------------------------
// Rounding and rates

/** numerator ÷ denominator rounded to an integer (denominator > 0), exactly. */
export function divideRounded(
  numerator: bigint,
  denominator: bigint,
  mode: RoundingMode = 'half_up',
): bigint {
  const sign = numerator < 0n ? -1n : 1n;
  const magnitude = numerator * sign;
  const quotient = magnitude / denominator;
  const twiceRemainder = (magnitude % denominator) * 2n;
  let rounded = quotient;
  if (twiceRemainder > denominator) rounded = quotient + 1n;
  else if (twiceRemainder === denominator)
    rounded = mode === 'half_up' || quotient % 2n === 1n ? quotient + 1n : quotient;
  return rounded * sign;
}

/**
 * numerator ÷ denominator rounded to an integer, exactly, for integers a double holds exactly (the common case:
 * every month of every schedule runs it, so it avoids BigInt).
 */
function divideRoundedSafe(numerator: number, denominator: number, mode: RoundingMode): number {
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = numerator * sign;
  let quotient = Math.floor(magnitude / denominator);
  // The remainder from integers, so a quotient the floating division rounded across a whole is corrected.
  let remainder = magnitude - quotient * denominator;
  if (remainder < 0) {
    quotient -= 1;
    remainder += denominator;
  } else if (remainder >= denominator) {
    quotient += 1;
    remainder -= denominator;
  }
  const twice = remainder * 2;
  if (twice > denominator || (twice === denominator && (mode === 'half_up' || quotient % 2 === 1)))
    quotient += 1;
  return quotient * sign;
}

/** numerator × factor ÷ denominator rounded, exactly: plain numbers while the product is exact, else BigInt. */
function mulDivRounded(numerator: number, factor: number, denominator: number, mode: RoundingMode): number {
  const product = numerator * factor;
  if (Math.abs(product) <= Number.MAX_SAFE_INTEGER) return divideRoundedSafe(product, denominator, mode);
  return Number(divideRounded(BigInt(numerator) * BigInt(factor), BigInt(denominator), mode));
}

/** A float of cents (a present value) to whole cents; ties are impossible to see in binary, so half up. */
function centsOf(value: number, mode: RoundingMode): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (Math.abs(fraction - 0.5) < 1e-9) return mode === 'half_up' || floor % 2 !== 0 ? floor + 1 : floor;
  return Math.round(value);
}

/** An annual rate in percent (2.25) as an exact integer in millionths of a percent (2,250,000). */
const RATE_SCALE = 100_000_000n; // percent × 1,000,000 → fraction
function rateUnits(annualPercent: number): bigint {
  return BigInt(Math.round(annualPercent * 1_000_000));
}

/** The monthly rate as a fraction, under the chosen convention. */
export function monthlyRate(annualPercent: number, convention: RateConvention): number {
  return convention === 'nominal' ? annualPercent / 100 / 12 : Math.pow(1 + annualPercent / 100, 1 / 12) - 1;
}

/**
 * One month's interest on a balance in cents, rounded to the precision. Under `nominal` it is exact (balance ×
 * rate ÷ 12 in integers); under `effective` the rate is irrational and the product is rounded from a double.
 */
export function monthInterestCents(
  balanceCents: number,
  annualPercent: number,
  convention: RateConvention,
  mode: RoundingMode = 'half_up',
  precision: RoundingPrecision = 'cent',
): number {
  const step = precisionStep(precision);
  if (convention === 'nominal')
    return (
      mulDivRounded(balanceCents, Number(rateUnits(annualPercent)), Number(RATE_SCALE) * 12 * step, mode) *
      step
    );
  return centsOf((balanceCents * monthlyRate(annualPercent, convention)) / step, mode) * step;
}

// ---------------------------------------------------------------------------------------------------------
// Payments of the term

/**
 * The payment of each lease month (index 0 is the month that begins on the commencement date) from rent rows:
 * the row in force on the month's first day, nothing in free-rent months. Months after the last row inside
 * the accounting term (reasonably certain renewals) take the last row's rent raised by
 * `renewalIncreasePercent` once per renewal term begun, compounding on the rounded amount.
 */
export function monthlyPaymentsFromRent(input: {
  rows: ReadonlyArray<{
    start_date: IsoDate;
    end_date: IsoDate;
    monthly_cents: number | null;
    per_sqft_cents: number | null;
  }>;
  rentableSqft: number | null;
  commencement: IsoDate;
  termEnd: IsoDate;
  freeRentUntil?: IsoDate | null;
  /** First days of renewal terms counted as reasonably certain, in order. */
  renewalStarts?: ReadonlyArray<IsoDate>;
  renewalIncreasePercent?: number;
}): number[] {
  const months = leaseTermMonths(input.commencement, input.termEnd) ?? 0;
  const rows = [...input.rows].sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
  const last = rows.at(-1);
  const payments: number[] = [];
  const starts = monthStarts(input.commencement, months);
  for (let index = 0; index < months; index += 1) {
    const day = starts[index]!;
    if (input.freeRentUntil && day <= input.freeRentUntil) {
      payments.push(0);
      continue;
    }
    const row = rows.find((r) => r.start_date <= day && day <= r.end_date);
    if (row) {
      payments.push(monthlyRowCents(row, input.rentableSqft));
      continue;
    }
    const renewalsBegun = (input.renewalStarts ?? []).filter((start) => start <= day).length;
    if (last && last.end_date < day && renewalsBegun > 0) {
      let cents = monthlyRowCents(last, input.rentableSqft);
      for (let step = 0; step < renewalsBegun; step += 1)
        cents = Number(
          divideRounded(
            BigInt(cents) * (RATE_SCALE + rateUnits(input.renewalIncreasePercent ?? 0)),
            RATE_SCALE,
          ),
        );
      payments.push(cents);
      continue;
    }
    payments.push(0);
  }
  return payments;
}

// ---------------------------------------------------------------------------------------------------------
// Schedule

export type ScheduleInput = {
  standard: AccountingStandard;
  classification: LeaseClassification;
  exemption?: RecognitionExemption;
  /** First day of the schedule: the commencement date, or a remeasurement's modification date. */
  startDate: IsoDate;
  /** Payment of each month of the term from `startDate`, in cents. */
  payments: ReadonlyArray<number>;
  annualRatePercent: number;
  convention?: RateConvention;
  timing?: PaymentTiming;
  rounding?: RoundingMode;
  /** What figures are rounded to; `cent` unless a table in whole units is to be reproduced. */
  precision?: RoundingPrecision;
  initialDirectCostsCents?: number;
  incentivesCents?: number;
  /** Rent paid before the schedule's first day (part of the right-of-use asset, never of the liability). */
  prepaidCents?: number;
  /**
   * A remeasurement starts from the asset carried at the modification date instead of building it from the
   * liability: ROU = carried ROU + (new liability − carried liability), both before that day's payment.
   */
  carried?: { liabilityCents: number; rouCents: number };
};

export type ScheduleRow = {
  /** 1-based month of this schedule. */
  month: number;
  /** First day of the month (the lease month, from the schedule's start day). */
  period_start: IsoDate;
  payment_cents: number;
  interest_cents: number;
  principal_cents: number;
  liability_opening_cents: number;
  liability_closing_cents: number;
  rou_opening_cents: number;
  rou_amortization_cents: number;
  rou_closing_cents: number;
  /** Straight-line single lease cost (operating and exempt leases), else null. */
  straight_line_cost_cents: number | null;
  /** What the income statement shows for the month: the straight-line cost, or interest + amortization. */
  total_expense_cents: number;
};

export type Schedule = {
  expense_model: ExpenseModel;
  monthly_rate: number;
  /** Liability recognised at the start, after any payment made on the first day. */
  initial_liability_cents: number;
  initial_rou_cents: number;
  /** Present value of every payment including a first-day one (the liability before that payment). */
  present_value_cents: number;
  total_payments_cents: number;
  total_interest_cents: number;
  rows: ScheduleRow[];
};

/** Present value of the payments at the schedule's start, rounded once (to cents, or whole units). */
export function presentValueCents(
  payments: ReadonlyArray<number>,
  annualRatePercent: number,
  convention: RateConvention = 'nominal',
  timing: PaymentTiming = 'advance',
  rounding: RoundingMode = 'half_up',
  precision: RoundingPrecision = 'cent',
): number {
  const factor = 1 / (1 + monthlyRate(annualRatePercent, convention));
  let value = 0;
  payments.forEach((cents, index) => {
    value += cents * Math.pow(factor, timing === 'advance' ? index : index + 1);
  });
  const step = precisionStep(precision);
  return centsOf(value / step, rounding) * step;
}

export function buildSchedule(input: ScheduleInput): Schedule {
  const convention = input.convention ?? 'nominal';
  const timing = input.timing ?? 'advance';
  const rounding = input.rounding ?? 'half_up';
  const precision = input.precision ?? 'cent';
  const idc = input.initialDirectCostsCents ?? 0;
  const incentives = input.incentivesCents ?? 0;
  const prepaid = input.prepaidCents ?? 0;
  const model = expenseModel(input.standard, input.classification, input.exemption);
  const months = input.payments.length;
  const totalPayments = input.payments.reduce((sum, cents) => sum + cents, 0);
  const starts = monthStarts(input.startDate, months);
  const periodStart = (index: number) => starts[index] ?? addCalendarMonths(input.startDate, index);

  if (model === 'exempt' || months === 0) {
    // Short-term and low-value leases stay off the balance sheet: the cost is spread evenly over the term.
    const total = totalPayments + prepaid + idc - incentives;
    const rows = input.payments.map((payment, index) => {
      const cost = straightLineStep(total, index, months, rounding, precision);
      return emptyRow(index, periodStart(index), payment, cost);
    });
    return {
      expense_model: 'exempt',
      monthly_rate: monthlyRate(input.annualRatePercent, convention),
      initial_liability_cents: 0,
      initial_rou_cents: 0,
      present_value_cents: 0,
      total_payments_cents: totalPayments,
      total_interest_cents: 0,
      rows,
    };
  }

  const presentValue = presentValueCents(
    input.payments,
    input.annualRatePercent,
    convention,
    timing,
    rounding,
    precision,
  );
  const firstDayPayment = timing === 'advance' ? (input.payments[0] ?? 0) : 0;
  const initialLiability = presentValue - firstDayPayment;
  const initialRou = input.carried
    ? input.carried.rouCents + (presentValue - input.carried.liabilityCents) + idc - incentives
    : presentValue + prepaid + idc - incentives;

  // Operating: one cost for the whole term. After a remeasurement it spreads what is left to recognise:
  // the remaining payments plus the asset less the liability carried over (accrued or prepaid rent).
  const straightLineTotal = input.carried
    ? totalPayments + initialRou - initialLiability - firstDayPayment
    : totalPayments + prepaid + idc - incentives;

  const rows: ScheduleRow[] = [];
  let liability = presentValue; // before the first-day payment, so every row reads opening − payment + interest
  let rou = initialRou;
  let interestTotal = 0;
  for (let index = 0; index < months; index += 1) {
    const payment = input.payments[index] ?? 0;
    const last = index === months - 1;
    const opening = liability;
    const accruing = timing === 'advance' ? opening - payment : opening;
    let interest = monthInterestCents(accruing, input.annualRatePercent, convention, rounding, precision);
    // The rounding residue of the whole term lands in the last month, so the liability ends at zero.
    if (last) interest = payment - opening;
    const closing = opening - payment + interest;
    interestTotal += interest;

    let amortization: number;
    let straightLine: number | null = null;
    if (model === 'straight_line') {
      straightLine = straightLineStep(straightLineTotal, index, months, rounding, precision);
      // ASC 842 operating: the asset is the plug between the single cost and the liability's accretion.
      amortization = last ? rou : straightLine - interest;
    } else {
      amortization = straightLineStep(initialRou, index, months, rounding, precision);
    }
    const rouClosing = rou - amortization;
    rows.push({
      month: index + 1,
      period_start: periodStart(index),
      payment_cents: payment,
      interest_cents: interest,
      principal_cents: payment - interest,
      liability_opening_cents: opening,
      liability_closing_cents: closing,
      rou_opening_cents: rou,
      rou_amortization_cents: amortization,
      rou_closing_cents: rouClosing,
      straight_line_cost_cents: straightLine,
      total_expense_cents: straightLine ?? interest + amortization,
    });
    liability = closing;
    rou = rouClosing;
  }
  return {
    expense_model: model,
    monthly_rate: monthlyRate(input.annualRatePercent, convention),
    initial_liability_cents: initialLiability,
    initial_rou_cents: initialRou,
    present_value_cents: presentValue,
    total_payments_cents: totalPayments,
    total_interest_cents: interestTotal,
    rows,
  };
}

/**
 * Month `index`'s share of `total` spread over `months`, as a difference of rounded cumulative amounts (the
 * whole total by the last month, even when it is not a multiple of the precision).
 */
function straightLineStep(
  total: number,
  index: number,
  months: number,
  mode: RoundingMode,
  precision: RoundingPrecision,
): number {
  const step = precisionStep(precision);
  const through = (count: number) =>
    count === months ? total : mulDivRounded(total, count, months * step, mode) * step;
  return through(index + 1) - through(index);
}

/**
 * The first day of each month of a schedule: the start date plus `index` calendar months, clamped to the
 * month's last day (what addCalendarMonths gives), computed without parsing a date per month.
 */
export function monthStarts(start: IsoDate, count: number): IsoDate[] {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  const starts: IsoDate[] = [];
  for (let index = 0; index < count; index += 1) {
    const months = month - 1 + index;
    const y = year + Math.floor(months / 12);
    const m = (months % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    starts.push(`${y}-${pad(m)}-${pad(Math.min(day, last))}`);
  }
  return starts;
}

function emptyRow(index: number, start: IsoDate, payment: number, cost: number): ScheduleRow {
  return {
    month: index + 1,
    period_start: start,
    payment_cents: payment,
    interest_cents: 0,
    principal_cents: 0,
    liability_opening_cents: 0,
    liability_closing_cents: 0,
    rou_opening_cents: 0,
    rou_amortization_cents: 0,
    rou_closing_cents: 0,
    straight_line_cost_cents: cost,
    total_expense_cents: cost,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Classification (ASC 842-10-25-2) and the short-term exemption

export const ASC842_CRITERIA = [
  'transfers_ownership',
  'purchase_option_reasonably_certain',
  'major_part_of_economic_life',
  'substantially_all_of_fair_value',
  'specialized_asset',
] as const;
export type Asc842Criterion = (typeof ASC842_CRITERIA)[number];
export type ClassificationAnswers = Partial<Record<Asc842Criterion, boolean>>;

/** The common reading of "major part" (ASC 842-10-55-2): 75 % or more of the remaining economic life. */
export function isMajorPartOfEconomicLife(termMonths: number, economicLifeMonths: number): boolean {
  return economicLifeMonths > 0 && termMonths * 100 >= economicLifeMonths * 75;
}

/** The common reading of "substantially all": 90 % or more of the fair value. */
export function isSubstantiallyAllOfFairValue(presentValueCents: number, fairValueCents: number): boolean {
  return fairValueCents > 0 && presentValueCents * 100 >= fairValueCents * 90;
}

export type ClassificationResult = {
  classification: LeaseClassification;
  criteria_met: Asc842Criterion[];
  overridden: boolean;
  reason: string | null;
};

/**
 * Finance when any of the five criteria is met, else operating; an override wins but must say why, and the
 * criteria stay on record beside it. IFRS 16 callers get `finance` mechanics regardless (one model).
 */
export function classifyAsc842(
  answers: ClassificationAnswers,
  override: { classification: LeaseClassification; reason: string } | null = null,
): ClassificationResult {
  const met = ASC842_CRITERIA.filter((criterion) => answers[criterion] === true);
  const derived: LeaseClassification = met.length > 0 ? 'finance' : 'operating';
  if (override && override.reason.trim() !== '')
    return {
      classification: override.classification,
      criteria_met: met,
      overridden: override.classification !== derived,
      reason: override.reason.trim(),
    };
  return { classification: derived, criteria_met: met, overridden: false, reason: null };
}

/**
 * A lease term of 12 months or less without a purchase option the lessee is reasonably certain to exercise
 * may be kept off the balance sheet (ASC 842-20-25-2, IFRS 16.5–8).
 */
export function qualifiesAsShortTerm(termMonths: number, purchaseOptionReasonablyCertain: boolean): boolean {
  return termMonths <= 12 && !purchaseOptionReasonablyCertain;
}

// ---------------------------------------------------------------------------------------------------------
// Disclosures

export type MaturityAnalysis = {
  /** Undiscounted payments in each of the next five years after the as-of month, then the rest. */
  years: number[];
  thereafter_cents: number;
  total_undiscounted_cents: number;
  imputed_interest_cents: number;
  liability_cents: number;
};

/**
 * Maturity analysis at the end of month `afterMonth` (0 = at the start): year N holds months
 * afterMonth+12(N−1)+1 … afterMonth+12N. Undiscounted − imputed interest = the liability carried.
 */
export function maturityAnalysis(schedule: Schedule, afterMonth: number): MaturityAnalysis {
  const years = [0, 0, 0, 0, 0];
  let thereafter = 0;
  for (const row of schedule.rows) {
    if (row.month <= afterMonth) continue;
    const year = Math.floor((row.month - afterMonth - 1) / 12);
    if (year < 5) years[year] = (years[year] ?? 0) + row.payment_cents;
    else thereafter += row.payment_cents;
  }
  const total = years.reduce((sum, cents) => sum + cents, 0) + thereafter;
  const liability =
    afterMonth === 0
      ? schedule.present_value_cents
      : (schedule.rows[afterMonth - 1]?.liability_closing_cents ?? 0);
  return {
    years,
    thereafter_cents: thereafter,
    total_undiscounted_cents: total,
    imputed_interest_cents: total - liability,
    liability_cents: liability,
  };
}
