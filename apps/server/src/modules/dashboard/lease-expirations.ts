import { sql } from 'kysely';
import type { Dialect, Executor } from '../../platform/db';

/** The chart covers this year and the next nine: far enough to plan renewals, short enough to read. */
const YEARS = 10;
/** Bounds staleness from writers that do not bump the team's write version (none today; manual SQL). */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 1000;

type YearCount = { year: number; count: number };
type Cached = { version: number; at: number; rows: YearCount[] };
// Per database handle, like the list totals: tests and benchmarks run several apps in one process.
const cacheByDb = new WeakMap<Executor, Map<string, Cached>>();

/**
 * Live active and holdover leases expiring per year; every year of the range is present (0 when none
 * ends in it) so the chart's axis never skips a year.
 *
 * Counting a big portfolio reads most of its leases (≈95k of 120k: the index cannot help much), so the
 * answer is kept per team and reused while the team's write version is unchanged: every lease create,
 * update, delete and restore bumps that version in its transaction (`bumpTeamWriteVersion`), so the chart
 * is never older than the last committed lease write, on any instance.
 */
export async function leaseExpirationsByYear(db: Executor, dialect: Dialect, teamId: number, today: string): Promise<YearCount[]> {
  const first = Number(today.slice(0, 4));
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = new Map()));
  const key = `${teamId}:${first}`;
  const version = await writeVersion(db, teamId);
  const hit = cache.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < CACHE_TTL_MS) return hit.rows;
  const rows = await countByYear(db, dialect, teamId, first);
  cache.delete(key);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, at: Date.now(), rows });
  return rows;
}

async function writeVersion(db: Executor, teamId: number): Promise<number> {
  const row = await sql<{ version: number }>`select version from team_write_versions where team_id = ${teamId}`.execute(db);
  return Number(row.rows[0]?.version ?? 0);
}

async function countByYear(db: Executor, dialect: Dialect, teamId: number, first: number): Promise<YearCount[]> {
  // PostgreSQL stores dates as `date`; SQLite as ISO text.
  const year = dialect === 'postgres' ? sql<number>`cast(extract(year from expiration_date) as integer)` : sql<number>`cast(substr(expiration_date, 1, 4) as integer)`;
  const rows = await db
    .selectFrom('leases')
    .select([year.as('year'), sql<number>`count(*)`.as('n')])
    .where('team_id', '=', teamId)
    .where('status', 'in', ['active', 'holdover'])
    .where('deleted_at', 'is', null)
    .where('expiration_date', '>=', `${first}-01-01`)
    .where('expiration_date', '<=', `${first + YEARS - 1}-12-31`)
    .groupBy(year)
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.year), Number(r.n)]));
  return Array.from({ length: YEARS }, (_, i) => ({ year: first + i, count: counts.get(first + i) ?? 0 }));
}
