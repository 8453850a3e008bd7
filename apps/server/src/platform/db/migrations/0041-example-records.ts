import { columnTypes, notNull, type AppMigration } from '../migration-helpers';

/**
 * The records a team's example portfolio created (modules/onboarding): what "Remove example data" removes.
 * `record_type` is a trash type (companies, brands, stores, contacts, leases, agreements) or `sales`, plus
 * one `portfolio` row (record_id 0) per loaded portfolio, whose key refuses a second load made at the same
 * moment. `created_at` tells an example record the team has edited since (its `updated_at` is later).
 */
export const exampleRecords: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('example_records')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('record_type', 'varchar(20)', notNull)
      .addColumn('record_id', 'integer', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('example_records_pkey', ['team_id', 'record_type', 'record_id'])
      .execute();
  },
};
