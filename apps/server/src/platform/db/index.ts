import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyPlugin,
  type LogEvent,
  type OperationNode,
  type RootOperationNode,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { openSqlite } from './sqlite-driver';
import { prepareStatements } from './prepared';
import type { Database } from './schema';
import { guardedExecutor, tenancyGuard, type TenancyGuardMode, type TenancyViolation } from './tenancy-guard';

export { crossTeam, TenancyError } from './tenancy-guard';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Anything a repository can run a query on: the pool or an open transaction. */
export type Executor = Db | Trx;

/** Which database an executor talks to, from its Kysely adapter. */
export function dialectOf(db: Executor): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export type PoolStats = { total: number; idle: number; waiting: number };

// Work each open write transaction runs as its last statements, by key (see `atEndOfTransaction`).
const endOfTransactionWork = new WeakMap<Trx, Map<string, () => Promise<void>>>();

/**
 * Every write goes through here. Besides the transaction it runs, at the end, the work registered with
 * `atEndOfTransaction` (in key order), so the locks on hot shared rows are the last ones any write takes.
 */
export async function writeTransaction<T>(db: Db, run: (trx: Trx) => Promise<T>): Promise<T> {
  const committed: Array<() => void> = [];
  const result = await db.transaction().execute(async (trx) => {
    const work = new Map<string, () => Promise<void>>();
    endOfTransactionWork.set(trx, work);
    afterCommitWork.set(trx, committed);
    const result = await run(trx);
    endOfTransactionWork.delete(trx);
    for (const key of [...work.keys()].sort()) await work.get(key)!();
    return result;
  });
  for (const work of committed) work();
  return result;
}

// What each open write transaction does once it committed (see `afterCommit`).
const afterCommitWork = new WeakMap<Trx, Array<() => void>>();

/**
 * Runs `work` once the write transaction `executor` is has committed (never, if it rolls back), or at once
 * outside one, where the statement before it committed by itself. For this process's copies of what the
 * write changed: dropped earlier, a request in between could copy the old rows again.
 */
export function afterCommit(executor: Executor, work: () => void) {
  const pending = executor.isTransaction ? afterCommitWork.get(guardedExecutor(executor) as Trx) : undefined;
  if (pending) pending.push(work);
  else work();
}

/**
 * Runs `work` once, as the last statement of the write transaction `executor` is (twice with one key: once),
 * or at once outside one. For updates of a row every write of a team touches (its write version): taken
 * last, such a lock is held only by a transaction that waits for no other row, so on PostgreSQL two writes
 * cannot deadlock over it, whatever order they touched their other rows in.
 */
export async function atEndOfTransaction(
  executor: Executor,
  key: string,
  work: () => Promise<void>,
): Promise<void> {
  const pending = executor.isTransaction
    ? endOfTransactionWork.get(guardedExecutor(executor) as Trx)
    : undefined;
  if (pending) pending.set(key, work);
  else await work();
}

/**
 * A transaction that PostgreSQL may pick as a deadlock's victim (40P01: it rolled back, the other one went on)
 * is run again, up to three times. For background work that locks many rows at once (the trash purge), where
 * a user's write to the same rows at that moment is expected and the work is still due.
 */
export async function transactionRetryingDeadlocks<T>(db: Db, run: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await writeTransaction(db, run);
    } catch (error) {
      if (attempt >= 3 || (error as { code?: string }).code !== '40P01') throw error;
    }
  }
}

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool right now (SQLite has one connection and no pool). */
  poolStats?: () => PoolStats;
};

/** One finished query: what kind of statement, how long it took, whether it failed. */
export type QueryObservation = { sql: string; seconds: number; failed: boolean };
const queryObservers = new WeakMap<Db, Set<(query: QueryObservation) => void>>();

/**
 * Calls `listener` after every query this handle runs (builder and raw SQL, in or out of transactions),
 * through Kysely's log hook, which times each statement at the connection. /metrics uses it.
 */
export function observeQueries(db: Db, listener: (query: QueryObservation) => void): () => void {
  const set = queryObservers.get(db);
  set?.add(listener);
  return () => set?.delete(listener);
}

/** Kysely's `log` option feeding the observers; a no-op while nobody listens. */
function queryLog(observers: Set<(query: QueryObservation) => void>) {
  return (event: LogEvent) => {
    if (!observers.size) return;
    const observation = {
      sql: event.query.sql,
      seconds: event.queryDurationMillis / 1000,
      failed: event.level === 'error',
    };
    for (const observer of observers) observer(observation);
  };
}

// pg hands back Date objects and bigint strings by default; the app speaks ISO strings and numbers
// on both dialects, so the parsers are set once for the process.
pg.types.setTypeParser(1184, (value) => isoOfUtcText(value, '+00') ?? new Date(value).toISOString()); // timestamptz
pg.types.setTypeParser(1114, (value) => isoOfUtcText(value, '') ?? new Date(`${value}Z`).toISOString()); // timestamp
pg.types.setTypeParser(1082, (value) => value); // date stays YYYY-MM-DD
pg.types.setTypeParser(20, (value) => Number(value)); // int8 (counts, ids)

/**
 * The ISO text `Date#toISOString` gives for PostgreSQL's text of a UTC time ("2026-12-02 18:25:08.123456+00",
 * what a session in UTC sends), made by slicing: building a Date for each was 6–7% of the CPU of a
 * 100,000-row export. Anything else (another zone's offset, BC, infinity) is null and goes through Date.
 */
export function isoOfUtcText(value: string, suffix: '+00' | ''): string | null {
  const match = UTC_TEXT.exec(value);
  if (!match || match[4] !== suffix) return null;
  // Date keeps milliseconds and drops the rest of the fraction (truncates, never rounds).
  return `${match[1]}T${match[2]}.${((match[3] ?? '') + '000').slice(0, 3)}Z`;
}
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(\+00|)$/;

