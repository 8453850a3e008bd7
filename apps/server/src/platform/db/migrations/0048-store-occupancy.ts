import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * Each store's occupancy cost ratio over the trailing twelve months (decision 0027), kept on the store so the
 * list's sort and the dashboard's ranking read an indexed figure instead of computing every lease per
 * request: the ratio (null while incomplete or unknown), the window's last month it was computed for, and
 * how many months of that window had no sales. Partial on live rows and ending in id like the other list
 * indexes; the brand one serves each brand's median.
 */
export const storeOccupancy: AppMigration = {
  async up(db, dialect) {
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await db.schema.alterTable('stores').addColumn('occupancy_ratio', real).execute();
    await db.schema.alterTable('stores').addColumn('occupancy_period', 'varchar(7)').execute();
    await db.schema
      .alterTable('stores')
      .addColumn('occupancy_missing', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('stores_occupancy_live_index')
      .on('stores')
      .columns(['team_id', 'occupancy_ratio', 'id'])
      .where(sql<boolean>`deleted_at is null`)
      .execute();
    await db.schema
      .createIndex('stores_brand_occupancy_live_index')
      .on('stores')
      .columns(['team_id', 'brand_id', 'occupancy_ratio', 'id'])
      .where(sql<boolean>`deleted_at is null`)
      .execute();
  },
};
