import type { AppMigration } from '../migration-helpers';

/** A lease's payment terms name how billing periods are counted: calendar months, or lease months (anniversary). */
export const paymentTermPeriods: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable('payment_terms')
      .addColumn('periods', 'varchar(20)', (c) => c.notNull().defaultTo('calendar'))
      .execute();
  },
};
