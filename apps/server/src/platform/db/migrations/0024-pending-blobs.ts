import { columnTypes, type AppMigration } from '../migration-helpers';

/**
 * Blobs stored before the row that names them commits (uploads, import files, images). A key is
 * registered here first and unregistered by the transaction that commits its row, so a process killed in
 * between leaves a registration, and the orphan sweep deletes its blob (platform/blobs.ts).
 */
export const pendingBlobs: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('pending_blobs')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pending_blobs_created_index')
      .on('pending_blobs')
      .column('created_at')
      .execute();
  },
};
