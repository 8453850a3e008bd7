import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
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
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const statement = raw.prepare(sql);
      const reader = statement.columns().length > 0;
      return {
        reader,
        all: (parameters) => statement.all(...toSqlite(parameters)),
        run: (parameters) => statement.run(...toSqlite(parameters)),
        iterate: (parameters) => statement.iterate(...toSqlite(parameters)),
      };
    },
  };
}

function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    if (value === undefined) return null;
    return value as SQLInputValue;
  });
}
