import type { Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';

/**
 * What royalty invoices and the reporting-compliance list read of agreements and sales. The scope names the
 * franchisees through the agreement's `franchisee_id`; sales are read only for the stores of those agreements.
 */
export async function billableAgreements(db: Executor, scope: TeamScope, franchiseeIds: number[] | null) {
  let query = db
    .selectFrom('franchise_agreements as a')
    .innerJoin('companies as c', 'c.id', 'a.franchisee_id')
    .select([
      'a.id',
      'a.brand_id',
      'a.franchisee_id',
      'c.name as franchisee_name',
      'a.agreement_number',
      'a.status',
      'a.effective_date',
      'a.opening_date',
      'a.expiration_date',
      'a.royalty_percent',
      'a.royalty_tiers',
      'a.royalty_minimum_cents',
      'a.marketing_percent',
      'a.technology_fee_cents',
      'a.reporting_frequency',
    ])
    .where((eb) => whereInScope(eb, scope, 'a', { companyColumn: 'franchisee_id' }))
    .where('c.team_id', '=', scope.teamId)
    .where('a.deleted_at', 'is', null)
    .where('c.deleted_at', 'is', null)
    .where('a.status', '=', 'open');
  if (franchiseeIds) query = query.where('a.franchisee_id', 'in', franchiseeIds.length ? franchiseeIds : [0]);
  const agreements = await query.orderBy('a.franchisee_id').orderBy('a.id').execute();
  const ids = agreements.map((a) => a.id);
  const stores: Array<{ agreement_id: number; store_id: number; name: string }> = [];
  for (let i = 0; i < ids.length; i += 500)
    stores.push(
      ...(await db
        .selectFrom('agreement_stores as l')
        .innerJoin('stores as s', 's.id', 'l.store_id')
        .select(['l.agreement_id', 'l.store_id', 's.name'])
        .where('l.team_id', '=', scope.teamId)
        .where('s.team_id', '=', scope.teamId)
        .where('s.deleted_at', 'is', null)
        .where('l.agreement_id', 'in', ids.slice(i, i + 500))
        // A franchisee's member is named only the stores their companies operate, as on the agreement's own
        // page (decision 0023): a store listed on their agreement by mistake is not theirs to report.
        .where((eb) => whereInScope(eb, scope, 's', { companyColumn: 'company_id' }))
        .orderBy('l.agreement_id')
        .orderBy('l.store_id')
        .execute()),
    );
  return { agreements, stores };
}
export type BillableAgreement = Awaited<ReturnType<typeof billableAgreements>>['agreements'][number];

/** Sales rows (any period kind) of `storeIds` starting in [from, to], 500 stores a statement. */
export async function salesOfStores(
  db: Executor,
  teamId: number,
  storeIds: number[],
  from: string,
  to: string,
): Promise<Array<{ store_id: number; period_start: string; gross_cents: number }>> {
  const out: Array<{ store_id: number; period_start: string; gross_cents: number }> = [];
  const unique = [...new Set(storeIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('sales')
      .select(['store_id', 'period_start', 'gross_cents'])
      .where('team_id', '=', teamId)
      .where('store_id', 'in', unique.slice(i, i + 500))
      .where('period_start', '>=', from)
      .where('period_start', '<=', to)
      .execute();
    for (const r of rows)
      out.push({
        store_id: r.store_id,
        period_start: String(r.period_start),
        gross_cents: Number(r.gross_cents),
      });
  }
  return out;
}
