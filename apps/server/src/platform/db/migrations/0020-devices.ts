import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * Web Push subscriptions of signed-in users: one row per browser subscription. `endpoint`
 * is unique — whoever holds the subscription now owns it, so a second user on the same phone takes it
 * over. `token` is the opaque name the app uses to remove it on logout (`DELETE /devices/{token}`).
 */
export const devices: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('devices'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'varchar(255)', notNull)
      .addColumn('auth', 'varchar(255)', notNull)
      .addColumn('user_agent', 'varchar(255)')
      .addColumn('created_at', t.timestamp, notNull)
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema.createIndex('devices_user_index').on('devices').column('user_id').execute();
  },
};
