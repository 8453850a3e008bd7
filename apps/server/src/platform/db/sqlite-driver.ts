import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape Kysely's SqliteDialect expects,
 * so the embedded database needs no native addon to compile.
 */
export function openSqlite(
  file: string,
): SqliteDatabase & { raw: DatabaseSync; changeStamp: () => string; rereadOtherConnections: () => void } {
  const raw = new DatabaseSync(file);
  // busy_timeout waits out a concurrent writer (another process, a backup) instead of failing, and comes
  // first: setting the journal mode waits for a lock too (a second instance starting while the first seeds);
  // WAL lets readers run beside the single writer; foreign keys are off by default in SQLite.
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA synchronous = NORMAL');
  const checkpointer = file === ':memory:' ? null : startCheckpointer(raw, file);
  // Kysely prepares every query it runs; compiling the same SQL again on each request was the largest
  // single cost of a signed-in request (the profile in bench/README.md). Prepared statements are kept
  // per SQL text (least recently used out first). `all` and `run` finish synchronously, so one cached
  // statement is never used by two callers at once; `iterate` (streams) gets a statement of its own.
  const cache = new Map<string, { statement: StatementSync; reader: boolean; mayWrite: boolean }>();
  const cached = (sql: string) => {
    let entry = cache.get(sql);
    if (entry) {
      cache.delete(sql);
    } else {
      const statement = raw.prepare(sql);
      // Anything but a plain SELECT may change a row (a WITH may lead to an INSERT, a PRAGMA to a write).
      entry = { statement, reader: statement.columns().length > 0, mayWrite: !/^\s*select\b/i.test(sql) };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, entry);
    return entry;
  };
  const dataVersion = raw.prepare('PRAGMA data_version');
  dataVersion.setReturnArrays(true);
  // Statements run on this connection that may have written (every statement passes `prepare` below).
  let writes = 0;
  // data_version as last read: forgotten as the first request of a batch arrives and at the end of each turn of
  // the event loop.
  let version: number | undefined;
  const forgetVersion = () => (version = undefined);
  // One end-of-turn reset at a time: scheduling a reset for every read would put a setImmediate on every request.
  let resetQueued = false;
  const resetAtEndOfTurn = () => {
    resetQueued = false;
    forgetVersion();
  };
  // Requests arrive in batches: the event loop's poll phase hands over every socket the kernel reported ready,
  // one after the other, and its check phase (setImmediate) comes after the last. The first arrival of a batch
  // forgets the version; the others share what is read after it. Each of them was in the kernel before the
  // poll returned, so before that read: each still sees every commit made before it arrived.
  let batchOpen = false;
  const closeBatch = () => (batchOpen = false);
  const rereadOtherConnections = () => {
    if (batchOpen) return;
    batchOpen = true;
    forgetVersion();
    setImmediate(closeBatch);
  };
  return {
    raw,
    // What the database held can only have changed if this moved: data_version moves when another connection
    // (another process on the file) commits, `writes` when this one runs a statement that may write, committed
    // or not (SQLite's total_changes would say the same a little more precisely, at the cost of a statement).
    // Read outside Kysely's connection lock on purpose: a write of an open transaction counts already, so a copy
    // kept under the stamp that write gives was read after that transaction ended.
    // data_version is read once per batch of arriving requests (rereadOtherConnections), not on each of a
    // signed-in request's two stamps nor on each request of a batch: the statement (a read transaction, with its
    // file locks) was the largest single cost of `users/auth` in a CPU profile, then 8% of it read per request.
    // So a request sees every commit made before it arrived; background work, whatever was committed before the
    // current turn of the event loop. Own writes are counted at once.
    rereadOtherConnections,
    changeStamp: () => {
      if (version === undefined) {
        version = (dataVersion.get() as unknown as [number])[0];
        if (!resetQueued) {
          resetQueued = true;
          setImmediate(resetAtEndOfTurn);
        }
      }
      return `${version}:${writes}`;
    },
    close: () => {
      cache.clear();
      checkpointer?.postMessage('close');
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader, mayWrite } = cached(sql === 'begin' ? BEGIN_WRITE : sql);
      return {
        reader,
        all: (parameters) => {
          if (mayWrite) writes++;
          return statement.all(...toSqlite(parameters));
        },
        run: (parameters) => {
          if (mayWrite) writes++;
          return statement.run(...toSqlite(parameters));
        },
        iterate: (parameters) => raw.prepare(sql).iterate(...toSqlite(parameters)),
      };
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely opens every transaction with a plain (deferred) `begin`, which takes the write lock only at the first
 * write. A transaction that read first and then found the log moved by another connection (the checkpoint
 * worker, a backup, a second process) fails at that write with "database is locked" at once: SQLite cannot wait
 * out a busy lock there without risking a deadlock, so busy_timeout never applies and the user got a 503.
 * Taking the write lock at the start waits (busy_timeout) instead. This connection runs one transaction at a
 * time anyway (Kysely's single-connection mutex), so nothing here runs less concurrently.
 */
const BEGIN_WRITE = 'begin immediate';

/** How often the background connection copies the write-ahead log into the database file. */
const CHECKPOINT_INTERVAL_MS = 1000;
/**
 * The main thread's own checkpoint, only a fallback: pages of log (4 KB each) that make a commit checkpoint on
 * the event loop. SQLite's default is 1,000, which a busy import reached every few batches.
 */
const FALLBACK_CHECKPOINT_PAGES = 25_000;

/**
 * SQLite checkpoints the write-ahead log inside the commit that crosses `wal_autocheckpoint`: on this
 * synchronous driver that is the event loop, and copying and syncing megabytes there held every other request
 * (a list page's p95 beside a 100,000-row import went from 27 ms to 94–121 ms when the disk was busy). A worker
 * thread with its own connection checkpoints instead, every second; the main thread checkpoints only if the log
 * outgrows FALLBACK_CHECKPOINT_PAGES (the worker stuck or gone).
 */
function startCheckpointer(raw: DatabaseSync, file: string): Worker {
  raw.exec(`PRAGMA wal_autocheckpoint = ${FALLBACK_CHECKPOINT_PAGES}`);
  const worker = new Worker(new URL('./sqlite-checkpoint-worker.mjs', import.meta.url), {
    workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // Never keeps the process alive, and a failure there only leaves the work to the fallback.
  worker.unref();
  worker.on('error', () => undefined);
  return worker;
}

function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
