import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Rent payables: each lease's payment terms (absent until saved, when monthly in advance on the 1st applies)
 * and the payment lines generated from its rent and charges, one per (lease, source, billing period).
 */
export const rentPayables: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    await withId(db.schema.createTable('payment_terms'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('frequency', 'varchar(20)', notNull)
      .addColumn('timing', 'varchar(20)', notNull)
      .addColumn('due_day', 'integer', notNull)
      .addColumn('remittance', 'varchar(1000)')
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('payment_terms_lease_unique')
      .on('payment_terms')
      .columns(['team_id', 'lease_id'])
      .unique()
      .execute();

    await withId(db.schema.createTable('rent_payables'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('source', 'varchar(60)', notNull)
      .addColumn('kind', 'varchar(20)', notNull)
      .addColumn('charge_kind', 'varchar(20)')
      .addColumn('period', 'varchar(7)', notNull)
      .addColumn('service_start', t.date, notNull)
      .addColumn('service_end', t.date, notNull)
      .addColumn('due_date', t.date, notNull)
      .addColumn('scheduled_cents', cents, notNull)
      .addColumn('invoice_cents', cents)
      .addColumn('invoice_number', 'varchar(100)')
      .addColumn('note', 'varchar(500)')
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('approved_at', t.timestamp)
      .addColumn('variance_approved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('paid_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('paid_at', t.timestamp)
      .addColumn('paid_reference', 'varchar(100)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    // Generating a period twice finds the lines it made before instead of adding them again.
    await db.schema
      .createIndex('rent_payables_line_unique')
      .on('rent_payables')
      .columns(['team_id', 'lease_id', 'source', 'service_start'])
      .unique()
      .execute();
    await db.schema
      .createIndex('rent_payables_period_index')
      .on('rent_payables')
      .columns(['team_id', 'period', 'due_date', 'id'])
      .execute();
  },
};