const postgresUrls = new WeakMap<Db, string>();
export type WriteKind = 'insert' | 'update' | 'delete';
const writeWatchers = new WeakMap<Db, Set<(table: string, kind: WriteKind) => void>>();

/**
 * Calls `listener` with the table name whenever this process issues an INSERT, UPDATE or DELETE through
 * the query builder (before it runs and again after). Raw SQL is not seen. The session cache uses it to
 * drop its copies at once when this very process changes who a session belongs to.
 */
export function watchWrites(db: Db, listener: (table: string, kind: WriteKind) => void): () => void {
  const set = writeWatchers.get(db);
  set?.add(listener);
  return () => set?.delete(listener);
}

function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableOf((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode')
    return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
}

function writtenTable(node: RootOperationNode): { table: string; kind: WriteKind } | undefined {
  if (node.kind === 'InsertQueryNode') return { table: tableOf(node.into) ?? '', kind: 'insert' };
  if (node.kind === 'UpdateQueryNode') return { table: tableOf(node.table) ?? '', kind: 'update' };
  if (node.kind === 'DeleteQueryNode') return { table: tableOf(node.from.froms[0]) ?? '', kind: 'delete' };
  return undefined;
}

function writeWatchPlugin(listeners: Set<(table: string, kind: WriteKind) => void>): KyselyPlugin {
  const pending = new WeakMap<object, { table: string; kind: WriteKind }>();
  return {
    transformQuery({ node, queryId }) {
      if (listeners.size) {
        const write = writtenTable(node);
        if (write?.table) {
          pending.set(queryId, write);
          for (const listener of listeners) listener(write.table, write.kind);
        }
      }
      return node;
    },
    async transformResult({ queryId, result }) {
      const write = pending.get(queryId);
      if (write) for (const listener of listeners) listener(write.table, write.kind);
      return result;
    },
  };
}

const sqliteChangeStamps = new WeakMap<Db, { stamp: () => string; reread: () => void }>();

/**
 * SQLite: a stamp that stays the same only while nothing in the database changed (no row written by this
 * connection, no commit by another), read without a statement through Kysely. A value read after taking the
 * stamp may be reused while the stamp stays the same. Undefined on PostgreSQL and inside a transaction (whose
 * reads include its own uncommitted writes).
 */
export function sqliteChangeStamp(db: Executor): string | undefined {
  if (db.isTransaction) return undefined;
  return sqliteChangeStamps.get(guardedExecutor(db) as Db)?.stamp();
}

/**
 * SQLite: the next change stamp reads again what other connections (processes) have committed. Called as each
 * request arrives, so that a request sees every commit made before it; the stamp reads it once per request.
 */
export function rereadOtherConnections(db: Db) {
  sqliteChangeStamps.get(db)?.reread();
}

/**
 * The query builder without the schema's types, for code whose table is chosen at run time from a fixed list (the
 * records kit, imports, exports, lists, the queues): Kysely's typed builder cannot follow a table named then.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export const untyped = (db: Executor): Kysely<any> => db as unknown as Kysely<any>;

/** The connection string a PostgreSQL handle was opened with (for a LISTEN connection of its own). */
export function postgresUrlOf(db: Db): string | undefined {
  return postgresUrls.get(db);
}

export type OpenOptions = {
  poolSize?: number;
  /**
   * PostgreSQL: a statement running longer is cancelled (57014), so one runaway query cannot hold a pooled
   * connection and a request indefinitely. Off (0 or absent) for migrations, backups and the benchmark's loads.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: named prepared statements outside transactions (prepared.ts). Off unless asked for. */
  preparedStatements?: boolean;
  /** The tenancy guard (tenancy-guard.ts): on in tests and optionally in development, absent in production. */
  tenancyGuard?: { mode: TenancyGuardMode; report?: (violation: TenancyViolation) => void };
};

function pluginsFor(watchers: Set<(table: string, kind: WriteKind) => void>, options: OpenOptions) {
  const guard = options.tenancyGuard;
  return [writeWatchPlugin(watchers), ...(guard ? [tenancyGuard(guard.mode, guard.report)] : [])];
}

export function openDatabase(url: string, options: OpenOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = openSqlite(file);
    const watchers = new Set<(table: string, kind: WriteKind) => void>();
    const observers = new Set<(query: QueryObservation) => void>();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: pluginsFor(watchers, options),
      log: queryLog(observers),
    });
    writeWatchers.set(db, watchers);
    queryObservers.set(db, observers);
    sqliteChangeStamps.set(db, { stamp: sqlite.changeStamp, reread: sqlite.rereadOtherConnections });
    return {
      db,
      dialect: 'sqlite',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }
  // With the database down, a request must fail fast (503) instead of queueing for a connection forever:
  // connecting gives up after 5 s (node-postgres waits without limit by default); TCP keep-alive probes
  // (from 10 s idle, not the OS's two hours) let the OS notice a connection whose peer vanished without a
  // reset. The pool reconnects on its own once the database is back.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one between two queries of a transaction: pg-pool drops its own listener while a
  // client is lent out, and an 'error' event with no listener would end the process. The next query on the
  // broken client fails (a 503 to the request), and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (options.preparedStatements) prepareStatements(client);
  });
  const watchers = new Set<(table: string, kind: WriteKind) => void>();
  const observers = new Set<(query: QueryObservation) => void>();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: pluginsFor(watchers, options),
    log: queryLog(observers),
  });
  postgresUrls.set(db, url);
  writeWatchers.set(db, watchers);
  queryObservers.set(db, observers);
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
