import type { AppMigration } from '../migration-helpers';

/** Year-to-date royalty tiers reset on the calendar year (the default) or on the agreement's anniversary. */
export const tierYears: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable('invoicing_settings')
      .addColumn('tier_year', 'varchar(20)', (c) => c.notNull().defaultTo('calendar'))
      .execute();
  },
};
