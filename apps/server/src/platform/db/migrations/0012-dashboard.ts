import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * The dashboard's critical-dates timeline reads open reminders by due date. `reminders_list_index`
 * (team_id, read_at, due_date, id) cannot give PostgreSQL that order ("read_at is null" is not an
 * equality to the planner), so it sorted every open reminder of the next year (≈70k in a team with a
 * million). Partial on open reminders, this index hands them over in order and LIMIT stops the scan.
 */
export const dashboard: AppMigration = {
  async up(db) {
    await db.schema
      .createIndex('reminders_open_due_index')
      .on('reminders')
      .columns(['team_id', 'due_date', 'id'])
      .where(sql<boolean>`read_at is null`)
      .execute();
  },
};
