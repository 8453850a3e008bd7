import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/** The tables whose lists keep their order in memory (platform/list.ts), each with its own version per team. */
export const VERSIONED_LIST_TABLES = [
  'brands',
  'companies',
  'contacts',
  'documents',
  'franchise_agreements',
  'leases',
  'stores',
] as const;

/**
 * A version per team and list table, so that a list's order kept in memory outlives writes to other tables (a
 * reminder marked read, a profile saved) and is read again only after its own table changed. Reading it costs as
 * much as a dense search (100,000 stores: 15–20 ms; 120,000 leases with their stores: ~150 ms), and every write of
 * the team used to discard every list's.
 *
 * Which tables a transaction changed is told by the database, not by the code that wrote: triggers see raw SQL,
 * cascades and imports alike. They only mark the table; the team's end-of-transaction bump (team-cache.ts
 * `bumpTeamWriteVersion`) turns the marks into versions, after it has locked the team's write-version row, so the
 * new rows' locks are taken last too and under that one lock (no new deadlock between two writes of a team).
 * - PostgreSQL: a statement trigger appends the table to a transaction-local setting, `storekeep.changed_tables`
 *   (no row to lock: concurrent writers of one table would otherwise queue on the mark).
 * - SQLite: a row trigger inserts the table into `table_change_marks`; one writer at a time, so no queue. The bump
 *   reads the marks and the write transaction clears them as its last statement.
 */
export const listTableVersions: AppMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('team_table_versions')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('version', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('team_table_versions_pkey', ['team_id', 'table_name'])
      .execute();
    if (dialect === 'postgres') {
      await sql`create function storekeep_mark_table_changed() returns trigger language plpgsql as $$
        declare
          marked text := coalesce(nullif(current_setting('storekeep.changed_tables', true), ''), ',');
        begin
          if position(',' || tg_table_name || ',' in marked) = 0 then
            perform set_config('storekeep.changed_tables', marked || tg_table_name || ',', true);
          end if;
          return null;
        end $$`.execute(db);
      for (const table of VERSIONED_LIST_TABLES)
        await sql`create trigger ${sql.raw(`${table}_mark_changed`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function storekeep_mark_table_changed()`.execute(
          db,
        );
      return;
    }
    await sql`create table table_change_marks (table_name text primary key) without rowid`.execute(db);
    for (const table of VERSIONED_LIST_TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`${table}_mark_changed_on_${event}`)} after ${sql.raw(event)} on ${sql.table(table)} begin insert into table_change_marks (table_name) select ${sql.lit(table)} where not exists (select 1 from table_change_marks where table_name = ${sql.lit(table)}); end`.execute(
          db,
        );
  },
};
