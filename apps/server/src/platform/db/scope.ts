import type { ExpressionBuilder, ExpressionWrapper, SqlBool } from 'kysely';
import { teamScope, type TeamScope } from '../policy';
import type { Executor } from './index';

/**
 * The scope as one condition on `table` (its name or alias in the statement): the team's rows, and when the
 * scope names companies, only those whose `companyColumn` is one of them. A table without a company column
 * cannot be narrowed yet, so a narrowed scope is refused there rather than silently widened.
 *
 * `byId`: for reads of a few rows by primary key (`id in (…)`) or another key. The team condition is then written as
 * `-team_id = -?`, which no index serves, so the planner looks the ids up instead of walking the team's index
 * over all its rows (SQLite picks the team's index otherwise: 200 ms instead of 25 look-ups on a big team).
 *
 * `query.where((eb) => whereInScope(eb, scope, 'leases'))`
 */
export function whereInScope<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  scope: TeamScope,
  table: string,
  options: { companyColumn?: string; byId?: boolean } = {},
): ExpressionWrapper<DB, TB, SqlBool> {
  // The references are dynamic (any table, any alias), which Kysely's types cannot follow: hence `never`.
  const teamId = eb.ref(`${table}.team_id` as never);
  const narrowed = scope.companyIds !== null;
  if (narrowed && !options.companyColumn)
    throw new Error(`A scope narrowed to companies cannot read "${table}" yet`);
  // Narrowed to companies, the company column's index finds the few rows: the team's would walk all of them.
  const team =
    options.byId || narrowed
      ? eb(eb.neg(teamId), '=', -scope.teamId as never)
      : eb(teamId, '=', scope.teamId as never);
  if (scope.companyIds === null) return team;
  const companies = scope.companyIds.length
    ? eb(eb.ref(`${table}.${options.companyColumn}` as never), 'in', scope.companyIds as never)
    : eb.lit(false);
  return eb.and([team, companies]) as ExpressionWrapper<DB, TB, SqlBool>;
}

/**
 * The records a member limited to companies reaches, by the rules of those records' own routes (decision 0023):
 * their companies, the stores those operate (`stores.company_id`), those stores' leases and the agreements their
 * companies signed (`franchise_agreements.franchisee_id`). Subqueries of ids (a literal list for the companies),
 * for `… in (…)` conditions of whatever is about or linked to those records: reminders, shared documents, search.
 */
export function recordsInScope(db: Executor, scope: TeamScope & { readonly companyIds: readonly number[] }) {
  const stores = db
    .selectFrom('stores')
    .select('stores.id')
    .where((s) => whereInScope(s, scope, 'stores', { companyColumn: 'company_id' }));
  return {
    companies: scope.companyIds,
    stores,
    leases: db
      .selectFrom('leases')
      .select('leases.id')
      // Found through their stores (`byId`'s form of the team condition keeps the team's index out of it).
      .where((l) => whereInScope(l, teamScope(scope.teamId), 'leases', { byId: true }))
      .where('leases.store_id', 'in', stores),
    agreements: db
      .selectFrom('franchise_agreements')
      .select('franchise_agreements.id')
      .where((a) => whereInScope(a, scope, 'franchise_agreements', { companyColumn: 'franchisee_id' })),
  };
}
