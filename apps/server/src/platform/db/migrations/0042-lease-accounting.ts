import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Lease accounting: one profile per lease (absent until saved) with the inputs of its ASC 842 / IFRS 16
 * schedule, and one settings row per team (its incremental borrowing rates by term and its GL accounts).
 * The schedule itself is computed from these and the lease's rent rows, never stored.
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
  },
};
