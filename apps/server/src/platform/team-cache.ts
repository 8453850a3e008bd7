import { CompiledQuery, sql } from 'kysely';
import { todayIn } from '@storekeep/contracts';
import { afterCommit, atEndOfTransaction, dialectOf, sqliteChangeStamp, type Db, type Executor } from './db';
import { VERSIONED_LIST_TABLES } from './db/migrations/0070-list-table-versions';
import { Flights } from './flights';
import { listenForNotifications, type Listener } from './pg-notifications';

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
type Pool = { entries: Map<string, Entry>; flights: Flights };
// Per database handle: tests and benchmarks run several apps (databases) in one process.
const cacheByDb = new WeakMap<object, Map<string, Pool>>();

export async function teamWriteVersion(db: Executor, teamId: number): Promise<number> {
  return (await teamVersionAndZone(db, teamId)).version;
}

/**
 * The team's write version and its date today (its time zone), in one statement: what an answer that depends
 * on both (an unread count, a conditional GET's tag) needs, without a second round trip for the zone.
 */
const VERSION_AND_ZONE = {
  sqlite: `select (select version from team_write_versions where team_id = ?) as version,
    (select time_zone from team_settings where team_id = ?) as time_zone,
    (select group_concat(table_name || ':' || version) from team_table_versions where team_id = ?) as tables`,
  postgres: `select (select version from team_write_versions where team_id = $1) as version,
    (select time_zone from team_settings where team_id = $2) as time_zone,
    (select string_agg(table_name || ':' || version, ',') from team_table_versions where team_id = $3) as tables`,
} as const;

export async function teamVersionAndToday(
  db: Executor,
  teamId: number,
): Promise<{ version: number; today: string }> {
  const { version, timeZone } = await teamVersionAndZone(db, teamId);
  return { version, today: todayIn(timeZone) };
}

/** The team's time zone, kept with its write version (updateSettings bumps it), so usually without a round trip. */
export async function teamTimeZone(db: Executor, teamId: number): Promise<string> {
  return (await teamVersionAndZone(db, teamId)).timeZone;
}

/**
 * The version of one of the team's list tables (migration 0070 names them): it moves only when a write of the team
 * changed that table's rows, while the team's write version moves with every write. Kept with the write version.
 */
export async function teamTableVersion(db: Executor, teamId: number, table: string): Promise<number> {
  return (await teamVersionAndZone(db, teamId)).tables.get(table) ?? 0;
}

type TeamState = { version: number; timeZone: string; tables: ReadonlyMap<string, number> };

/** The list tables' versions as VERSION_AND_ZONE reads them, `table:version` joined by commas. */
function tableVersions(text: string | null): ReadonlyMap<string, number> {
  const tables = new Map<string, number>();
  for (const entry of text?.split(',') ?? []) {
    const colon = entry.lastIndexOf(':');
    tables.set(entry.slice(0, colon), Number(entry.slice(colon + 1)));
  }
  return tables;
}

/**
 * The team's write version and date when this process keeps them (no statement, nothing awaited): a request whose
 * every answer is kept is then answered in the turn it arrived. Undefined when they must be read.
 */
export function keptVersionAndToday(
  db: Executor,
  teamId: number,
): { version: number; today: string } | undefined {
  const state = keptTeamState(db, teamId);
  return state && { version: state.version, today: todayIn(state.timeZone) };
}

function keptTeamState(db: Executor, teamId: number): TeamState | undefined {
  const kept = watchOf(db)?.teams.get(teamId);
  if (kept && Date.now() - kept.at < TTL_MS) return kept;
  // SQLite: what was read is kept while the connection's change stamp says nothing at all was written since.
  const stamp = sqliteChangeStamp(db);
  const keptAtStamp = stamp === undefined ? undefined : keptByStamp(db).get(teamId);
  return keptAtStamp && keptAtStamp.stamp === stamp ? keptAtStamp : undefined;
}

