import { changeHook } from './change-hooks';
import type { Executor } from './db';

/**
 * Figures kept per store (occupancy cost, decision 0027) follow every write that changes what a store pays or
 * sells. The writers (leases, percentage-rent terms, sales) call `storesChanged` inside their transaction; the
 * module that keeps the figure registers here from app.ts, so the writers need not import it (it reads them).
 */
export type StoresChangedListener = (trx: Executor, teamId: number, storeIds: number[]) => Promise<void>;

const hook = changeHook<number[]>();

export function onStoresChanged(listener: StoresChangedListener) {
  hook.on(listener);
}

export async function storesChanged(trx: Executor, teamId: number, storeIds: Iterable<unknown>) {
  const ids = [...new Set([...storeIds].filter((id): id is number => typeof id === 'number' && id > 0))];
  if (ids.length) await hook.emit(trx, teamId, ids);
}
