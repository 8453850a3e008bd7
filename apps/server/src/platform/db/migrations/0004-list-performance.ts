import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * What the benchmark (bench/) showed the record lists need:
 * - `team_write_versions`: one counter per team, bumped in the same transaction as every write of a
 *   searchable record (platform/search.ts). List totals are cached per team + query and trusted only
 *   while the team's version is unchanged (platform/list.ts), so turning pages stops re-counting.
 * - `(team_id, id)` on live rows: the CSV export reads `id > last` in id order, 1,000 at a time; without
 *   this index every batch re-read and sorted the whole team (quadratic for 100k rows).
 */
export const listPerformance: AppMigration = {
  async up(db, dialect) {
    await db.schema
      .createTable('team_write_versions')
      .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
      .addColumn('version', dialect === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const table of ['companies', 'brands', 'stores', 'contacts']) {
      await db.schema
        .createIndex(`${table}_team_id_live_index`)
        .on(table)
        .columns(['team_id', 'id'])
        .where(sql<boolean>`deleted_at is null`)
        .execute();
    }
  },
};
