import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * PostgreSQL only: a btree of (scoped word, row) beside the GIN index. GIN answers through a bitmap
 * built from every match before LIMIT applies, so "the first 50 stores with a word half of them contain"
 * read 50,000 entries; a btree range stops after 50. SQLite's FTS5 reads its match lists lazily already.
 */
export const searchTerms: AppMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create table search_terms (term text collate "C" not null, rowid bigint not null, primary key (term, rowid))`.execute(
      db,
    );
    await sql`create index search_terms_rowid_index on search_terms (rowid)`.execute(db);
    await sql`insert into search_terms (term, rowid) select distinct unnest(string_to_array(terms, ' ')), rowid from search_index on conflict do nothing`.execute(
      db,
    );
  },
};
