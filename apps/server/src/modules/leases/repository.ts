import { sql } from 'kysely';
import type { Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import { teamScope } from '../../platform/policy';

/** Leases of a team with the names of their store and parties, in the order of `ids`. */
export async function loadLeases(db: Executor, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  const contactName = (alias: string) =>
    sql<
      string | null
    >`nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), '')`;
  const rows = await db
    .selectFrom('leases')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .leftJoin('companies as landlord', 'landlord.id', 'leases.landlord_id')
    .leftJoin('companies as tenant', 'tenant.id', 'leases.tenant_id')
    .leftJoin('companies as guarantor', 'guarantor.id', 'leases.guarantor_id')
    .leftJoin('contacts as broker', 'broker.id', 'leases.broker_id')
    .leftJoin('contacts as pm', 'pm.id', 'leases.property_manager_id')
    .selectAll('leases')
    .select([
      'stores.name as store_name',
      'landlord.name as landlord_name',
      'tenant.name as tenant_name',
      'guarantor.name as guarantor_name',
      contactName('broker').as('broker_name'),
      contactName('pm').as('property_manager_name'),
    ])
    .where('leases.id', 'in', ids)
    // By primary key: with a plain `team_id = ?` SQLite may walk the team's index instead of the ids.
    .where((eb) => whereInScope(eb, teamScope(teamId), 'leases', { byId: true }))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type LoadedLease = Awaited<ReturnType<typeof loadLeases>>[number];

export async function loadChildren(db: Executor, teamId: number, leaseIds: number[]) {
  if (!leaseIds.length) return { rent: [], charges: [], options: [], clauses: [] };
  const [rent, charges, options, clauses] = await Promise.all([
    db
      .selectFrom('lease_rent_rows')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('lease_id', 'in', leaseIds)
      .orderBy('start_date')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lease_charges')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('lease_id', 'in', leaseIds)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lease_options')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('lease_id', 'in', leaseIds)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('clauses')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('subject_type', '=', 'lease')
      .where('subject_id', 'in', leaseIds)
      .orderBy('position')
      .execute(),
  ]);
  return { rent, charges, options, clauses };
}
