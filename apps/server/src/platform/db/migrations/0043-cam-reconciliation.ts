import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * CAM reconciliation: a lease's cap and audit terms (absent until saved) and the landlord's statement per
 * lease year, with the document it came in.
 */
export const camReconciliation: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const cents = dialect === 'postgres' ? 'bigint' : 'integer';
    const real = dialect === 'postgres' ? 'double precision' : 'real';
    await withId(db.schema.createTable('cam_terms'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('cap_percent', real)
      .addColumn('cap_method', 'varchar(20)', notNull)
      .addColumn('base_year', 'integer', notNull)
      .addColumn('audit_days', 'integer')
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('cam_terms_lease_unique')
      .on('cam_terms')
      .columns(['team_id', 'lease_id'])
      .unique()
      .execute();
    await withId(db.schema.createTable('cam_statements'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('lease_year', 'integer', notNull)
      .addColumn('actual_cents', cents, notNull)
      .addColumn('controllable_cents', cents)
      .addColumn('estimates_cents', cents)
      .addColumn('received_on', t.date, notNull)
      .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('cam_statements_year_unique')
      .on('cam_statements')
      .columns(['team_id', 'lease_id', 'lease_year'])
      .unique()
      .execute();
  },
};
