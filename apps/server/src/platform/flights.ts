/**
 * Computations of cached answers in flight, so that callers who miss the same answer at the same time share one.
 * Without it, the moment a hot answer expired every request then running computed it again: a list's total under
 * 50 connections was 50 concurrent counts of 100,000 rows queued on a pool of 4, and that second's p99 rose from
 * 3 to 100–200 ms.
 */
export class Flights {
  private readonly running = new Map<string, { version: number; promise: Promise<unknown> }>();

  /**
   * `compute()`'s answer for `key` at the team write `version`, or that of the computation already running for the
   * same key and version (a caller with another version, newer or older, computes its own).
   */
  join<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const current = this.running.get(key);
    if (current && current.version === version) return current.promise as Promise<T>;
    const promise = compute();
    const flight = { version, promise };
    this.running.set(key, flight);
    const land = () => {
      if (this.running.get(key) === flight) this.running.delete(key);
    };
    promise.then(land, land);
    return promise;
  }

  /**
   * A cached answer: `kept`'s value when the cache holds one at `version`, else `compute()`'s, shared with the
   * callers already waiting for it; `keep` stores what was computed, with the time its computation started. An
   * expired answer is served while one caller computes it again: the TTL only bounds writers that bypass the
   * version (a trash purge, hand-written SQL), which this delays by one computation. A refresh that fails leaves
   * the answer expired, for the next caller to try again.
   */
  answer<T>(
    key: string,
    version: number,
    kept: { value: T; expired: boolean } | undefined,
    compute: () => Promise<T>,
    keep: (value: T, at: number) => void,
  ): Promise<T> {
    const refresh = () =>
      this.join(key, version, async () => {
        const at = Date.now();
        const value = await compute();
        keep(value, at);
        return value;
      });
    if (!kept) return refresh();
    if (kept.expired) refresh().catch(() => undefined);
    return Promise.resolve(kept.value);
  }
}
