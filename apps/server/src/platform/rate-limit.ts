import type { Redis } from 'ioredis';

/** Fixed-window counters; Redis-backed when several instances must share them. */
export type RateLimiter = {
  /** Counts one hit and returns the total within the current window. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  /** Current count without counting. */
  peek(key: string): Promise<{ count: number; retryAfter: number }>;
  clear(key: string): Promise<void>;
};

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > Date.now()) return entry;
    windows.delete(key);
    return undefined;
  };
  const view = (entry: { count: number; resetAt: number } | undefined) => ({
    count: entry?.count ?? 0,
    retryAfter: entry ? Math.max(1, Math.ceil((entry.resetAt - Date.now()) / 1000)) : 0,
  });
  return {
    async hit(key, windowSeconds) {
      let entry = current(key);
      if (!entry) {
        entry = { count: 0, resetAt: Date.now() + windowSeconds * 1000 };
        windows.set(key, entry);
        // Old windows are dropped lazily; this sweep keeps the map from growing without bound.
        if (windows.size > 10_000) for (const k of windows.keys()) current(k);
      }
      entry.count += 1;
      return view(entry);
    },
    async peek(key) {
      return view(current(key));
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'storekeep:rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const name = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(name).ttl(name).exec()) as [[null, number], [null, number]];
      if (ttl < 0) await redis.expire(name, windowSeconds);
      return { count, retryAfter: ttl > 0 ? ttl : windowSeconds };
    },
    async peek(key) {
      const name = prefix + key;
      const [[, value], [, ttl]] = (await redis.multi().get(name).ttl(name).exec()) as [[null, string | null], [null, number]];
      return { count: Number(value ?? 0), retryAfter: Math.max(ttl, 0) };
    },
    async clear(key) {
      await redis.del(prefix + key);
    },
  };
}

/**
 * Redis when it answers, this process's own counters when it does not: a Redis outage must not turn
 * every login into a 500. While Redis is down each instance counts alone (limits get looser by the
 * number of instances, never off); the first failure of an outage is logged, not each one.
 */
export function fallbackRateLimiter(
  primary: RateLimiter,
  fallback: RateLimiter,
  log: { warn(obj: object, msg: string): void },
  /** Whether the primary is connected now; while it is not, requests do not wait out its reconnects. */
  connected: () => boolean = () => true,
): RateLimiter {
  let failing = false;
  const attempt = async <T>(run: (limiter: RateLimiter) => Promise<T>): Promise<T> => {
    if (!connected()) return run(fallback);
    try {
      const result = await run(primary);
      failing = false;
      return result;
    } catch (error) {
      if (!failing) log.warn({ err: error }, 'rate limiter: Redis unavailable, counting in memory');
      failing = true;
      return run(fallback);
    }
  };
  return {
    hit: (key, windowSeconds) => attempt((limiter) => limiter.hit(key, windowSeconds)),
    peek: (key) => attempt((limiter) => limiter.peek(key)),
    clear: async (key) => {
      await Promise.all([attempt((limiter) => limiter.clear(key)), fallback.clear(key)]);
    },
  };
}
