import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** An area development agreement's schedule: one row per unit to open, with its open-by date and store. */
export const developmentSchedules: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('development_units'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('franchise_agreements.id').onDelete('cascade'),
      )
      .addColumn('unit_number', 'integer', notNull)
      .addColumn('open_by', t.date, notNull)
      .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('set null'))
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('development_units_unit_unique')
      .on('development_units')
      .columns(['team_id', 'agreement_id', 'unit_number'])
      .unique()
      .execute();
  },
};
