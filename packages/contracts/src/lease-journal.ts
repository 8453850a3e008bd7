import type { ExpenseModel, Schedule, ScheduleRow } from './lease-accounting';

/**
 * Journal entries of a lease accounting schedule: one balanced entry per month (and one for initial
 * recognition in the first month), in the team's GL accounts. Pure, on integer cents.
 */

export const GL_ACCOUNT_ROLES = [
  'rou_asset',
  'lease_liability',
  'operating_lease_cost',
  'interest_expense',
  'amortization_expense',
  'cash',
  'prepaid_rent',
  'accrued_rent',
] as const;
export type GlAccountRole = (typeof GL_ACCOUNT_ROLES)[number];
export type GlAccounts = Record<GlAccountRole, string>;

/** What a team that never set its accounts sees: the account's role as its name. */
export const DEFAULT_GL_ACCOUNTS: GlAccounts = {
  rou_asset: 'Right-of-use asset',
  lease_liability: 'Lease liability',
  operating_lease_cost: 'Operating lease cost',
  interest_expense: 'Interest expense',
  amortization_expense: 'ROU amortization expense',
  cash: 'Cash',
  prepaid_rent: 'Prepaid rent',
  accrued_rent: 'Accrued rent',
};

export type JournalLine = {
  /** 1-based month of the schedule; 0 for initial recognition. */
  month: number;
  role: GlAccountRole;
  memo: string;
  debit_cents: number;
  credit_cents: number;
};

/** A positive amount on the debit side, a negative one on the credit side; zero lines are left out. */
function line(month: number, role: GlAccountRole, memo: string, signedCents: number): JournalLine[] {
  if (signedCents === 0) return [];
  return [
    {
      month,
      role,
      memo,
      debit_cents: signedCents > 0 ? signedCents : 0,
      credit_cents: signedCents < 0 ? -signedCents : 0,
    },
  ];
}

/**
 * Initial recognition: Dr ROU asset; Cr lease liability (the present value, before a first-day payment,
 * which the first month then pays); Cr prepaid rent (reclassified); Cr cash for initial direct costs; Dr cash
 * for incentives received. Balanced because ROU = PV + prepaid + IDC − incentives.
 */
export function recognitionLines(
  schedule: Schedule,
  amounts: { prepaidCents: number; initialDirectCostsCents: number; incentivesCents: number },
): JournalLine[] {
  if (schedule.expense_model === 'exempt') return [];
  return [
    ...line(0, 'rou_asset', 'Recognise right-of-use asset', schedule.initial_rou_cents),
    ...line(0, 'lease_liability', 'Recognise lease liability', -schedule.present_value_cents),
    ...line(0, 'prepaid_rent', 'Prepaid rent into the asset', -amounts.prepaidCents),
    ...line(0, 'cash', 'Initial direct costs', -amounts.initialDirectCostsCents),
    ...line(0, 'cash', 'Lease incentives received', amounts.incentivesCents),
  ];
}

/** One month's entry under the schedule's expense model. */
export function monthLines(model: ExpenseModel, row: ScheduleRow): JournalLine[] {
  const m = row.month;
  if (model === 'exempt') {
    const cost = row.straight_line_cost_cents ?? 0;
    return [
      ...line(m, 'operating_lease_cost', 'Lease cost (straight-line, exempt)', cost),
      ...line(m, 'cash', 'Lease payment', -row.payment_cents),
      ...line(m, 'accrued_rent', 'Cost less payment', row.payment_cents - cost),
    ];
  }
  const payment = [
    ...line(m, 'lease_liability', 'Lease payment', row.payment_cents),
    ...line(m, 'cash', 'Lease payment', -row.payment_cents),
  ];
  if (model === 'straight_line')
    return [
      ...line(
        m,
        'operating_lease_cost',
        'Operating lease cost (straight-line)',
        row.straight_line_cost_cents ?? 0,
      ),
      ...line(m, 'rou_asset', 'ROU asset amortization', -row.rou_amortization_cents),
      ...line(m, 'lease_liability', 'Interest accretion', -row.interest_cents),
      ...payment,
    ];
  return [
    ...line(m, 'interest_expense', 'Interest on the lease liability', row.interest_cents),
    ...line(m, 'lease_liability', 'Interest on the lease liability', -row.interest_cents),
    ...line(m, 'amortization_expense', 'ROU asset amortization', row.rou_amortization_cents),
    ...line(m, 'rou_asset', 'ROU asset amortization', -row.rou_amortization_cents),
    ...payment,
  ];
}

/**
 * A remeasurement on its first day: the liability moves to the present value of the remaining payments and the
 * asset by the same amount (ASC 842-20-35-4, IFRS 16.39).
 */
export function remeasurementLines(month: number, changeCents: number): JournalLine[] {
  return [
    ...line(month, 'rou_asset', 'Remeasurement of the lease', changeCents),
    ...line(month, 'lease_liability', 'Remeasurement of the lease', -changeCents),
  ];
}
