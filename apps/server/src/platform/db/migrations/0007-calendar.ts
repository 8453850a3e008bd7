import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/** Secret iCalendar feeds: one per user and team, stored hashed, revocable. */
export const calendar: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await withId(db.schema.createTable('calendar_feeds'), dialect)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', t.timestamp, notNull)
      .addUniqueConstraint('calendar_feeds_user_team_unique', ['user_id', 'team_id'])
      .execute();
  },
};
