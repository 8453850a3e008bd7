import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * Delivered mail and finished jobs are removed after a retention period (`purgeDoneQueueRows`,
 * platform/queue.ts), oldest first, every hour: without an index by the time they were done, each slice of that
 * purge would read the whole table.
 */
export const queueRetentionIndexes: AppMigration = {
  async up(db) {
    await sql`create index outbox_sent_index on outbox (sent_at) where sent_at is not null`.execute(db);
    await sql`create index jobs_finished_index on jobs (finished_at) where finished_at is not null`.execute(
      db,
    );
  },
};
