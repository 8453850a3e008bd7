import type { AppMigration } from '../migration-helpers';

/** A lease's accounting profile rounds to the cent (the default) or to whole units, as tables printed in dollars do. */
export const accountingPrecision: AppMigration = {
  async up(db) {
    await db.schema
      .alterTable('lease_accounting_profiles')
      .addColumn('precision', 'varchar(10)', (c) => c.notNull().defaultTo('cent'))
      .execute();
  },
};