async function teamVersionAndZone(db: Executor, teamId: number): Promise<TeamState> {
  const kept = keptTeamState(db, teamId);
  if (kept) return kept;
  const watch = watchOf(db);
  const stamp = sqliteChangeStamp(db);
  const stamped = stamp === undefined ? undefined : keptByStamp(db);
  const generation = watch?.generation;
  const at = Date.now();
  // Read by every conditional GET and every badge: the statement is written once per dialect rather than
  // built and compiled by Kysely on each request.
  const text = VERSION_AND_ZONE[dialectOf(db)];
  const { rows } = await db.executeQuery<{
    version: number | null;
    time_zone: string | null;
    tables: string | null;
  }>(CompiledQuery.raw(text, [teamId, teamId, teamId]));
  const state: TeamState = {
    version: Number(rows[0]?.version ?? 0),
    timeZone: rows[0]?.time_zone ?? 'UTC',
    tables: tableVersions(rows[0]?.tables ?? null),
  };
  if (stamped) {
    if (stamped.size >= MAX_WATCHED_TEAMS) stamped.delete(stamped.keys().next().value!);
    stamped.set(teamId, { ...state, stamp: stamp! });
  }
  // A bump heard while the statement ran may be newer than what it read: then nothing is kept.
  if (watch && watch.listener.listening && watch.generation === generation) {
    if (watch.teams.size >= MAX_WATCHED_TEAMS) watch.teams.delete(watch.teams.keys().next().value!);
    watch.teams.set(teamId, { ...state, at });
  }
  return state;
}

// SQLite: each team's version and zone as read, with the change stamp taken before the read (per handle).
const stampedByDb = new WeakMap<object, Map<number, TeamState & { stamp: string }>>();
function keptByStamp(db: Executor) {
  let kept = stampedByDb.get(db);
  if (!kept) stampedByDb.set(db, (kept = new Map()));
  return kept;
}

/**
 * PostgreSQL: each team's write version and time zone, kept in this process while it hears every bump
 * (decision 0035). `bumpTeamWriteVersion` NOTIFYs the team's id on VERSION_CHANNEL in the transaction of the
 * write, which PostgreSQL delivers to every instance when it commits; the instance that wrote also drops its
 * copy as the commit returns (`afterCommit`), so its own next request never reads the old version. While the
 * LISTEN connection is down the copies are dropped and every read asks the database, as before (the session
 * cache's rule, decision 0003). Entries also expire after TTL_MS, which bounds a writer that bypasses the bump.
 * SQLite needs no listener: the connection's change stamp (platform/db `sqliteChangeStamp`) tells when
 * anything was written, by this process or another sharing the file, and a kept read is used only until then.
 */
const VERSION_CHANNEL = 'storekeep_team_version';
const MAX_WATCHED_TEAMS = 10_000;
type VersionWatch = {
  listener: Listener;
  /** Moves on every bump heard, so a read that overlapped one keeps nothing. */
  generation: number;
  teams: Map<number, TeamState & { at: number }>;
  /** Apps sharing one database handle share its watch (tests, a second instance in one process). */
  users: number;
  /** Markers sent by `heardEveryBump`, each resolved when it comes back. */
  markers: Map<string, () => void>;
};
const watches = new WeakMap<object, VersionWatch>();
const liveWatches = new Set<VersionWatch>();

function watchOf(db: Executor): VersionWatch | undefined {
  if (db.isTransaction) return undefined;
  const watch = watches.get(db);
  return watch?.listener.listening ? watch : undefined;
}

/** Whether reads through `db` are answered from kept versions now (tests wait for the LISTEN to start). */
export const keepsTeamVersions = (db: Executor) => watchOf(db) !== undefined;

function forgetTeams(watch: VersionWatch, teamId: number | null) {
  watch.generation++;
  if (teamId === null) watch.teams.clear();
  else watch.teams.delete(teamId);
}

/** Starts keeping team versions for `db` (PostgreSQL only); the returned function stops it. */
export function watchTeamVersions(db: Db): () => Promise<void> {
  let watch = watches.get(db);
  if (!watch) {
    const teams = new Map<number, TeamState & { at: number }>();
    const created: VersionWatch = {
      generation: 0,
      teams,
      users: 0,
      markers: new Map(),
      listener: listenForNotifications(db, VERSION_CHANNEL, {
        onNotification: (payload) => {
          const marker = payload === undefined ? undefined : created.markers.get(payload);
          if (marker) return marker();
          const teamId = Number(payload);
          forgetTeams(created, Number.isInteger(teamId) ? teamId : null);
        },
        onReset: () => forgetTeams(created, null),
      }),
    };
    watches.set(db, created);
    liveWatches.add(created);
    watch = created;
  }
  watch.users++;
  const mine = watch;
  return async () => {
    if (--mine.users > 0) return;
    watches.delete(db);
    liveWatches.delete(mine);
    await mine.listener.close();
  };
}

/**
 * Resolves once this process has heard every bump committed before the call (PostgreSQL delivers notifications
 * in commit order, so a marker sent now comes back after them). For tests that count a request's statements:
 * a bump heard during the request would drop a kept version and make it read one.
 */
