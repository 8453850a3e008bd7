import { columnTypes, notNull, type AppMigration } from '../migration-helpers';

/**
 * The days the shared demo team was put back to its seed: each instance's hourly tick tries to insert
 * today's row, and only the one whose insert lands resets the team (modules/demo reset).
 */
export const demoResets: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('demo_resets')
      .addColumn('day', t.date, (c) => c.primaryKey())
      .addColumn('reset_at', t.timestamp, notNull)
      .execute();
  },
};
