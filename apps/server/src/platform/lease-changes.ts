import { changeHook } from './change-hooks';
import type { Executor } from './db';

/**
 * What is kept computed from a lease (its accounting schedule rows, decision 0033) follows every write that
 * changes the lease, its rows or its options, or moves it in or out of the trash. The leases module calls
 * `leasesChanged` inside its transaction; the module that keeps the figures registers here from app.ts, so the
 * leases module need not import it (it reads leases).
 */
export type LeasesChangedListener = (trx: Executor, teamId: number, leaseIds: number[]) => Promise<void>;

const hook = changeHook<number[]>();

export function onLeasesChanged(listener: LeasesChangedListener) {
  hook.on(listener);
}

export async function leasesChanged(trx: Executor, teamId: number, leaseIds: Iterable<number>) {
  const ids = [...new Set(leaseIds)].filter((id) => id > 0);
  if (ids.length) await hook.emit(trx, teamId, ids);
}
