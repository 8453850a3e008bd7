import { DEFAULT_LEAD_DAYS } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { daysBefore } from '../leases/dates';

export type CriticalDate = { key: string; source: string; title: string; due_date: string };

/** Keys of reminders made from team-defined date attributes (`attribute:<attribute id>:<record id>`). */
export const ATTRIBUTE_REMINDER_PREFIX = 'attribute:';
export const isAttributeReminderKey = (key: string) => key.startsWith(ATTRIBUTE_REMINDER_PREFIX);
const isOwnReminderKey = (key: string) => !isAttributeReminderKey(key);

export async function leadDaysOf(db: Executor, teamId: number): Promise<number[]> {
  const settings = await db.selectFrom('team_settings').select('lead_days').where('team_id', '=', teamId).executeTakeFirst();
  const parsed = (settings?.lead_days ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return parsed.length ? parsed : [...DEFAULT_LEAD_DAYS];
}

/**
 * Makes the generated reminders of one record match its critical dates: new dates get a reminder, a
 * moved date moves its reminder (and makes it unread again), a date that is gone takes its reminder
 * with it. Keys (`lease:12:expiration`) make this idempotent: recalculating never duplicates.
 * A record's own dates and its date attributes are synced apart (`owns` says which keys this sync
 * manages), so saving a lease's dates never removes the reminder of one of its attributes.
 */
export async function syncReminders(trx: Executor, teamId: number, subject: { type: string; id: number }, dates: CriticalDate[], owns: (key: string) => boolean = isOwnReminderKey) {
  const lead = Math.max(...(await leadDaysOf(trx, teamId)));
  const existing = await trx
    .selectFrom('reminders')
    .select(['id', 'source_key', 'due_date', 'title'])
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('source_key', 'is not', null)
    .execute();
  const byKey = new Map(existing.filter((r) => owns(r.source_key!)).map((r) => [r.source_key!, r]));
  const now = nowIso();
  for (const date of dates) {
    const current = byKey.get(date.key);
    byKey.delete(date.key);
    const visibleFrom = daysBefore(date.due_date, lead);
    if (!current) {
      await trx
        .insertInto('reminders')
        .values({ team_id: teamId, subject_type: subject.type, subject_id: subject.id, source: date.source, source_key: date.key, title: date.title, due_date: date.due_date, visible_from: visibleFrom, created_at: now, updated_at: now })
        .execute();
    } else if (current.due_date !== date.due_date || current.title !== date.title) {
      const moved = current.due_date !== date.due_date;
      await trx
        .updateTable('reminders')
        .set({ title: date.title, due_date: date.due_date, visible_from: visibleFrom, updated_at: now, ...(moved ? { read_at: null, snoozed_until: null } : {}) })
        .where('id', '=', current.id)
        .execute();
    }
  }
  const gone = [...byKey.values()].map((r) => r.id);
  if (gone.length) await trx.deleteFrom('reminders').where('id', 'in', gone).execute();
  // Unread counts and list totals are cached per team write version.
  await bumpTeamWriteVersion(trx, teamId);
}

/** A deleted record's reminders go with it (a restore syncs them back). */
export async function removeSubjectReminders(trx: Executor, teamId: number, subject: { type: string; id: number }) {
  await trx.deleteFrom('reminders').where('team_id', '=', teamId).where('subject_type', '=', subject.type).where('subject_id', '=', subject.id).where('source_key', 'is not', null).execute();
  await bumpTeamWriteVersion(trx, teamId);
}
