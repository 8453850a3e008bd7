import { sql } from 'kysely';
import { columnTypes, notNull, type AppMigration } from '../migration-helpers';

/**
 * Notification delivery: record mutes per user, and the daily digest. A notice whose deadline is more
 * than a week away waits (digested_at empty) for its recipients' next daily digest; the digest run of a
 * team and day is claimed by a row, so two instances never send the same digest.
 */
export const notifications: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    await db.schema
      .createTable('notification_mutes')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('subject_type', 'varchar(20)', notNull)
      .addColumn('subject_id', 'integer', notNull)
      .addColumn('created_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('notification_mutes_pkey', [
        'team_id',
        'subject_type',
        'subject_id',
        'user_id',
      ])
      .execute();
    await db.schema
      .createIndex('notification_mutes_user_index')
      .on('notification_mutes')
      .columns(['user_id', 'team_id'])
      .execute();

    await db.schema.alterTable('reminder_notices').addColumn('digested_at', t.timestamp).execute();
    // Notices sent before digests existed went out one by one already.
    await sql`update reminder_notices set digested_at = sent_at`.execute(db);
    await sql`create index reminder_notices_undigested on reminder_notices (reminder_id) where digested_at is null`.execute(
      db,
    );

    await db.schema
      .createTable('digest_runs')
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('day', t.date, notNull)
      .addColumn('sent_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('digest_runs_pkey', ['team_id', 'day'])
      .execute();
  },
};
