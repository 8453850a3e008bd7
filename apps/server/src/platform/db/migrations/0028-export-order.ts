import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * `(team_id, id)` on live leases, agreements and documents, as 0004 gave the record tables: their exports
 * read `id > last` in id order, 1,000 at a time (keyset), instead of paging the list with a growing OFFSET.
 */
export const exportOrder: AppMigration = {
  async up(db) {
    for (const [table, name] of [
      ['leases', 'leases'],
      ['franchise_agreements', 'agreements'],
      ['documents', 'documents'],
    ] as const) {
      await db.schema
        .createIndex(`${name}_team_id_live_index`)
        .on(table)
        .columns(['team_id', 'id'])
        .where(sql<boolean>`deleted_at is null`)
        .execute();
    }
  },
};
