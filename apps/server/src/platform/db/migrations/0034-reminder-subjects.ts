import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/** The table of each record type a reminder can be about (as reminders/service.ts names them). */
const SUBJECT_TABLES = [
  ['lease', 'leases'],
  ['agreement', 'franchise_agreements'],
  ['document', 'documents'],
  ['company', 'companies'],
  ['brand', 'brands'],
  ['store', 'stores'],
  ['contact', 'contacts'],
] as const;

/**
 * Manual reminders could name another team's record, or one that never existed, as their subject; the other
 * team's purge of that record then deleted them. Such a subject is let go (the reminder stays, about nothing),
 * as creating one is now refused.
 */
export const reminderSubjects: AppMigration = {
  async up(db) {
    for (const [type, table] of SUBJECT_TABLES) {
      await sql`update reminders set subject_type = null, subject_id = null
        where source = 'manual' and subject_type = ${type}
        and not exists (select 1 from ${sql.table(table)} t where t.id = reminders.subject_id and t.team_id = reminders.team_id)`.execute(
        db,
      );
    }
  },
};
