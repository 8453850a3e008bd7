import {
  agreementLabel,
  franchiseePools,
  royaltyTerm,
  sharePeriod,
  unitSales,
  type PoolShare,
} from '../sales/index';
import { billingRules, type AgreementPool, type InvoiceTerms } from './calculations';
import type { AgreementPeriods } from './periods';

/**
 * Under `franchisee` pooling (decision 0036), each pooled agreement's pool and its share of every period's
 * pooled royalty, from the same periods and sales the invoice bills (`agreementPeriods`): the pools are the
 * sales module's rule (`franchiseePools`), each period's shares its computation (`sharePeriod`), which the
 * royalty report follows too. An agreement's period joins its pool only within its term, as it is billed.
 */
export function agreementPools(
  everyAgreement: AgreementPeriods[],
  termsOf: (brandId: number) => InvoiceTerms,
): Map<number, AgreementPool> {
  // Only brands that pool across agreements have anything to do here (a month of every brand stays one pass).
  const perAgreement = everyAgreement.filter((a) => termsOf(a.agreement.brand_id).pooling === 'franchisee');
  if (!perAgreement.length) return new Map();
  const rulesOf = new Map(
    perAgreement.map(({ agreement, billed }) => [
      agreement.id,
      billingRules(billed, termsOf(agreement.brand_id)),
    ]),
  );
  const pools = franchiseePools(
    perAgreement.map(({ agreement, billed }) => ({
      id: agreement.id,
      label: agreementLabel(billed.number, billed.id),
      franchiseeId: agreement.franchisee_id,
      franchiseeName: agreement.franchisee_name,
      brandId: agreement.brand_id,
      status: agreement.status,
      rules: rulesOf.get(agreement.id)!,
      tierYear: termsOf(agreement.brand_id).tierYear,
      anniversary: royaltyTerm(agreement).anniversary,
    })),
  );
  // Per pool (its first member) and period start, the members billed for that period.
  type Member = { id: number; label: string; salesCents: number | null; beforeCents: number };
  const periodsOf = new Map<number, Map<string, Member[]>>();
  for (const { agreement, billed, periods } of [...perAgreement].sort(
    (a, b) => a.agreement.id - b.agreement.id,
  )) {
    const pool = pools.get(agreement.id);
    if (!pool) continue;
    const byStart =
      periodsOf.get(pool.members[0]!) ?? periodsOf.set(pool.members[0]!, new Map()).get(pool.members[0]!)!;
    for (const { period, stores } of periods) {
      const { sum, beforeSum } = unitSales(
        stores.map((s) => s.cents),
        stores.map((s) => s.yearBeforeCents),
      );
      const members = byStart.get(period.start) ?? byStart.set(period.start, []).get(period.start)!;
      members.push({
        id: agreement.id,
        label: agreementLabel(billed.number, billed.id),
        salesCents: sum,
        beforeCents: beforeSum,
      });
    }
  }
  const result = new Map<number, AgreementPool>();
  for (const [id, pool] of pools) result.set(id, { pool, shares: new Map<string, PoolShare>() });
  for (const [first, byStart] of periodsOf)
    for (const [start, members] of byStart)
      for (const [id, share] of sharePeriod(rulesOf.get(first)!, members))
        result.get(id)!.shares.set(start, share);
  return result;
}
