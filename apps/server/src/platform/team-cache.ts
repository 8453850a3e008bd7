import { CompiledQuery, sql } from 'kysely';
import { todayIn } from '@storekeep/contracts';
import { atEndOfTransaction, dialectOf, type Executor } from './db';

/**
 * Aggregates over a big team (how many reminders are unread, what the portfolio costs a year) read most
 * of the team's rows, so they are kept per database, team and key, and trusted only while the team's
 * write version (`team_write_versions`, bumped in the transaction of every write that can change them)
 * is the one read before computing. A cached value is therefore never older than the team's last
 * committed write, on any number of app instances. Values that also depend on the date put the day in
 * the key. The TTL bounds writers that bypass the version (trash purge, manual SQL).
 */
const TTL_MS = 60_000;
/**
 * A budget of cached answers. List totals, deep-page boundaries and per-team answers share the default one;
 * a pool of its own keeps a kind of answer from crowding out the others. Big answers (a search's ordered
 * matches) are not kept here but per team and by bytes (team-lru.ts).
 */
export type CachePool = { readonly name: string; readonly maxEntries: number };
const SHARED: CachePool = { name: 'shared', maxEntries: 15_000 };
type Entry = { version: number; at: number; value: unknown };
// Per database handle: tests and benchmarks run several apps (databases) in one process.
const cacheByDb = new WeakMap<object, Map<string, Map<string, Entry>>>();

export async function teamWriteVersion(db: Executor, teamId: number): Promise<number> {
  const row = await sql<{
    version: number;
  }>`select version from team_write_versions where team_id = ${teamId}`.execute(db);
  return Number(row.rows[0]?.version ?? 0);
}

/**
 * The team's write version and its date today (its time zone), in one statement: what an answer that depends
 * on both (an unread count, a conditional GET's tag) needs, without a second round trip for the zone.
 */
const VERSION_AND_ZONE = {
  sqlite: `select (select version from team_write_versions where team_id = ?) as version,
    (select time_zone from team_settings where team_id = ?) as time_zone`,
  postgres: `select (select version from team_write_versions where team_id = $1) as version,
    (select time_zone from team_settings where team_id = $2) as time_zone`,
} as const;

export async function teamVersionAndToday(
  db: Executor,
  teamId: number,
): Promise<{ version: number; today: string }> {
  // Read by every conditional GET and every badge: the statement is written once per dialect rather than
  // built and compiled by Kysely on each request.
  const text = VERSION_AND_ZONE[dialectOf(db)];
  const { rows } = await db.executeQuery<{ version: number | null; time_zone: string | null }>(
    CompiledQuery.raw(text, [teamId, teamId]),
  );
  return { version: Number(rows[0]?.version ?? 0), today: todayIn(rows[0]?.time_zone ?? 'UTC') };
}

/**
 * Marks every cached answer of the team stale; call it in the transaction of the write. Every write of the
 * team updates this one row, so it is updated last (`atEndOfTransaction`): a write that locked it first and
 * a record's row after could deadlock with one that went the other way (a document edit and its extraction did).
 */
export async function bumpTeamWriteVersion(db: Executor, teamId: number): Promise<void> {
  await atEndOfTransaction(db, `team-write-version:${String(teamId).padStart(12, '0')}`, async () => {
    await sql`insert into team_write_versions (team_id, version) values (${teamId}, 1)
      on conflict (team_id) do update set version = team_write_versions.version + 1`.execute(db);
  });
}

/**
 * `compute()`'s answer for `key` at write version `version`, which must have been read before computing
 * starts (so the answer is at least that new). The key must name the team (a compiled query with its
 * team parameter does).
 */
export async function cachedAtVersion<T>(
  db: Executor,
  version: number,
  key: string,
  compute: () => Promise<T>,
  pool: CachePool = SHARED,
): Promise<T> {
  // Inside a transaction the answer may include uncommitted writes of a version that could roll back.
  if (db.isTransaction) return compute();
  let pools = cacheByDb.get(db);
  if (!pools) cacheByDb.set(db, (pools = new Map()));
  let cache = pools.get(pool.name);
  if (!cache) pools.set(pool.name, (cache = new Map()));
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.version === version && now - hit.at < TTL_MS) return hit.value as T;
  const value = await compute();
  cache.delete(key);
  if (cache.size >= pool.maxEntries) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, at: now, value });
  return value;
}

/** `compute()`'s answer for (team, key), recomputed once the team has written since it was cached. */
export async function cachedForTeam<T>(
  db: Executor,
  teamId: number,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return compute();
  return cachedAtVersion(db, await teamWriteVersion(db, teamId), `${teamId}\u0000${key}`, compute);
}
