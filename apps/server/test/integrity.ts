import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/platform/db';

type Db = DatabaseHandle['db'];

// search_index rowids are `id * 8 + type code` (platform/search.ts).
const SEARCH_TABLES: Record<number, string> = {
  1: 'companies',
  2: 'brands',
  3: 'stores',
  4: 'contacts',
  5: 'documents',
};

/**
 * Problems in the database, as readable lines (empty when clean): SQLite's own integrity and foreign key
 * checks (and the FTS5 index's), or on PostgreSQL every foreign key constraint re-checked row by row;
 * on both, search rows that point at no record.
 */
export async function integrityProblems(db: Db, dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const problems: string[] = [];
  if (dialect === 'sqlite') {
    const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    for (const row of integrity.rows)
      if (row.integrity_check !== 'ok') problems.push(`integrity_check: ${row.integrity_check}`);
    const foreign = await sql<{
      table: string;
      rowid: number;
      parent: string;
    }>`pragma foreign_key_check`.execute(db);
    for (const row of foreign.rows)
      problems.push(`foreign_key_check: ${row.table} row ${row.rowid} has no ${row.parent}`);
    try {
      await sql`insert into search_index(search_index) values ('integrity-check')`.execute(db);
    } catch (error) {
      problems.push(`search_index FTS5 integrity-check: ${(error as Error).message}`);
    }
  } else {
    // Constraints hold for committed rows unless one was deferred or disabled: re-check each one anyway.
    const constraints = await sql<{
      child: string;
      parent: string;
      child_cols: string[];
      parent_cols: string[];
      name: string;
    }>`
      select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
        array(select quote_ident(attname) from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as child_cols,
        array(select quote_ident(attname) from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as parent_cols
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
    for (const fk of constraints.rows) {
      const match = fk.child_cols.map((col, i) => `p.${fk.parent_cols[i]} = c.${col}`).join(' and ');
      const present = fk.child_cols.map((col) => `c.${col} is not null`).join(' and ');
      const orphans = await sql<{
        n: string;
      }>`select count(*) as n from ${sql.raw(fk.child)} c where ${sql.raw(present)} and not exists (select 1 from ${sql.raw(fk.parent)} p where ${sql.raw(match)})`.execute(
        db,
      );
      if (Number(orphans.rows[0]!.n) > 0)
        problems.push(`${fk.name}: ${orphans.rows[0]!.n} ${fk.child} rows without their ${fk.parent}`);
    }
    const terms = await sql<{
      n: string;
    }>`select count(*) as n from search_terms t where not exists (select 1 from search_index s where s.rowid = t.rowid)`.execute(
      db,
    );
    if (Number(terms.rows[0]!.n) > 0)
      problems.push(`search_terms: ${terms.rows[0]!.n} rows of no search_index row`);
  }
  for (const [code, table] of Object.entries(SEARCH_TABLES)) {
    const orphans = await sql<{
      n: string | number;
    }>`select count(*) as n from search_index s where s.rowid % 8 = ${Number(code)} and not exists (select 1 from ${sql.table(table)} r where r.id = (s.rowid - ${Number(code)}) / 8)`.execute(
      db,
    );
    if (Number(orphans.rows[0]!.n) > 0)
      problems.push(`search_index: ${orphans.rows[0]!.n} ${table} rows point at no record`);
  }
  return problems;
}
