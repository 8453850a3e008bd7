import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';

/**
 * Locked sales periods: a franchisor closes a store's reported period once it is invoiced, and no figure
 * starting inside it can be added, changed or deleted until it is unlocked.
 */
export async function insertSalesLocks(
  db: Executor,
  teamId: number,
  rows: Array<{ store_id: number; period_start: string; period_end: string }>,
  userId: number,
  now: string,
) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('sales_locks')
      .values(
        rows.slice(i, i + 500).map((r) => ({ ...r, team_id: teamId, locked_by: userId, locked_at: now })),
      )
      .execute();
}

export async function deleteSalesLocks(
  db: Executor,
  teamId: number,
  storeIds: number[],
  from: string,
  to: string,
) {
  if (!storeIds.length) return 0;
  const result = await db
    .deleteFrom('sales_locks')
    .where('team_id', '=', teamId)
    .where('store_id', 'in', storeIds)
    .where('period_start', '>=', from)
    .where('period_end', '<=', to)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Locks of `storeIds` overlapping [from, to]. */
export async function salesLocksOf(
  db: Executor,
  teamId: number,
  storeIds: number[],
  from: string,
  to: string,
) {
  const out: Array<{ store_id: number; period_start: string; period_end: string }> = [];
  const unique = [...new Set(storeIds)];
  for (let i = 0; i < unique.length; i += 500)
    out.push(
      ...(await db
        .selectFrom('sales_locks')
        .select(['store_id', 'period_start', 'period_end'])
        .where('team_id', '=', teamId)
        .where('store_id', 'in', unique.slice(i, i + 500))
        .where('period_start', '<=', to)
        .where('period_end', '>=', from)
        .execute()),
    );
  return out.map((l) => ({ ...l, period_start: String(l.period_start), period_end: String(l.period_end) }));
}

/** Refuses (409) a write of figures starting inside a locked period. */
export async function assertSalesUnlocked(
  db: Executor,
  teamId: number,
  figures: Array<{ store_id: number; period_start: string }>,
) {
  if (!figures.length) return;
  const starts = figures.map((f) => f.period_start).sort();
  const locks = await salesLocksOf(
    db,
    teamId,
    figures.map((f) => f.store_id),
    starts[0]!,
    starts.at(-1)!,
  );
  for (const figure of figures) {
    const lock = locks.find(
      (l) =>
        l.store_id === figure.store_id &&
        l.period_start <= figure.period_start &&
        figure.period_start <= l.period_end,
    );
    if (lock)
      throw new AppError(
        'conflict',
        `The sales period ${lock.period_start} to ${lock.period_end} of this store is locked: its figures cannot be changed. Ask the franchisor to unlock it.`,
      );
  }
}
