import type { Executor } from '../../platform/db';

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
  for (const row of rows)
    await trx
      .updateTable('stores')
      .set({ occupancy_ratio: row.ratio, occupancy_period: row.period, occupancy_missing: row.missing })
      .where('team_id', '=', teamId)
      .where('id', '=', row.store_id)
      .execute();
}

/** Live stores of the team whose figure is not for `period` (never computed, or from an earlier month). */
export async function storesWithoutOccupancy(db: Executor, teamId: number, period: string, limit: number) {
  const rows = await db
    .selectFrom('stores')
    .select('id')
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('occupancy_period', 'is', null), eb('occupancy_period', '!=', period)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
