import { sql } from 'kysely';
import { columnTypes, notNull, withId, type AppMigration } from '../migration-helpers';

/**
 * What the critical-date engine needs stored:
 * - the team's clock and calendar: IANA time zone ("today" is the team's date), the daily digest hour,
 *   what an expired lease becomes, the holiday calendar with the team's own closures, and the default
 *   counting conventions (lease months after a mid-month start, whether day 1 is the anchor day);
 * - per option: its notice window as a rule (JSON, validated by the contracts' schema on the way in),
 *   how many renewals were exercised and the term end before the first one, the clause's source
 *   (document and page) and who verified the computed dates;
 * - per reminder: why it was closed without a person completing it (past when entered, lapsed,
 *   exercised …) and each overdue escalation step sent, keyed so that two instances send it once;
 * - a lease's amendment history: each exercise, waiver or edit with old and new values and the lease
 *   as it was before, so a past state can be shown.
 */
export const criticalDates: AppMigration = {
  async up(db, dialect) {
    const t = columnTypes(dialect);
    const settings = [
      ['time_zone', 'varchar(64)', 'UTC'],
      ['digest_hour', 'integer', 7],
      ['expired_lease_status', 'varchar(20)', 'holdover'],
      ['holiday_calendar', 'varchar(20)', 'us_federal'],
      ['lease_months', 'varchar(20)', 'anniversary'],
      ['day_count', 'varchar(20)', 'exclusive'],
    ] as const;
    for (const [name, type, fallback] of settings) {
      await db.schema
        .alterTable('team_settings')
        .addColumn(name, type, (c) => c.notNull().defaultTo(fallback))
        .execute();
    }

    await withId(db.schema.createTable('team_holidays'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('date', t.date, notNull)
      .addColumn('name', 'varchar(120)', notNull)
      .addUniqueConstraint('team_holidays_team_date_unique', ['team_id', 'date'])
      .execute();

    await db.schema.alterTable('lease_options').addColumn('notice_rule', 'text').execute();
    await db.schema
      .alterTable('lease_options')
      .addColumn('exercised_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('lease_options').addColumn('first_term_end', t.date).execute();
    await db.schema.alterTable('lease_options').addColumn('earliest_date', t.date).execute();
    await db.schema
      .alterTable('lease_options')
      .addColumn('source_document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('lease_options').addColumn('source_page', 'integer').execute();
    await db.schema
      .alterTable('lease_options')
      .addColumn('verified_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('lease_options').addColumn('verified_at', t.timestamp).execute();
    // The stamp covers these inputs: a change to any of them clears it.
    await db.schema.alterTable('lease_options').addColumn('verified_inputs', 'text').execute();

    await db.schema.alterTable('reminders').addColumn('closed_reason', 'varchar(40)').execute();
    await db.schema
      .createTable('reminder_escalations')
      .addColumn('reminder_id', 'integer', (c) => c.notNull().references('reminders.id').onDelete('cascade'))
      .addColumn('due_date', t.date, notNull)
      .addColumn('step', 'integer', notNull)
      .addColumn('sent_at', t.timestamp, notNull)
      .addPrimaryKeyConstraint('reminder_escalations_pk', ['reminder_id', 'due_date', 'step'])
      .execute();
    // The overdue query: a team's open reminders past due, by due date.
    await db.schema
      .createIndex('reminders_team_open_due_index')
      .on('reminders')
      .columns(['team_id', 'due_date', 'id'])
      .where(sql<boolean>`read_at is null`)
      .execute();

    await withId(db.schema.createTable('lease_amendments'), dialect)
      .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
      .addColumn('lease_id', 'integer', (c) => c.notNull().references('leases.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(30)', notNull)
      .addColumn('summary', 'text', notNull)
      .addColumn('changes', 'text', notNull)
      .addColumn('snapshot', 'text', notNull)
      .addColumn('document_id', 'integer')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex('lease_amendments_lease_index')
      .on('lease_amendments')
      .columns(['team_id', 'lease_id', 'id'])
      .execute();
  },
};
