import type { AppMigration } from '../migration-helpers';

/**
 * Two migrations each made the same partial index of open reminders by (team, due date, id), for the
 * dashboard and for the overdue scan. One serves both; the other only cost every reminder write.
 */
export const oneOpenReminderIndex: AppMigration = {
  async up(db) {
    await db.schema.dropIndex('reminders_team_open_due_index').execute();
  },
};
