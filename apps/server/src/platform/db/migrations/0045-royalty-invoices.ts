import { sql, type ColumnDefinitionBuilder } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Royalty billing: the invoicing rules per brand, gapless invoice numbers per team, invoices and their
 * lines, payments and what they pay, and locked sales periods (decision 0024).
 */
export const royaltyInvoices: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    const team = (c: ColumnDefinitionBuilder) => c.notNull().references('teams.id').onDelete('cascade');

    // brand_id 0 is the team's default; a brand's row overrides it whole.
    await db.schema
      .createTable('invoicing_settings')
      .addColumn('team_id', 'integer', team)
      .addColumn('brand_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('weekly_due_weekday', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('monthly_due_day', 'integer', (c) => c.notNull().defaultTo(10))
      .addColumn('tier_basis', 'varchar(20)', (c) => c.notNull().defaultTo('period'))
      .addColumn('pooling', 'varchar(20)', (c) => c.notNull().defaultTo('pooled'))
      .addColumn('cap_cents', cents)
      .addColumn('cap_includes_marketing', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('other_fees', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('payment_terms_days', 'integer', (c) => c.notNull().defaultTo(30))
      .addColumn('updated_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('invoicing_settings_pkey', ['team_id', 'brand_id'])
      .execute();

    await db.schema
      .createTable('invoice_sequences')
      .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
      .addColumn('last_number', 'integer', notNull)
      .execute();

    await withId(db.schema.createTable('royalty_invoices'), dialect)
      .addColumn('team_id', 'integer', team)
      .addColumn('franchisee_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('number', 'integer', notNull)
      .addColumn('period_start', t.date, notNull)
      .addColumn('period_end', t.date, notNull)
      .addColumn('issue_date', t.date, notNull)
      .addColumn('due_date', t.date, notNull)
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('royalty_cents', cents, notNull)
      .addColumn('marketing_cents', cents, notNull)
      .addColumn('fees_cents', cents, notNull)
      .addColumn('total_cents', cents, notNull)
      .addColumn('paid_cents', cents, (c) => c.notNull().defaultTo(0))
      .addColumn('estimated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('missing', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('emailed_at', t.timestamp)
      .addColumn('emailed_to', 'varchar(255)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('royalty_invoices_number_unique')
      .on('royalty_invoices')
      .columns(['team_id', 'number'])
      .unique()
      .execute();
    // One live invoice per franchisee and month; a voided one keeps its number and frees the month.
    await db.schema
      .createIndex('royalty_invoices_period_unique')
      .on('royalty_invoices')
      .columns(['team_id', 'franchisee_id', 'period_start'])
      .unique()
      .where(sql<boolean>`status <> 'void'`)
      .execute();
    await db.schema
      .createIndex('royalty_invoices_period_index')
      .on('royalty_invoices')
      .columns(['team_id', 'period_start', 'id'])
      .execute();

    await withId(db.schema.createTable('royalty_invoice_lines'), dialect)
      .addColumn('team_id', 'integer', team)
      .addColumn('invoice_id', 'integer', (c) =>
        c.notNull().references('royalty_invoices.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', notNull)
      .addColumn('agreement_id', 'integer', (c) =>
        c.references('franchise_agreements.id').onDelete('set null'),
      )
      .addColumn('store_id', 'integer', (c) => c.references('stores.id').onDelete('set null'))
      .addColumn('kind', 'varchar(20)', notNull)
      .addColumn('description', 'varchar(255)', notNull)
      .addColumn('period_start', t.date)
      .addColumn('period_end', t.date)
      .addColumn('sales_cents', cents)
      .addColumn('basis', 'varchar(20)')
      .addColumn('amount_cents', cents, notNull)
      .execute();
    await db.schema
      .createIndex('royalty_invoice_lines_invoice_index')
      .on('royalty_invoice_lines')
      .columns(['team_id', 'invoice_id', 'position'])
      .execute();

    await withId(db.schema.createTable('royalty_payments'), dialect)
      .addColumn('team_id', 'integer', team)
      .addColumn('franchisee_id', 'integer', (c) =>
        c.notNull().references('companies.id').onDelete('cascade'),
      )
      .addColumn('received_on', t.date, notNull)
      .addColumn('amount_cents', cents, notNull)
      .addColumn('reference', 'varchar(255)')
      .addColumn('source', 'varchar(20)', notNull)
      // A bank line's date, amount and reference: the same statement imported twice adds nothing.
      .addColumn('import_key', 'varchar(600)')
      .addColumn('created_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('royalty_payments_franchisee_index')
      .on('royalty_payments')
      .columns(['team_id', 'franchisee_id', 'received_on', 'id'])
      .execute();
    await db.schema
      .createIndex('royalty_payments_import_unique')
      .on('royalty_payments')
      .columns(['team_id', 'import_key'])
      .unique()
      .where(sql<boolean>`import_key is not null`)
      .execute();

    await withId(db.schema.createTable('royalty_payment_allocations'), dialect)
      .addColumn('team_id', 'integer', team)
      .addColumn('payment_id', 'integer', (c) =>
        c.notNull().references('royalty_payments.id').onDelete('cascade'),
      )
      .addColumn('invoice_id', 'integer', (c) =>
        c.notNull().references('royalty_invoices.id').onDelete('cascade'),
      )
      .addColumn('amount_cents', cents, notNull)
      .execute();
    for (const column of ['payment_id', 'invoice_id'])
      await db.schema
        .createIndex(`royalty_payment_allocations_${column}_index`)
        .on('royalty_payment_allocations')
        .columns(['team_id', column])
        .execute();

    await withId(db.schema.createTable('sales_locks'), dialect)
      .addColumn('team_id', 'integer', team)
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('period_start', t.date, notNull)
      .addColumn('period_end', t.date, notNull)
      .addColumn('locked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('locked_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('sales_locks_store_index')
      .on('sales_locks')
      .columns(['team_id', 'store_id', 'period_start'])
      .execute();
  },
};
