import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * The leases list's search box finds a reference anywhere in it (`lower(reference) like '%…%'`), which read
 * every lease of the team for each new search: 20 ms of the server's one core on SQLite at 120,000 leases, a
 * first-time search five times dearer than any other list's. A trigram index answers a substring from the
 * index instead.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over `leases.reference` (external content: it stores only
 *   the index, and re-reads a candidate's reference from `leases` to confirm the match), kept by triggers, so
 *   every write of a lease, whatever its path (a form, an import, a restore, a purge), keeps it. A later
 *   migration that rebuilds `leases` drops these triggers with the table and must create them again.
 * - PostgreSQL: a GIN trigram index on `lower(reference)` (pg_trgm), when the extension is installed or this
 *   role may install it (it is a trusted extension: the database's CREATE privilege is enough). Without it the
 *   search scans, as before.
 */
export const leaseReferenceTrigrams: AppMigration = {
  async up(db, dialect) {
    if (dialect === 'sqlite') {
      await sql`create virtual table lease_references using fts5(reference, tokenize = 'trigram', content = 'leases', content_rowid = 'id')`.execute(
        db,
      );
      await sql`create trigger leases_reference_insert after insert on leases begin
        insert into lease_references (rowid, reference) values (new.id, new.reference);
      end`.execute(db);
      await sql`create trigger leases_reference_delete after delete on leases begin
        insert into lease_references (lease_references, rowid, reference) values ('delete', old.id, old.reference);
      end`.execute(db);
      await sql`create trigger leases_reference_update after update of reference on leases begin
        insert into lease_references (lease_references, rowid, reference) values ('delete', old.id, old.reference);
        insert into lease_references (rowid, reference) values (new.id, new.reference);
      end`.execute(db);
      await sql`insert into lease_references (lease_references) values ('rebuild')`.execute(db);
      return;
    }
    const state = await sql<{ installed: boolean; available: boolean; allowed: boolean }>`select
        exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
        exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
        has_database_privilege(current_database(), 'CREATE') as allowed`.execute(db);
    const { installed, available, allowed } = state.rows[0]!;
    if (!installed && !(available && allowed)) return;
    if (!installed) await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index leases_reference_trigram_live_index on leases using gin (lower(reference) gin_trgm_ops) where deleted_at is null`.execute(
      db,
    );
  },
};
