import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape Kysely's SqliteDialect expects,
 * so the embedded database needs no native addon to compile.
 */
export function openSqlite(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  // WAL lets readers run beside the single writer; busy_timeout waits out a concurrent writer
  // (another process, a backup) instead of failing; foreign keys are off by default in SQLite.
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA synchronous = NORMAL');
  // Kysely prepares every query it runs; compiling the same SQL again on each request was the largest
  // single cost of a signed-in request (the profile in bench/README.md). Prepared statements are kept
  // per SQL text (least recently used out first). `all` and `run` finish synchronously, so one cached
  // statement is never used by two callers at once; `iterate` (streams) gets a statement of its own.
  const cache = new Map<string, { statement: StatementSync; reader: boolean }>();
  const cached = (sql: string) => {
    let entry = cache.get(sql);
    if (entry) {
      cache.delete(sql);
    } else {
      const statement = raw.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, entry);
    return entry;
  };
  return {
    raw,
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = cached(sql);
      return {
        reader,
        all: (parameters) => statement.all(...toSqlite(parameters)),
        run: (parameters) => statement.run(...toSqlite(parameters)),
        iterate: (parameters) => raw.prepare(sql).iterate(...toSqlite(parameters)),
      };
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
