import { columnTypes, type AppMigration } from '../migration-helpers';

/**
 * Personal access tokens made on the profile page: what they may do (read, or read and write) and when they
 * stop working. Tokens made by a device login keep full access and no expiry, as before.
 */
export const tokenAbilities: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .alterTable('personal_access_tokens')
      .addColumn('abilities', 'varchar(20)', (c) => c.notNull().defaultTo('read-write'))
      .execute();
    await db.schema.alterTable('personal_access_tokens').addColumn('expires_at', t.timestamp).execute();
    await db.schema
      .createIndex('personal_access_tokens_user_index')
      .on('personal_access_tokens')
      .columns(['user_id', 'id'])
      .execute();
  },
};
