import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db';
import { updateMany } from '../../platform/db/insert-many';

export type StoredOccupancy = {
  store_id: number;
  /** null while a month of the window has no sales, or nothing was sold. */
  ratio: number | null;
  /** The window's last month, YYYY-MM. */
  period: string;
  missing: number;
};

/**
 * The occupancy cost columns of stores (0048), written by modules/occupancy only: the list's sort and the
 * dashboard's ranking read them. The record's own `updated_at` does not move (nobody edited the store).
 */
export async function writeStoreOccupancy(trx: Executor, teamId: number, rows: StoredOccupancy[]) {
  // One statement for the batch, not one a store: a refresh of 20,000 stores on PostgreSQL was 20,000 round trips.
  await updateMany(
    trx,
    'stores',
    { occupancy_ratio: 'double precision', occupancy_period: 'text', occupancy_missing: 'integer' },
    rows.map((row) => ({
      id: row.store_id,
      occupancy_ratio: row.ratio,
      occupancy_period: row.period,
      occupancy_missing: row.missing,
    })),
    sql<SqlBool>`stores.team_id = ${teamId}`,
  );
}

/**
 * Live stores of the team whose figure is not for `period` (never computed, or from an earlier month), in id
 * order after `afterId`. A refresh walks on from its last batch: asked from the start each time, every batch
 * stepped again over all the stores done before it (100,000 stores: 546 reads of 17 ms on PostgreSQL, 9.3 s).
 */
export async function storesWithoutOccupancy(
  db: Executor,
  teamId: number,
  period: string,
  limit: number,
  afterId = 0,
) {
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('occupancy_period', 'is', null), eb('occupancy_period', '!=', period)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
