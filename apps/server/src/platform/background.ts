/**
 * Work an app starts outside any request or job (the hourly housekeeping). The app's close stops it before the
 * database closes: each piece gets `signal`, aborted at close, and is awaited. Without it a SIGTERM during
 * the housekeeping closed the pool under a batch in flight, which then failed with "driver has already been
 * destroyed" (nothing half written, each batch being a transaction, but an error logged on every deploy).
 */
export type Background = {
  /** Runs `work` now; a failure is the caller's to log, as each piece names its own. */
  run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Aborts the running pieces and resolves when every one has ended, whether it failed or not. */
  stop(): Promise<void>;
};

export function createBackground(): Background {
  const controller = new AbortController();
  const running = new Set<Promise<unknown>>();
  return {
    run(work) {
      const piece = work(controller.signal);
      running.add(piece);
      const forget = () => void running.delete(piece);
      piece.then(forget, forget);
      return piece;
    },
    async stop() {
      controller.abort();
      await Promise.allSettled([...running]);
    },
  };
}
