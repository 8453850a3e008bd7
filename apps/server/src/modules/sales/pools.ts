/**
 * Which agreements `franchisee` pooling reads together (decision 0036), one rule for the invoice run and the
 * royalty report, free of the database. A pool is one franchisee company's open agreements of one brand whose
 * royalty terms agree: the same reporting frequency, royalty percent and tiers, tier basis and, year to date,
 * the same tier year (an agreement year turning on the same day). Agreements of that franchisee and brand whose
 * terms differ form pools of their own and are named beside each other (`apart`). An agreement without a
 * royalty rate or tiers has nothing to pool, and one not open is neither invoiced nor pooled.
 */

import { franchiseeShares, type RoyaltyRules, type TierYear } from './calculations';

/** How invoices and the report name an agreement: its number, else "Agreement <id>". */
export const agreementLabel = (number: string | null, id: number) => number ?? `Agreement ${id}`;

export type PoolCandidate = {
  id: number;
  /** How the reading names it (`agreementLabel`). */
  label: string;
  franchiseeId: number | null;
  franchiseeName: string | null;
  brandId: number;
  status: string;
  rules: RoyaltyRules;
  tierYear: TierYear;
  /** The day its agreement year turns (`royaltyTerm`), for agreement-year tiers. */
  anniversary: string | null;
};

export type FranchiseePool = {
  franchisee: string;
  /** The pooled agreements' ids and labels, in id order (the order shares are allocated in). */
  members: number[];
  labels: string[];
  /** The franchisee's other agreements of the brand, pooled apart because their royalty terms differ. */
  apart: string[];
};

/** The terms two agreements must share to be pooled. */
function termsKey(c: PoolCandidate): string {
  const { rules } = c;
  const yearToDate = rules.tierBasis === 'year_to_date';
  return JSON.stringify([
    rules.frequency,
    rules.percent ?? 0,
    rules.ascending.map((t) => [t.from_cents, t.percent]),
    rules.tierBasis ?? 'period',
    yearToDate ? c.tierYear : '',
    // Agreement years pool only when they turn on the same day (without a date: the calendar year's).
    yearToDate && c.tierYear === 'agreement' ? (c.anniversary?.slice(5) ?? '01-01') : '',
  ]);
}

const poolable = (c: PoolCandidate) =>
  c.rules.pooling === 'franchisee' &&
  c.franchiseeId !== null &&
  c.status === 'open' &&
  ((c.rules.percent ?? 0) > 0 || c.rules.ascending.length > 0);

/** Each poolable agreement's pool (an agreement whose terms no other shares is a pool of one). */
export function franchiseePools(candidates: PoolCandidate[]): Map<number, FranchiseePool> {
  const byFranchisee = new Map<string, Map<string, PoolCandidate[]>>();
  for (const c of [...candidates].filter(poolable).sort((a, b) => a.id - b.id)) {
    const owner = `${c.franchiseeId}|${c.brandId}`;
    const groups = byFranchisee.get(owner) ?? byFranchisee.set(owner, new Map()).get(owner)!;
    const key = termsKey(c);
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(c);
  }
  const pools = new Map<number, FranchiseePool>();
  for (const groups of byFranchisee.values())
    for (const [key, members] of groups) {
      const pool: FranchiseePool = {
        franchisee: members[0]!.franchiseeName ?? '',
        members: members.map((m) => m.id),
        labels: members.map((m) => m.label),
        apart: [...groups]
          .filter(([other]) => other !== key)
          .flatMap(([, group]) => group.map((m) => m.label)),
      };
      for (const m of members) pools.set(m.id, pool);
    }
  return pools;
}

/** One pooled agreement's part of one period: its royalty share, or null while `waitingOn` reports are missing. */
export type PoolShare = {
  royaltyCents: number | null;
  /** The pool's sales of the period together (null while a report is missing). */
  salesCents: number | null;
  /** The labels of the pooled agreements whose report is missing, holding the pool back. */
  waitingOn: string[];
};

/**
 * One period of one pool: `members` are the pooled agreements whose term covers the period, in id order, each
 * with its stores' sales of the period together (null: a report missing) and their tier-year sales before it.
 */
export function sharePeriod(
  rules: RoyaltyRules,
  members: Array<{ id: number; label: string; salesCents: number | null; beforeCents: number }>,
): Map<number, PoolShare> {
  const shares = franchiseeShares(
    rules,
    members.map((m) => m.salesCents),
    members.map((m) => m.beforeCents),
  );
  const waitingOn = members.filter((m) => m.salesCents === null).map((m) => m.label);
  const salesCents = waitingOn.length ? null : members.reduce((sum, m) => sum + m.salesCents!, 0);
  return new Map(members.map((m, index) => [m.id, { royaltyCents: shares[index]!, salesCents, waitingOn }]));
}
