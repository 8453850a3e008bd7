import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * PostgreSQL only. Documents are searched through the GIN index alone (their words are too many for the
 * `search_terms` btree of migration 0008, see platform/search.ts), through `search_sample`: the same
 * match, with `gin_fuzzy_search_limit` set for the duration of the call so a word with more than 1,000
 * matches yields a random sample of about 1,000 instead of a bitmap of all of them. A SQL function with
 * its own SET clause is never inlined, so the setting cannot leak into the caller's session.
 */
export const documentSearch: AppMigration = {
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    await sql`delete from search_terms where rowid % 8 = 5`.execute(db);
    await sql`create function search_sample(query tsquery, max_rows integer)
      returns table (rowid bigint, title text, subtitle text)
      language sql stable
      set gin_fuzzy_search_limit = 1000
      as $$ select s.rowid, s.title, s.subtitle from search_index s where s.tsv @@ query limit max_rows $$`.execute(
      db,
    );
  },
};
