import { sql, type Insertable } from 'kysely';
import { dialectOf, type Executor } from './index';
import type { Database } from './schema';

/** The PostgreSQL type of a column's values, which its array is sent as. */
export type ColumnArrayType = 'integer' | 'bigint' | 'text' | 'date' | 'boolean' | 'double precision';

type TableName = keyof Database & string;
type Row<T extends TableName> = Insertable<Database[T]>;

/** Rows a PostgreSQL statement carries: its arrays are one parameter each, whatever their length. */
const POSTGRES_ROWS = 5_000;
/** SQLite's parameters a statement may bind (its default limit is 32,766). */
const SQLITE_PARAMETERS = 16_000;

/**
 * Inserts many rows of one table, `columns` naming each column written and its type. On PostgreSQL a statement
 * sends each column as one array and unnests them (`insert … select * from unnest($1::bigint[], …)`): a
 * 1,000-row VALUES list has one parameter per value (17,000 for a schedule's rows), whose binding, parsing and
 * planning took three times as long as the insert itself. On SQLite, whose statements bind values in
 * process, a VALUES list as large as its parameter limit allows.
 */
export async function insertMany<T extends TableName>(
  db: Executor,
  table: T,
  columns: Partial<Record<keyof Row<T> & string, ColumnArrayType>>,
  rows: ReadonlyArray<Row<T>>,
): Promise<void> {
  if (!rows.length) return;
  const names = Object.keys(columns) as Array<keyof Row<T> & string>;
  if (dialectOf(db) === 'sqlite') {
    const chunk = Math.max(1, Math.floor(SQLITE_PARAMETERS / names.length));
    for (let at = 0; at < rows.length; at += chunk)
      // Kysely's generic insert types do not resolve for a table named by a type parameter.
      await db
        .insertInto(table)
        .values(rows.slice(at, at + chunk) as never)
        .execute();
    return;
  }
  for (let at = 0; at < rows.length; at += POSTGRES_ROWS) {
    const slice = rows.slice(at, at + POSTGRES_ROWS);
    const arrays = names.map(
      (name) =>
        sql`${slice.map((row) => (row as Record<string, unknown>)[name] ?? null)}::${sql.raw(columns[name]!)}[]`,
    );
    await db
      .insertInto(table)
      .columns(names as never)
      .expression(sql`select * from unnest(${sql.join(arrays)})` as never)
      .execute();
  }
}
