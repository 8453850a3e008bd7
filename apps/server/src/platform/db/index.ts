import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { openSqlite } from './sqlite-driver';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Anything a repository can run a query on: the pool or an open transaction. */
export type Executor = Db | Trx;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  ping(): Promise<void>;
  close(): Promise<void>;
};

// pg hands back Date objects and bigint strings by default; the app speaks ISO strings and numbers
// on both dialects, so the parsers are set once for the process.
pg.types.setTypeParser(1184, (value) => new Date(value).toISOString()); // timestamptz
pg.types.setTypeParser(1114, (value) => new Date(`${value}Z`).toISOString()); // timestamp
pg.types.setTypeParser(1082, (value) => value); // date stays YYYY-MM-DD
pg.types.setTypeParser(20, (value) => Number(value)); // int8 (counts, ids)

export function openDatabase(url: string, options: { poolSize?: number } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = openSqlite(file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return {
      db,
      dialect: 'sqlite',
      ping: async () => {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
