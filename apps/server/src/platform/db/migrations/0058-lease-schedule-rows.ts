import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Every lease's accounting schedule kept as computed, one row per lease per month, so a month's portfolio
 * journal is one indexed range read instead of every schedule rebuilt (decision 0033).
 * `lease_accounting_schedules` holds one row per lease with a profile: `version` moves in the transaction of
 * any write that changes what the schedule is computed from; `stored_version` says which version the rows are
 * of. Existing profiles start with none stored: the first read computes them.
 */
export const leaseScheduleRows: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('lease_accounting_schedules'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stored_version', 'integer')
      // What the journal lines carry of the lease, as of the stored version.
      .addColumn('expense_model', 'varchar(40)')
      .addColumn('lease_reference', 'text')
      .addColumn('store_id', 'integer')
      .addColumn('store_name', 'text')
      .execute();
    await db.schema
      .createIndex('lease_accounting_schedules_lease_unique')
      .on('lease_accounting_schedules')
      .columns(['team_id', 'lease_id'])
      .unique()
      .execute();
    // A purged lease's rows are found by the lease alone (foreign-key-indexes.test.ts).
    await db.schema
      .createIndex('lease_accounting_schedules_lease')
      .on('lease_accounting_schedules')
      .column('lease_id')
      .execute();

    await withId(db.schema.createTable('lease_accounting_schedule_rows'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('period', 'varchar(7)', notNull)
      .addColumn('month', 'integer', notNull)
      .addColumn('period_start', t.date, notNull)
      .addColumn('payment_cents', 'bigint', notNull)
      .addColumn('interest_cents', 'bigint', notNull)
      .addColumn('principal_cents', 'bigint', notNull)
      .addColumn('liability_opening_cents', 'bigint', notNull)
      .addColumn('liability_closing_cents', 'bigint', notNull)
      .addColumn('rou_opening_cents', 'bigint', notNull)
      .addColumn('rou_amortization_cents', 'bigint', notNull)
      .addColumn('rou_closing_cents', 'bigint', notNull)
      .addColumn('straight_line_cost_cents', 'bigint')
      .addColumn('total_expense_cents', 'bigint', notNull)
      // JSON of the dated journal lines that come before the month's own in its period (initial recognition,
      // a remeasurement), or null: a few rows of each lease have any.
      .addColumn('lead_lines', 'text')
      .execute();
    // The month's journal reads a period in lease order; a recompute replaces a lease's rows, and a purged
    // lease's are found by the lease alone (lease first, so one index serves both).
    await db.schema
      .createIndex('lease_accounting_schedule_rows_period')
      .on('lease_accounting_schedule_rows')
      .columns(['team_id', 'period', 'lease_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('lease_accounting_schedule_rows_lease')
      .on('lease_accounting_schedule_rows')
      .columns(['lease_id', 'team_id'])
      .execute();
  },
};
