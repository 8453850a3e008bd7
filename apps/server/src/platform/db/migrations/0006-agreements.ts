import { sql } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** Franchise agreements and the stores they cover. */
export const agreements: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    let table = withId(db.schema.createTable('franchise_agreements'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id').onDelete('cascade'))
      .addColumn('franchisee_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('agreement_number', 'varchar(100)')
      .addColumn('type', 'varchar(30)', notNull)
      .addColumn('status', 'varchar(30)', notNull);
    for (const column of ['signed_date', 'effective_date', 'opening_date', 'expiration_date'])
      table = table.addColumn(column, t.date);
    for (const column of [
      'initial_term_months',
      'renewal_count',
      'renewal_length_months',
      'renewal_notice_days',
      'royalty_percent',
      'marketing_percent',
      'territory_radius_miles',
    ])
      table = table.addColumn(column, real);
    for (const column of [
      'renewal_fee_cents',
      'initial_fee_cents',
      'royalty_minimum_cents',
      'technology_fee_cents',
      'transfer_fee_cents',
    ])
      table = table.addColumn(column, cents);
    await table
      .addColumn('royalty_tiers', 'text')
      .addColumn('reporting_frequency', 'varchar(20)')
      .addColumn('territory_description', 'text')
      .addColumn('territory_exclusive', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .addColumn('deleted_at', t.timestamp)
      .execute();
    const live = sql<boolean>`deleted_at is null`;
    for (const columns of [
      ['expiration_date'],
      ['agreement_number'],
      ['status', 'expiration_date'],
      ['brand_id'],
      ['franchisee_id'],
      ['created_at'],
      ['updated_at'],
    ]) {
      await db.schema
        .createIndex(`agreements_${columns.join('_')}_live_index`)
        .on('franchise_agreements')
        .columns(['team_id', ...columns, 'id'])
        .where(live)
        .execute();
    }
    await db.schema
      .createTable('agreement_stores')
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('franchise_agreements.id').onDelete('cascade'),
      )
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', notNull)
      .addPrimaryKeyConstraint('agreement_stores_pkey', ['agreement_id', 'store_id'])
      .execute();
    await db.schema
      .createIndex('agreement_stores_store_index')
      .on('agreement_stores')
      .columns(['team_id', 'store_id'])
      .execute();
  },
};
