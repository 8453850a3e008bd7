import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Sales figures per store and period. One row per (team, store, period start, period kind):
 * the unique index is also the store's history in date order. Reports read a team's date range across
 * all stores through `sales_team_period_index`, which carries the amounts so the 5M-row royalty report
 * never visits the table.
 */
export const sales: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    await withId(db.schema.createTable('sales'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('period', 'varchar(10)', notNull)
      .addColumn('period_start', t.date, notNull)
      .addColumn('gross_cents', cents, notNull)
      .addColumn('net_cents', cents)
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('sales_store_period_unique')
      .on('sales')
      .columns(['team_id', 'store_id', 'period_start', 'period'])
      .unique()
      .execute();
    await db.schema
      .createIndex('sales_team_period_index')
      .on('sales')
      .columns(['team_id', 'period_start', 'store_id', 'gross_cents', 'net_cents'])
      .execute();
    await db.schema
      .createIndex('sales_team_updated_index')
      .on('sales')
      .columns(['team_id', 'updated_at', 'id'])
      .execute();
  },
};
