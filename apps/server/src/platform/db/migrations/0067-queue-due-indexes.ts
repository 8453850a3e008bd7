import { sql } from 'kysely';
import type { AppMigration } from '../migration-helpers';

/**
 * The queue workers claim the earliest due rows (`platform/queue.ts`), every few seconds, from tables that keep
 * every row they ever held: a day's reminder notices add a mail per recipient, every upload an extraction job.
 * The claim read them in id order, which neither database could take from the pending indexes, so each claim
 * walked the whole table (48,000 sent mails: 20 ms on SQLite's one connection, twice every five seconds, with
 * nothing to send). The outbox's pending index is already keyed by due time; jobs' leads with the kind, which
 * the claim does not name, so jobs get one keyed by due time alone.
 */
export const queueDueIndexes: AppMigration = {
  async up(db) {
    await sql`create index jobs_due_index on jobs (available_at) where finished_at is null and failed_at is null`.execute(
      db,
    );
  },
};
