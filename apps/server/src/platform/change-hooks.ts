import type { Executor } from './db';

/**
 * A write that changes what another module keeps computed tells it inside its transaction, without importing
 * it: the keeping module registers a listener (from app.ts), the writer calls `emit`. Leases (lease-changes.ts),
 * stores (store-changes.ts) and a team's default readings (team-defaults.ts) each have one.
 */
export function changeHook<T>() {
  type Listener = (trx: Executor, teamId: number, changed: T) => Promise<void>;
  const listeners: Listener[] = [];
  return {
    on(listener: Listener) {
      if (!listeners.includes(listener)) listeners.push(listener);
    },
    async emit(trx: Executor, teamId: number, changed: T) {
      for (const listener of listeners) await listener(trx, teamId, changed);
    },
  };
}
