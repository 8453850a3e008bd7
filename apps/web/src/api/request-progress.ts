/**
 * In-flight request tracking for the thin top progress bar (spec §4: runs during requests, fails on errors).
 * A tiny external store so React reads it through useSyncExternalStore.
 */
export type ProgressState = { inFlight: number; failed: boolean; generation: number };

let state: ProgressState = { inFlight: 0, failed: false, generation: 0 };
const listeners = new Set<() => void>();

function emit(next: ProgressState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const requestProgress = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => state,
  start() {
    // A new batch after an idle period starts a fresh bar (and clears a previous failure).
    const fresh = state.inFlight === 0;
    emit({
      inFlight: state.inFlight + 1,
      failed: fresh ? false : state.failed,
      generation: fresh ? state.generation + 1 : state.generation,
    });
  },
  finish(failed: boolean) {
    emit({ ...state, inFlight: Math.max(0, state.inFlight - 1), failed: state.failed || failed });
  },
};
