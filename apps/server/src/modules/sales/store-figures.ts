import type { Executor } from '../../platform/db';
import { salesByStoreDay } from './repository';

/** A store's figures summed by their first day over [from, to]. */
export function storeSalesByDay(db: Executor, teamId: number, storeId: number, from: string, to: string) {
  return salesByStoreDay(db, teamId, from, to, [storeId]);
}

/** Several stores' figures summed by store and first day over [from, to] (occupancy cost reads these). */
export function storesSalesByDay(db: Executor, teamId: number, storeIds: number[], from: string, to: string) {
  return salesByStoreDay(db, teamId, from, to, storeIds);
}
