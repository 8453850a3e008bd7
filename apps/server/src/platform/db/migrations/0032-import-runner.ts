import { columnTypes, type AppMigration } from '../migration-helpers';

/**
 * Who runs an import and whether it passed its commit point. `runner` names the process instance
 * (host and port) and `heartbeat_at` is refreshed with every batch, so a restarted instance recovers its
 * own interrupted imports at once and any instance recovers one whose heartbeat stopped. `committed_at`
 * is the commit point: before it, recovery removes the import's hidden rows; after it, recovery finishes
 * revealing them.
 */
export const importRunner: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema.alterTable('imports').addColumn('runner', 'varchar(255)').execute();
    await db.schema.alterTable('imports').addColumn('heartbeat_at', t.timestamp).execute();
    await db.schema.alterTable('imports').addColumn('committed_at', t.timestamp).execute();
  },
};
