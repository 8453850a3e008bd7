import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** The franchisor's disclosure calendar: the fiscal year end and FDD update days, and state registration rules. */
export const franchiseCalendar: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('franchise_calendar_settings'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('fiscal_year_end', 'varchar(5)', notNull)
      .addColumn('fdd_update_days', 'integer', notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('franchise_calendar_settings_team_unique')
      .on('franchise_calendar_settings')
      .column('team_id')
      .unique()
      .execute();
    await withId(db.schema.createTable('franchise_registrations'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('state', 'varchar(2)', notNull)
      .addColumn('basis', 'varchar(20)', notNull)
      .addColumn('days', 'integer')
      .addColumn('fixed_date', 'varchar(5)')
      .addColumn('last_effective_date', t.date)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('franchise_registrations_team_index')
      .on('franchise_registrations')
      .columns(['team_id', 'state'])
      .execute();
  },
};
