/**
 * Latency under background work, measured open loop (bench/import.ts, bench/wrk.ts). wrk and autocannon are
 * closed loops and Debian has no wrk2, so this small generator keeps a fixed rate itself.
 */

/**
 * An open-loop load: a request falls due every 1000/rate ms and is sent then, whether or not earlier ones
 * were answered, and each is timed from when it fell due. A closed loop (autocannon's connections, each
 * waiting for its answer before the next request) sends nothing while the server stalls, so a 30-second stall
 * shows as four slow requests among thousands of fast ones; here it shows as every request due during it.
 */
/** A request unanswered this long counts as an error (an overloaded server must not hang the run). */
const TIMEOUT_MS = 30_000;

export function openLoopLoad(url: string, headers: Record<string, string>, rate: number) {
  const times: number[] = [];
  let errors = 0;
  // What the failed requests answered (status, or the network error), so a failed run says why.
  const failures = new Map<string, number>();
  const failed = (what: string) => {
    errors += 1;
    failures.set(what, (failures.get(what) ?? 0) + 1);
  };
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let sent = 0;
  const fire = (due: number) => {
    const request = fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 200) times.push(performance.now() - due);
        else failed(String(response.status));
      })
      .catch((error: unknown) => failed(error instanceof Error ? error.message : String(error)))
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };
  // The timer only wakes the loop; every request due since the last wake is sent, timed from its own due time.
  const timer = setInterval(
    () => {
      for (
        let due = start + (sent * 1000) / rate;
        due <= performance.now();
        due = start + (sent * 1000) / rate
      ) {
        sent += 1;
        fire(due);
      }
    },
    Math.max(1, Math.floor(1000 / rate / 2)),
  );
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return {
        times,
        errors,
        sent,
        failures: [...failures].map(([what, count]) => `${what} ×${count}`).join(', '),
      };
    },
  };
}

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
