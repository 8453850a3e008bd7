import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * Reminder lists at a million rows per team (measured on the benchmark data set, SQLite):
 * - Pages are read in due-date order and stop at 25 rows. `reminders_visible_index` (team_id,
 *   visible_from, due_date) led the planner to read every reminder already in view (400k) and sort them;
 *   with `reminders_due_index` here and the open-reminders index of 0012, LIMIT stops the scan (0.3 ms).
 * - Totals and the unread badge count rows in view: `reminders_count_index` holds every column those
 *   filters test, so counting never reads the table (138k unread: 2.6 s → 17 ms). It replaces
 *   `reminders_list_index` (team_id, read_at, due_date, id), whose ordering 0012's index now gives.
 */
export const reminderOrder: AppMigration = {
  async up(db) {
    await sql`drop index if exists reminders_visible_index`.execute(db);
    await sql`drop index if exists reminders_list_index`.execute(db);
    await db.schema
      .createIndex('reminders_due_index')
      .on('reminders')
      .columns(['team_id', 'due_date', 'id'])
      .execute();
    await db.schema
      .createIndex('reminders_count_index')
      .on('reminders')
      .columns(['team_id', 'read_at', 'visible_from', 'snoozed_until'])
      .execute();
  },
};
