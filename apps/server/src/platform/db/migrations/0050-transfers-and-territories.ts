import type { ColumnDefinitionBuilder } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Transfers of a franchise agreement from one franchisee to another (with who did each step and when), the
 * operating-company history of stores that transfers write, and each agreement's mapped territory.
 */
export const transfersAndTerritories: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    const user = (c: ColumnDefinitionBuilder) => c.references('users.id').onDelete('set null');
    await withId(db.schema.createTable('agreement_transfers'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('franchise_agreements.id').onDelete('cascade'),
      )
      .addColumn('from_company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('to_company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('fee_cents', cents, notNull)
      .addColumn('effective_date', t.date, notNull)
      .addColumn('status', 'varchar(20)', notNull)
      .addColumn('note', 'text')
      .addColumn('requested_by', 'integer', user)
      .addColumn('requested_at', t.timestamp, notNull)
      .addColumn('approved_by', 'integer', user)
      .addColumn('approved_at', t.timestamp)
      .addColumn('rejected_by', 'integer', user)
      .addColumn('rejected_at', t.timestamp)
      .addColumn('completed_by', 'integer', user)
      .addColumn('completed_at', t.timestamp)
      .execute();
    await db.schema
      .createIndex('agreement_transfers_agreement')
      .on('agreement_transfers')
      .columns(['team_id', 'agreement_id'])
      .execute();

    await withId(db.schema.createTable('store_ownerships'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('store_id', 'integer', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('from_date', t.date)
      .addColumn('to_date', t.date)
      .addColumn('transfer_id', 'integer', (c) => c.references('agreement_transfers.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('store_ownerships_store')
      .on('store_ownerships')
      .columns(['team_id', 'store_id'])
      .execute();

    await withId(db.schema.createTable('territories'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('agreement_id', 'integer', (c) =>
        c.notNull().references('franchise_agreements.id').onDelete('cascade'),
      )
      .addColumn('kind', 'varchar(10)', notNull)
      .addColumn('center_lat', real)
      .addColumn('center_lng', real)
      .addColumn('radius', real)
      .addColumn('radius_unit', 'varchar(2)', notNull)
      // [{lat, lng}, …] as JSON text, at most 500 vertices: read whole, never queried inside.
      .addColumn('points', 'text')
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('territories_agreement_unique')
      .on('territories')
      .columns(['team_id', 'agreement_id'])
      .unique()
      .execute();
  },
};
