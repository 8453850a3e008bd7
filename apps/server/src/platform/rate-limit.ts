import type { Redis } from 'ioredis';
import { AppError } from './errors';

/**
 * Fixed-window counters; Redis-backed when several instances must share them. A limit is enforced by
 * counting the attempt first and deciding on the count `hit` returns, never by peeking and counting after
 * the work: parallel requests would all pass the peek.
 */
export type RateLimiter = {
  /** Counts one hit atomically and returns the total within the current window, this hit included. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  /**
   * Gives back one hit of the current window (an attempt that turned out to be fine: a correct password),
   * so limits that are about failures still count every attempt while it runs.
   */
  release(key: string): Promise<void>;
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
    async release(key) {
      const entry = current(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

/**
 * Counts and starts the window in one step on the server: the count a caller gets back is its own (no
 * two parallel hits see the same number), and a key never outlives its window because the process that
 * made it stopped between INCR and EXPIRE.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

/** DECR only a live key: decrementing an expired one would leave a counter without a window. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`;

export function redisRateLimiter(redis: Redis, prefix = 'storekeep:rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowSeconds)) as [number, number];
      return { count, retryAfter: Math.max(ttl, 1) };
    },
    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, prefix + key);
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
    release: (key) => attempt((limiter) => limiter.release(key)),
    clear: async (key) => {
      await Promise.all([attempt((limiter) => limiter.clear(key)), fallback.clear(key)]);
    },
  };
}

/** A 429 with Retry-After; `:seconds` in the message becomes the wait, and `field` carries it as a field error. */
export function throttled(message: string, retryAfter: number, field?: string) {
  const text = message.replace(':seconds', String(retryAfter));
  return new AppError('throttled', text, field ? { [field]: [text] } : undefined, {
    'retry-after': String(retryAfter),
  });
}

/**
 * Counts one attempt under `key` and throws 429 once more than `max` were counted in the window: every
 * limit of the app goes through here, so each is decided by the atomic count of this very attempt.
 */
export async function enforceLimit(
  limiter: RateLimiter,
  limit: { key: string; max: number; windowSeconds: number; message: string; field?: string | undefined },
) {
  const counted = await limiter.hit(limit.key, limit.windowSeconds);
  if (counted.count > limit.max) throw throttled(limit.message, counted.retryAfter, limit.field);
  return counted;
}
