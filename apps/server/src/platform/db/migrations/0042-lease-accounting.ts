import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Lease accounting: one profile per lease (absent until saved) with the inputs of its ASC 842 / IFRS 16
 * schedule, and one settings row per team (its incremental borrowing rates by term and its GL accounts).
 * The schedule is computed from these and the lease's rent rows; only the months of closed periods are
 * stored (`lease_accounting_closed_rows`, written when an admin closes a month) so they never change.
 */
export const leaseAccounting: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('lease_accounting_profiles'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('standard', 'varchar(20)', notNull)
      // JSON object: criterion → answer.
      .addColumn('classification_answers', 'text', notNull)
      .addColumn('classification_override', 'varchar(20)')
      .addColumn('classification_reason', 'text')
      .addColumn('exemption', 'varchar(20)', notNull)
      .addColumn('commencement_date', t.date)
      // Percent a year with up to six decimals, kept as text so neither dialect rounds it through a float.
      .addColumn('discount_rate', 'varchar(20)')
      .addColumn('rate_convention', 'varchar(20)', notNull)
      .addColumn('payment_timing', 'varchar(20)', notNull)
      .addColumn('rounding', 'varchar(20)', notNull)
      // JSON array of option positions.
      .addColumn('reasonably_certain_options', 'text', notNull)
      .addColumn('renewal_increase_percent', 'varchar(20)', notNull)
      .addColumn('initial_direct_costs_cents', 'bigint', notNull)
      .addColumn('incentives_cents', 'bigint', notNull)
      .addColumn('prepaid_rent_cents', 'bigint', notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('lease_accounting_profiles_lease_unique')
      .on('lease_accounting_profiles')
      .columns(['team_id', 'lease_id'])
      .unique()
      .execute();

    await withId(db.schema.createTable('lease_accounting_settings'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      // JSON arrays/objects: [{ up_to_months, rate }] and { account role → GL account }.
      .addColumn('borrowing_rates', 'text', notNull)
      .addColumn('gl_accounts', 'text', notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('lease_accounting_settings_team_unique')
      .on('lease_accounting_settings')
      .column('team_id')
      .unique()
      .execute();

    await withId(db.schema.createTable('lease_accounting_closes'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('period', 'varchar(7)', notNull)
      .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('closed_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('lease_accounting_closes_unique')
      .on('lease_accounting_closes')
      .columns(['team_id', 'period'])
      .unique()
      .execute();
    await withId(db.schema.createTable('lease_accounting_closed_rows'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('month', 'integer', notNull)
      .addColumn('period', 'varchar(7)', notNull)
      // JSON of the schedule row in cents, as it was when its period was closed.
      .addColumn('row', 'text', notNull)
      .execute();
    await db.schema
      .createIndex('lease_accounting_closed_rows_unique')
      .on('lease_accounting_closed_rows')
      .columns(['team_id', 'lease_id', 'month'])
      .unique()
      .execute();
  },
};
