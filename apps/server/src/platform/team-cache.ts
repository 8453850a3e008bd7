import { sql } from 'kysely';
import type { Executor } from './db';

/**
 * Aggregates over a big team (how many reminders are unread, what the portfolio costs a year) read most
 * of the team's rows, so they are kept per database, team and key, and trusted only while the team's
 * write version (`team_write_versions`, bumped in the transaction of every write that can change them)
 * is the one read before computing. A cached value is therefore never older than the team's last
 * committed write, on any number of app instances. Values that also depend on the date put the day in
 * the key. The TTL bounds writers that bypass the version (trash purge, manual SQL).
 */
const TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;
type Entry = { version: number; at: number; value: unknown };
// Per database handle: tests and benchmarks run several apps (databases) in one process.
const cacheByDb = new WeakMap<object, Map<string, Entry>>();

export async function teamWriteVersion(db: Executor, teamId: number): Promise<number> {
  const row = await sql<{ version: number }>`select version from team_write_versions where team_id = ${teamId}`.execute(db);
  return Number(row.rows[0]?.version ?? 0);
}

/** `compute()`'s answer for (team, key), recomputed once the team has written since it was cached. */
export async function cachedForTeam<T>(db: Executor, teamId: number, key: string, compute: () => Promise<T>): Promise<T> {
  // Inside a transaction the answer may include uncommitted writes of a version that could roll back.
  if (db.isTransaction) return compute();
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = new Map()));
  const fullKey = `${teamId}\u0000${key}`;
  const version = await teamWriteVersion(db, teamId);
  const hit = cache.get(fullKey);
  const now = Date.now();
  if (hit && hit.version === version && now - hit.at < TTL_MS) return hit.value as T;
  const value = await compute();
  cache.delete(fullKey);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(fullKey, { version, at: now, value });
  return value;
}
