import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { testDialect } from '../../../test/global-setup';
import { dialectOf, type Db } from './index';

/**
 * Deleting a parent row makes the database find its children by each foreign key column (to cascade, set
 * null or refuse). Without an index leading with that column every deleted parent scans the whole child
 * table: deleting 60,000 royalty invoices once took minutes at full CPU. Every foreign key therefore needs
 * an index whose leading columns are its own; a team-led `(team_id, x, …)` index does not serve the
 * lookup `where x = ?`.
 */

type ForeignKey = { table: string; columns: string[]; parent: string };
/** An index's key columns in order (null for an expression) and its partial-index predicate, if any. */
type Index = { columns: Array<string | null>; predicate: string | null };

/**
 * Foreign keys allowed without an index, each with the reason it can never cost a scan that matters. Empty:
 * every foreign key so far was cheaper to index than to argue about.
 */
const EXEMPT: Record<string, string> = {};

const normalized = (predicate: string) => predicate.toLowerCase().replace(/["`()\s]/g, '');

/**
 * Whether `index` can answer `where <fk columns> = ?`: its leading columns are the key's (in any order), and
 * a partial index only skips rows whose key is null (which no lookup asks for).
 */
function serves(index: Index, fk: ForeignKey): boolean {
  const leading = index.columns.slice(0, fk.columns.length);
  if (leading.length < fk.columns.length || !fk.columns.every((c) => leading.includes(c))) return false;
  if (index.predicate === null) return true;
  return fk.columns.some((c) => normalized(index.predicate!) === `${c.toLowerCase()}isnotnull`);
}

async function sqliteSchema(db: Db): Promise<{ fks: ForeignKey[]; indexes: Map<string, Index[]> }> {
  const tables = await sql<{ name: string }>`
    select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  const fks: ForeignKey[] = [];
  const indexes = new Map<string, Index[]>();
  for (const { name: table } of tables.rows) {
    const keys = await sql<{ id: number; seq: number; parent: string; column: string }>`
      select id, seq, "table" as parent, "from" as "column" from pragma_foreign_key_list(${table})
      order by id, seq`.execute(db);
    const byId = new Map<number, ForeignKey>();
    for (const key of keys.rows) {
      const fk = byId.get(key.id) ?? { table, columns: [], parent: key.parent };
      fk.columns.push(key.column);
      byId.set(key.id, fk);
    }
    fks.push(...byId.values());
    // A rowid table's INTEGER PRIMARY KEY is the table's own b-tree, listed by no pragma_index_list.
    const primary = await sql<{ name: string }>`
      select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
    const own: Index[] = [{ columns: primary.rows.map((r) => r.name), predicate: null }];
    const list = await sql<{ name: string; partial: number }>`
      select name, partial from pragma_index_list(${table})`.execute(db);
    for (const index of list.rows) {
      const columns = await sql<{ name: string | null }>`
        select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      let predicate: string | null = null;
      if (index.partial) {
        const created = await sql<{ sql: string }>`
          select sql from sqlite_schema where type = 'index' and name = ${index.name}`.execute(db);
        predicate = /\swhere\s([\s\S]*)$/i.exec(created.rows[0]!.sql)![1]!;
      }
      own.push({ columns: columns.rows.map((r) => r.name), predicate });
    }
    indexes.set(table, own);
  }
  return { fks, indexes };
}

async function postgresSchema(db: Db): Promise<{ fks: ForeignKey[]; indexes: Map<string, Index[]> }> {
  const keys = await sql<{ table: string; parent: string; columns: string[] }>`
    select c.conrelid::regclass::text as table, c.confrelid::regclass::text as parent,
      array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema()
    order by 1, 3`.execute(db);
  const list = await sql<{ table: string; columns: Array<string | null>; predicate: string | null }>`
    select i.indrelid::regclass::text as table,
      array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(n, i)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.i) as columns,
      pg_get_expr(i.indpred, i.indrelid) as predicate
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and i.indisvalid`.execute(db);
  const indexes = new Map<string, Index[]>();
  for (const index of list.rows)
    indexes.set(index.table, [
      ...(indexes.get(index.table) ?? []),
      { columns: index.columns, predicate: index.predicate },
    ]);
  return { fks: keys.rows, indexes };
}

describe('foreign key indexes', () => {
  const ctx = useTestApp();

  it('counts an index only when it leads with the key and, if partial, leaves out only rows where the key is null', () => {
    const fk: ForeignKey = {
      table: 'royalty_invoice_lines',
      columns: ['invoice_id'],
      parent: 'royalty_invoices',
    };
    expect(serves({ columns: ['invoice_id', 'position'], predicate: null }, fk)).toBe(true);
    expect(serves({ columns: ['team_id', 'invoice_id', 'position'], predicate: null }, fk)).toBe(false);
    expect(serves({ columns: ['invoice_id'], predicate: '"invoice_id" is not null' }, fk)).toBe(true);
    expect(serves({ columns: ['invoice_id'], predicate: '(invoice_id IS NOT NULL)' }, fk)).toBe(true);
    expect(serves({ columns: ['invoice_id', 'id'], predicate: 'deleted_at is null' }, fk)).toBe(false);
    expect(serves({ columns: [null, 'invoice_id'], predicate: null }, fk)).toBe(false);
  });

  it('gives every foreign key an index leading with its columns, so deleting a parent never scans a child table', async () => {
    const dialect = dialectOf(ctx.db);
    const { fks, indexes } = dialect === 'sqlite' ? await sqliteSchema(ctx.db) : await postgresSchema(ctx.db);
    expect(fks.length).toBeGreaterThan(50);
    const unindexed = fks.filter((fk) => !(indexes.get(fk.table) ?? []).some((index) => serves(index, fk)));
    const named = (fk: ForeignKey) => `${fk.table}.${fk.columns.join(',')}`;
    expect(
      unindexed.filter((fk) => !(named(fk) in EXEMPT)).map((fk) => `${named(fk)} → ${fk.parent}`),
    ).toEqual([]);
    // An exemption whose key has since gained an index, or is gone, is stale.
    const exempted = new Set(unindexed.map(named));
    expect(Object.keys(EXEMPT).filter((key) => !exempted.has(key))).toEqual([]);
  });

  it.runIf(testDialect() === 'sqlite')(
    "on SQLite, plans each foreign key's child lookup (the one every cascade runs per parent row) as an index search",
    async () => {
      const { fks } = await sqliteSchema(ctx.db);
      const scans: string[] = [];
      for (const fk of fks) {
        const where = sql.join(
          fk.columns.map((c) => sql`${sql.ref(c)} = ${1}`),
          sql` and `,
        );
        const plan = await sql<{ detail: string }>`
          explain query plan select 1 from ${sql.table(fk.table)} where ${where}`.execute(ctx.db);
        const details = plan.rows.map((r) => r.detail).join('; ');
        if (!/^SEARCH /.test(details) && !(`${fk.table}.${fk.columns.join(',')}` in EXEMPT))
          scans.push(`${fk.table}.${fk.columns.join(',')}: ${details}`);
      }
      expect(scans).toEqual([]);
    },
  );
});
