import type { AppMigration } from '../migration-helpers';

/**
 * Lease accounting's readings (monthly rate, payment timing, rounding, precision) get team defaults, as
 * percentage rent's did (0059): the team's in `team_settings`, and per profile whether each reading is the
 * lease's own (`…_source = 'lease'`, the saved value read) or left to the team (`'team'`, the saved value kept
 * only because the column is required).
 */
export const accountingTeamReadings: AppMigration = {
  async up(db) {
    const defaults = [
      ['accounting_rate_convention', 'nominal'],
      ['accounting_payment_timing', 'advance'],
      ['accounting_rounding', 'half_up'],
      ['accounting_precision', 'cent'],
    ] as const;
    for (const [column, value] of defaults)
      await db.schema
        .alterTable('team_settings')
        .addColumn(column, 'varchar(20)', (c) => c.notNull().defaultTo(value))
        .execute();
    // Profiles saved before team defaults existed chose their readings (the form always sent them): they stay
    // the lease's own, so no saved schedule moves when a team changes a default.
    for (const reading of ['rate_convention', 'payment_timing', 'rounding', 'precision'])
      await db.schema
        .alterTable('lease_accounting_profiles')
        .addColumn(`${reading}_source`, 'varchar(10)', (c) => c.notNull().defaultTo('lease'))
        .execute();
  },
};
