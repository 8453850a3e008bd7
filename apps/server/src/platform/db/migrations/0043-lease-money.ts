import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * The money side of leases that the lease row does not carry: percentage rent terms (one row per lease,
 * absent until saved, when the common readings apply).
 */
export const leaseMoney: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('percentage_rent_terms'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('breakpoint_kind', 'varchar(20)', notNull)
      .addColumn('lease_year_start', 'varchar(20)', notNull)
      .addColumn('lease_year_month', 'integer')
      .addColumn('proration', 'varchar(20)', notNull)
      // JSON arrays in cents: [{ from_cents, rate }] and [{ lease_year, breakpoint_cents }].
      .addColumn('tiers', 'text', notNull)
      .addColumn('breakpoint_schedule', 'text', notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('percentage_rent_terms_lease_unique')
      .on('percentage_rent_terms')
      .columns(['team_id', 'lease_id'])
      .unique()
      .execute();
  },
};
