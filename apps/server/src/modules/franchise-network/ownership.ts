import type { OwnershipPeriod } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { invalid } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { addDaysIso } from '../leases/index';
import { findLive } from '../records/index';
import { stores as storeDefinition } from '../stores/index';

/**
 * Closes each store's current operating-company period the day before `from` and opens the new company's.
 * A store without history first gets its current company as the period "until then" (its start unknown).
 */
export async function recordOwnershipChange(
  trx: Executor,
  teamId: number,
  storeIds: number[],
  change: { companyId: number; from: string; transferId: number },
) {
  if (!storeIds.length) return;
  const until = addDaysIso(change.from, -1);
  const stores = await trx
    .selectFrom('stores')
    .select(['id', 'name', 'company_id'])
    .where('team_id', '=', teamId)
    .where('id', 'in', storeIds)
    .execute();
  const periods = await trx
    .selectFrom('store_ownerships')
    .select(['id', 'store_id', 'from_date', 'to_date'])
    .where('team_id', '=', teamId)
    .where('store_id', 'in', storeIds)
    .orderBy('id')
    .execute();
  for (const store of stores) {
    const own = periods.filter((p) => p.store_id === store.id);
    const latest = own.at(-1);
    if (latest?.from_date && latest.from_date >= change.from)
      throw invalid(
        'effective_date',
        `The effective date must be after ${latest.from_date}, when ${store.name} last changed hands.`,
      );
    if (!latest)
      await trx
        .insertInto('store_ownerships')
        .values({
          team_id: teamId,
          store_id: store.id,
          company_id: store.company_id,
          from_date: null,
          to_date: until,
          transfer_id: null,
        })
        .execute();
    else
      await trx
        .updateTable('store_ownerships')
        .set({ to_date: until })
        .where('team_id', '=', teamId)
        .where('id', '=', latest.id)
        .execute();
    await trx
      .insertInto('store_ownerships')
      .values({
        team_id: teamId,
        store_id: store.id,
        company_id: change.companyId,
        from_date: change.from,
        to_date: null,
        transfer_id: change.transferId,
      })
      .execute();
  }
}

/** A store's operating companies, oldest first; without history, its current company since an unknown date. */
export async function ownershipOf(deps: Deps, actor: Actor, storeId: number): Promise<OwnershipPeriod[]> {
  const store = await findLive(deps.db, storeDefinition, actor.teamId, storeId);
  const rows = await deps.db
    .selectFrom('store_ownerships as o')
    .leftJoin('companies as c', (j) =>
      j.onRef('c.id', '=', 'o.company_id').on('c.team_id', '=', actor.teamId),
    )
    .leftJoin('agreement_transfers as t', (j) =>
      j.onRef('t.id', '=', 'o.transfer_id').on('t.team_id', '=', actor.teamId),
    )
    .leftJoin('franchise_agreements as a', (j) =>
      j.onRef('a.id', '=', 't.agreement_id').on('a.team_id', '=', actor.teamId),
    )
    .select([
      'o.company_id',
      'c.name as company_name',
      'o.from_date',
      'o.to_date',
      'o.transfer_id',
      't.agreement_id',
      'a.agreement_number',
    ])
    .where('o.team_id', '=', actor.teamId)
    .where('o.store_id', '=', storeId)
    .orderBy('o.id')
    .execute();
  if (!rows.length) {
    return store.company_id === null
      ? []
      : [
          {
            company: { id: store.company_id, name: store.company_name ?? '' },
            from: null,
            to: null,
            transfer: null,
          },
        ];
  }
  return rows.map((r) => ({
    company: r.company_id === null ? null : { id: r.company_id, name: r.company_name ?? '' },
    from: r.from_date,
    to: r.to_date,
    transfer:
      r.transfer_id === null || r.agreement_id === null
        ? null
        : { id: r.transfer_id, agreement_id: r.agreement_id, agreement_number: r.agreement_number },
  }));
}