export async function heardEveryBump(db: Db): Promise<void> {
  const watch = watchOf(db);
  if (!watch) return;
  const marker = `marker:${Math.random().toString(36).slice(2)}`;
  const heard = new Promise<void>((resolve) => watch.markers.set(marker, resolve));
  try {
    await sql`select pg_notify(${VERSION_CHANNEL}, ${marker})`.execute(db);
    await heard;
  } finally {
    watch.markers.delete(marker);
  }
}

/**
 * Marks every cached answer of the team stale; call it in the transaction of the write. Every write of the
 * team updates this one row, so it is updated last (`atEndOfTransaction`): a write that locked it first and
 * a record's row after could deadlock with one that went the other way (a document edit and its extraction did).
 */
export async function bumpTeamWriteVersion(
  db: Executor,
  teamId: number,
  /**
   * Which list tables move (migration 0070): those the transaction's triggers marked; outside a transaction, where
   * PostgreSQL's marks are gone, all of them, unless `markedOnly` (then none there): for a bump after a request's
   * writes, each of which ran in a write transaction that bumped with its own marks.
   */
  { markedOnly = false }: { markedOnly?: boolean } = {},
): Promise<void> {
  await atEndOfTransaction(db, `team-write-version:${String(teamId).padStart(12, '0')}`, async () => {
    await sql`insert into team_write_versions (team_id, version) values (${teamId}, 1)
      on conflict (team_id) do update set version = team_write_versions.version + 1`.execute(db);
    // The list tables this transaction changed, as their triggers marked them (migration 0070), under the lock
    // just taken. Delivered on commit to every instance keeping versions (watchTeamVersions); nothing if it
    // rolls back.
    if (dialectOf(db) === 'postgres')
      await sql`with changed as (${changedListTables(db, teamId, markedOnly)}) select pg_notify(${VERSION_CHANNEL}, ${String(teamId)})`.execute(
        db,
      );
    else await sql`${changedListTables(db, teamId, markedOnly)}`.execute(db);
  });
  // SQLite's marks are rows: cleared after every team's bump (its key sorts after theirs), so a transaction that
  // wrote for two teams moves both teams' tables.
  if (dialectOf(db) === 'sqlite')
    await atEndOfTransaction(db, '~table-change-marks', async () => {
      await sql`delete from table_change_marks`.execute(db);
    });
  afterCommit(db, () => {
    for (const watch of liveWatches) forgetTeams(watch, teamId);
  });
}

/**
 * Moves the versions of the team's list tables that the transaction changed. PostgreSQL's marks last as long as the
 * transaction, so outside one (a write that committed on its own, then this) they are gone: every list table moves.
 */
function changedListTables(db: Executor, teamId: number, markedOnly: boolean) {
  const bump = sql`on conflict (team_id, table_name) do update set version = team_table_versions.version + 1`;
  if (dialectOf(db) === 'sqlite')
    return sql`insert into team_table_versions (team_id, table_name, version)
      select ${teamId}, table_name, 1 from table_change_marks where true ${bump}`;
  const marked =
    db.isTransaction || markedOnly
      ? sql`string_to_array(trim(both ',' from current_setting('storekeep.changed_tables', true)), ',')`
      : sql`array[${sql.join(VERSIONED_LIST_TABLES.map((table) => sql.lit(table)))}]`;
  return sql`insert into team_table_versions (team_id, table_name, version)
    select ${teamId}, name, 1 from unnest(${marked}) as name where name <> '' order by name ${bump}`;
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
  const { entries, flights } = cacheOf(db, pool);
  const hit = entries.get(key);
  const kept =
    hit && hit.version === version
      ? { value: hit.value as T, expired: Date.now() - hit.at >= TTL_MS }
      : undefined;
  return flights.answer(key, version, kept, compute, (value, at) => {
    // A computation for an older version that lands after a newer one keeps the newer.
    const current = entries.get(key);
    if (current && current.version > version) return;
    entries.delete(key);
    if (entries.size >= pool.maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, { version, at, value });
  });
}

/** What `cachedAtVersion` would answer at once for `key` at `version`, when it holds an answer that has not expired. */
export function keptAtVersion<T>(
  db: Executor,
  version: number,
  key: string,
  pool: CachePool = SHARED,
): T | undefined {
  if (db.isTransaction) return undefined;
  const hit = cacheOf(db, pool).entries.get(key);
  return hit && hit.version === version && Date.now() - hit.at < TTL_MS ? (hit.value as T) : undefined;
}

function cacheOf(db: Executor, pool: CachePool) {
  let pools = cacheByDb.get(db);
  if (!pools) cacheByDb.set(db, (pools = new Map()));
  let cache = pools.get(pool.name);
  if (!cache) pools.set(pool.name, (cache = { entries: new Map(), flights: new Flights() }));
  return cache;
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
