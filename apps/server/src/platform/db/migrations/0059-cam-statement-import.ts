import { notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * An imported CAM statement keeps its lines by category beside the year's totals; the CAM audit window and
 * percentage rent's lease years and proration may follow the team's default instead of a reading of their own.
 */
export const camStatementImport: AppMigration = {
  async up(db, dialect) {
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    await withId(db.schema.createTable('cam_statement_lines'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('lease_year', 'integer', notNull)
      .addColumn('position', 'integer', notNull)
      .addColumn('category', 'varchar(40)', notNull)
      .addColumn('amount_cents', cents, notNull)
      .addColumn('controllable', 'integer', notNull)
      .execute();
    await db.schema
      .createIndex('cam_statement_lines_year')
      .on('cam_statement_lines')
      .columns(['team_id', 'lease_id', 'lease_year', 'category'])
      .unique()
      .execute();
    // A deleted lease finds its lines by lease_id alone (the cascade), which the team-led index cannot answer.
    await db.schema
      .createIndex('cam_statement_lines_lease')
      .on('cam_statement_lines')
      .column('lease_id')
      .execute();
    // Null: the team's day count (settings) applies.
    await db.schema.alterTable('cam_terms').addColumn('audit_day_count', 'varchar(20)').execute();
    await db.schema
      .alterTable('team_settings')
      .addColumn('percentage_year_start', 'varchar(20)', (c) => c.notNull().defaultTo('rent_commencement'))
      .execute();
    await db.schema.alterTable('team_settings').addColumn('percentage_year_month', 'integer').execute();
    await db.schema
      .alterTable('team_settings')
      .addColumn('percentage_proration', 'varchar(20)', (c) => c.notNull().defaultTo('days'))
      .execute();
    // Terms saved before team defaults existed chose their readings: they stay the lease's own.
    for (const column of ['year_start_source', 'proration_source'])
      await db.schema
        .alterTable('percentage_rent_terms')
        .addColumn(column, 'varchar(10)', (c) => c.notNull().defaultTo('lease'))
        .execute();
  },
};
