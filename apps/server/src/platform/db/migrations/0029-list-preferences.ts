import { columnTypes, notNull, type AppMigration } from '../migration-helpers';

/**
 * Remembered list preferences: per user *and* team, since team-defined attribute columns differ
 * between teams. One row per (team, user, list); `hidden_columns` is a JSON array of column keys, bounded by
 * the contract (100 keys of 64 characters), so a text column on both dialects is enough.
 */
export const listPreferences: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('list_preferences')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('list', 'varchar(40)', notNull)
      .addColumn('per_page', 'integer')
      .addColumn('hidden_columns', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('updated_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('list_preferences_pkey', ['team_id', 'user_id', 'list'])
      .execute();
    // Deleting a user cascades here; PostgreSQL needs an index to find their rows without a scan.
    await db.schema
      .createIndex('list_preferences_user_index')
      .on('list_preferences')
      .column('user_id')
      .execute();
  },
};
