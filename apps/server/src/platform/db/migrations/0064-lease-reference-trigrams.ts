import { sql } from 'kysely';
import type { Dialect } from '../index';
import type { AppMigration, MigrationDb } from '../migration-helpers';

/**
 * The leases list's search box finds a reference anywhere in it (`lower(reference) like '%…%'`), which read
 * every lease of the team for each new search: 20 ms of the server's one core on SQLite at 120,000 leases, a
 * first-time search five times dearer than any other list's. A trigram index answers a substring from the
 * index instead (decision 0041).
 */
export const leaseReferenceTrigrams: AppMigration = {
  async up(db, dialect) {
    await createTrigramIndex(db, dialect, {
      table: 'leases',
      column: 'reference',
      index: 'lease_references',
    });
  },
};

/**
 * A substring index of `table.column` for a contains-search (`platform/substring-search.ts`). Migration 0065 makes
 * the agreements' with it too: it must stay as it ran.
 * - SQLite: an FTS5 table (`index`) with the trigram tokenizer over the column, with the table as its external
 *   content (it stores only the index and re-reads a candidate's value to confirm the match), kept by triggers,
 *   so every write, whatever its path (a form, an import, a restore, a purge), keeps it. A later migration that
 *   rebuilds the table drops these triggers with it and must create them again.
 * - PostgreSQL: a GIN trigram index on `lower(column)` of live rows (pg_trgm), when the extension is installed or
 *   this role may install it (a trusted extension: the database's CREATE privilege is enough). Without it the
 *   search scans, as before.
 */
export async function createTrigramIndex(
  db: MigrationDb,
  dialect: Dialect,
  { table, column, index }: { table: string; column: string; index: string },
) {
  const [t, c, i] = [sql.raw(table), sql.raw(column), sql.raw(index)];
  if (dialect === 'sqlite') {
    await sql`create virtual table ${i} using fts5(${c}, tokenize = 'trigram', content = '${sql.raw(table)}', content_rowid = 'id')`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${index}_insert`)} after insert on ${t} begin
      insert into ${i} (rowid, ${c}) values (new.id, new.${c});
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${index}_delete`)} after delete on ${t} begin
      insert into ${i} (${i}, rowid, ${c}) values ('delete', old.id, old.${c});
    end`.execute(db);
    await sql`create trigger ${sql.raw(`${index}_update`)} after update of ${c} on ${t} begin
      insert into ${i} (${i}, rowid, ${c}) values ('delete', old.id, old.${c});
      insert into ${i} (rowid, ${c}) values (new.id, new.${c});
    end`.execute(db);
    await sql`insert into ${i} (${i}) values ('rebuild')`.execute(db);
    return;
  }
  const state = await sql<{ installed: boolean; available: boolean; allowed: boolean }>`select
      exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
      exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
      has_database_privilege(current_database(), 'CREATE') as allowed`.execute(db);
  const { installed, available, allowed } = state.rows[0]!;
  if (!installed && !(available && allowed)) return;
  if (!installed) await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index ${sql.raw(`${table}_${column}_trigram_live_index`)} on ${t} using gin (lower(${c}) gin_trgm_ops) where deleted_at is null`.execute(
    db,
  );
}
