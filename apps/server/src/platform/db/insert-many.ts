import { sql, type Insertable, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Executor } from './index';
import type { Database } from './schema';

/** The PostgreSQL type of a column's values, which its array is sent as. */
export type ColumnArrayType =
  'integer' | 'bigint' | 'text' | 'date' | 'timestamptz' | 'boolean' | 'double precision';

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

/**
 * Sets `columns` (each named with its type) of many rows of one table, each found by its id and `where` (the
 * team's condition, say), in a few statements rather than one a row: `update … from` a table of the new values.
 * On PostgreSQL that table is the columns' arrays unnested, one parameter each (as insertMany sends them); on
 * SQLite a VALUES list as large as its parameter limit allows. Raw SQL: the builder has no table to update from.
 */
export async function updateMany<T extends TableName>(
  db: Executor,
  table: T,
  columns: Partial<Record<keyof Row<T> & string, ColumnArrayType>>,
  rows: ReadonlyArray<{ id: number } & Partial<Row<T>>>,
  where: RawBuilder<SqlBool> | null = null,
): Promise<void> {
  const names = Object.keys(columns) as Array<keyof Row<T> & string>;
  const value = (row: (typeof rows)[number], name: string) => (row as Record<string, unknown>)[name] ?? null;
  const assignments = sql.join(names.map((name) => sql`${sql.ref(name)} = v.${sql.ref(name)}`));
  const matched = sql`${sql.ref(`${table}.id`)} = v.id${where ? sql` and ${where}` : sql``}`;
  const postgres = dialectOf(db) === 'postgres';
  const chunk = postgres ? POSTGRES_ROWS : Math.max(1, Math.floor(SQLITE_PARAMETERS / (names.length + 1)));
  for (let at = 0; at < rows.length; at += chunk) {
    const part = rows.slice(at, at + chunk);
    const from = postgres
      ? sql`unnest(${part.map((row) => row.id)}::integer[], ${sql.join(
          names.map((name) => sql`${part.map((row) => value(row, name))}::${sql.raw(columns[name]!)}[]`),
        )}) as v(id, ${sql.join(names.map((name) => sql.ref(name)))})`
      : sql`(select column1 as id, ${sql.join(
          names.map((name, i) => sql`${sql.raw(`column${i + 2}`)} as ${sql.ref(name)}`),
        )} from (values ${sql.join(
          part.map((row) => sql`(${sql.join([row.id, ...names.map((name) => value(row, name))])})`),
        )})) as v`;
    await sql`update ${sql.table(table)} set ${assignments} from ${from} where ${matched}`.execute(db);
  }
}

/** Rows of one PostgreSQL statement of `insertReturningIds`: its JSON is one parameter, ~500 bytes a row. */
const POSTGRES_JSON_ROWS = 1_000;

/**
 * Inserts rows whose columns the caller does not list ahead (an import writes whichever fields its file
 * maps) and returns their new ids in the order of `rows`. On PostgreSQL the ids are taken from the table's
 * sequence first and the rows go as one JSON parameter read back into the table's own row type
 * (`json_populate_recordset`), so each value is checked against its column as an insert checks it; a VALUES
 * list of 250 rows had 7,000 parameters, and parsing and binding them took longer than the insert (a
 * 100,000-store import spent 4.7 s of its database time there). Rows that name different columns go in
 * separate statements, so a column a row leaves out keeps its default rather than becoming null.
 */
export async function insertReturningIds<T extends TableName>(
  db: Executor,
  table: T,
  rows: ReadonlyArray<Row<T>>,
): Promise<number[]> {
  if (!rows.length) return [];
  const postgres = dialectOf(db) === 'postgres';
  const ids: number[] = new Array<number>(rows.length);
  if (postgres) {
    const { rows: taken } = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${rows.length})
    `.execute(db);
    taken.forEach((r, i) => (ids[i] = Number(r.id)));
  }
  for (const { names, at } of byColumns(rows)) {
    const chunk = postgres ? POSTGRES_JSON_ROWS : Math.max(1, Math.floor(SQLITE_PARAMETERS / names.length));
    for (let from = 0; from < at.length; from += chunk) {
      const part = at.slice(from, from + chunk);
      if (postgres) {
        const columns = ['id', ...names];
        const selected = sql.join(columns.map((name) => sql.ref(name)));
        const json = JSON.stringify(part.map((i) => ({ ...rows[i], id: ids[i] })));
        await db
          .insertInto(table)
          .columns(columns as never)
          .expression(
            sql`select ${selected} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)` as never,
          )
          .execute();
      } else {
        const inserted = await db
          .insertInto(table)
          .values(part.map((i) => rows[i]!) as never)
          .returning('id' as never)
          .execute();
        inserted.forEach((r, k) => (ids[part[k]!] = Number((r as unknown as { id: number }).id)));
      }
    }
  }
  return ids;
}

/** The positions of the rows that name each set of columns (a value of undefined names nothing). */
function byColumns(rows: ReadonlyArray<object>): Array<{ names: string[]; at: number[] }> {
  const groups = new Map<string, { names: string[]; at: number[] }>();
  rows.forEach((row, i) => {
    const names = Object.keys(row)
      .filter((name) => (row as Record<string, unknown>)[name] !== undefined)
      .sort();
    const key = names.join(',');
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { names, at: [] }));
    group.at.push(i);
  });
  return [...groups.values()];
}
