import {
  maturityAnalysis,
  toDollars,
  type LeaseDisclosures,
  type MaturityAnalysis,
  isMonth,
  monthMessage,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { invalid } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import * as repo from './repository';
import { effectiveSchedules } from './effective';

/** Leases read at once. */
const BATCH = 100;

type Totals = { analysis: MaturityAnalysis; termWeight: number; rateWeight: number; leases: number };

const emptyTotals = (): Totals => ({
  analysis: {
    years: [0, 0, 0, 0, 0],
    thereafter_cents: 0,
    total_undiscounted_cents: 0,
    imputed_interest_cents: 0,
    liability_cents: 0,
  },
  termWeight: 0,
  rateWeight: 0,
  leases: 0,
});

function add(totals: Totals, analysis: MaturityAnalysis, remainingMonths: number, rate: number) {
  const sum = totals.analysis;
  analysis.years.forEach((cents, index) => (sum.years[index] = (sum.years[index] ?? 0) + cents));
  sum.thereafter_cents += analysis.thereafter_cents;
  sum.total_undiscounted_cents += analysis.total_undiscounted_cents;
  sum.imputed_interest_cents += analysis.imputed_interest_cents;
  sum.liability_cents += analysis.liability_cents;
  totals.termWeight += remainingMonths * analysis.liability_cents;
  totals.rateWeight += rate * analysis.liability_cents;
  totals.leases += 1;
}

function present(totals: Totals): LeaseDisclosures['operating'] {
  const a = totals.analysis;
  const weight = a.liability_cents;
  return {
    years: a.years.map((cents) => toDollars(cents)),
    thereafter: toDollars(a.thereafter_cents),
    total_undiscounted: toDollars(a.total_undiscounted_cents),
    imputed_interest: toDollars(a.imputed_interest_cents),
    liability: toDollars(a.liability_cents),
    weighted_average_remaining_term_months:
      weight > 0 ? Math.round((totals.termWeight / weight) * 10) / 10 : null,
    weighted_average_discount_rate: weight > 0 ? Math.round((totals.rateWeight / weight) * 1e4) / 1e4 : null,
    leases: totals.leases,
  };
}

/**
 * The maturity analysis (ASC 842-20-50-6, IFRS 16.58) of every lease with a schedule that has commenced by the
 * end of `asOf`, operating and finance apart, with weighted-average remaining term and rate, and the month's
 * lease cost by type.
 */
export async function disclosuresOf(deps: Deps, actor: Actor, asOf: string): Promise<LeaseDisclosures> {
  if (!isMonth(asOf)) throw invalid('as_of', monthMessage('as-of month'));
  const operating = emptyTotals();
  const finance = emptyTotals();
  const cost = { operating: 0, interest: 0, amortization: 0, exempt: 0 };
  const excluded = { incomplete: 0, not_commenced: 0 };
  const ids = await repo.profiledLeaseIds(deps.db, actor.teamId);
  // A profile outlives its lease in the trash: that lease is not in the portfolio any more (left out here).
  for (let start = 0; start < ids.length; start += BATCH)
    for (const effective of await effectiveSchedules(deps, actor, ids.slice(start, start + BATCH))) {
      const { input, schedule } = effective;
      if (!input || !schedule) {
        excluded.incomplete += 1;
        continue;
      }
      const elapsed = schedule.rows.filter((row) => row.period_start.slice(0, 7) <= asOf).length;
      if (elapsed === 0) {
        excluded.not_commenced += 1;
        continue;
      }
      const month = schedule.rows.find((row) => row.period_start.slice(0, 7) === asOf);
      if (schedule.expense_model === 'exempt') {
        cost.exempt += month?.total_expense_cents ?? 0;
        continue;
      }
      if (schedule.expense_model === 'straight_line') cost.operating += month?.straight_line_cost_cents ?? 0;
      else {
        cost.interest += month?.interest_cents ?? 0;
        cost.amortization += month?.rou_amortization_cents ?? 0;
      }
      const analysis = maturityAnalysis(schedule, elapsed);
      add(
        schedule.expense_model === 'straight_line' ? operating : finance,
        analysis,
        schedule.rows.length - elapsed,
        input.annualRatePercent,
      );
    }
  return {
    as_of: asOf,
    operating: present(operating),
    finance: present(finance),
    cost: {
      operating_lease_cost: toDollars(cost.operating),
      finance_interest: toDollars(cost.interest),
      finance_amortization: toDollars(cost.amortization),
      short_term_and_low_value: toDollars(cost.exempt),
    },
    excluded,
  };
}
