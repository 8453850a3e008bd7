import { DEFAULT_LEAD_DAYS } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { daysBefore } from '../leases/index';
import { teamToday } from '../teams/index';

export type CriticalDate = { key: string; source: string; title: string; due_date: string };

/** `closed_reason` of a reminder whose date had passed when its record was entered. */
export const PAST_WHEN_ENTERED = 'past_when_entered';

/** Keys of reminders made from team-defined date attributes (`attribute:<attribute id>:<record id>`). */
export const ATTRIBUTE_REMINDER_PREFIX = 'attribute:';
export const isAttributeReminderKey = (key: string) => key.startsWith(ATTRIBUTE_REMINDER_PREFIX);
/**
 * Keys of reminders of a lease's CAM audit windows (`cam_audit:<lease id>:<lease year>`): kept by the cam
 * module, so a lease's own sync leaves them alone.
 */
export const CAM_AUDIT_REMINDER_PREFIX = 'cam_audit:';
/**
 * Keys of reminders of an area development agreement's units (`development:<agreement id>:<unit number>`):
 * kept by the development module, so an agreement's own sync leaves them alone.
 */
export const DEVELOPMENT_REMINDER_PREFIX = 'development:';
/** Keys of the team's disclosure-calendar reminders (`franchise_calendar:…`), about no record. */
export const FRANCHISE_CALENDAR_REMINDER_PREFIX = 'franchise_calendar:';
/**
 * Keys of an agreement's expected sales reports (`sales_report:<agreement id>:<store id>:<period start>`):
 * kept by the invoices module, so an agreement's own sync leaves them alone.
 */
export const SALES_REPORT_REMINDER_PREFIX = 'sales_report:';
/** Keys of an unpaid invoice's payment reminder (`invoice_payment:<invoice id>`), about its franchisee. */
export const INVOICE_PAYMENT_REMINDER_PREFIX = 'invoice_payment:';
const isOwnReminderKey = (key: string) =>
  !isAttributeReminderKey(key) &&
  !key.startsWith(CAM_AUDIT_REMINDER_PREFIX) &&
  !key.startsWith(DEVELOPMENT_REMINDER_PREFIX) &&
  !key.startsWith(SALES_REPORT_REMINDER_PREFIX) &&
  !key.startsWith(INVOICE_PAYMENT_REMINDER_PREFIX);

export async function leadDaysOf(db: Executor, teamId: number): Promise<number[]> {
  const settings = await db
    .selectFrom('team_settings')
    .select('lead_days')
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  const parsed = (settings?.lead_days ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return parsed.length ? parsed : [...DEFAULT_LEAD_DAYS];
}

/**
 * Makes the generated reminders of one record match its critical dates: new dates get a reminder, a
 * moved date moves its reminder (and makes it unread again), a date that is gone takes its reminder
 * with it. Keys (`lease:12:expiration`) make this idempotent: recalculating never duplicates.
 * A record's own dates and its date attributes are synced apart (`owns` says which keys this sync
 * manages), so saving a lease's dates never removes the reminder of one of its attributes.
 */
export async function syncReminders(
  trx: Executor,
  teamId: number,
  // null: the team's own dates (the disclosure calendar), about no record.
  subject: { type: string; id: number } | null,
  dates: CriticalDate[],
  owns: (key: string) => boolean = isOwnReminderKey,
  today?: string,
) {
  const lead = Math.max(...(await leadDaysOf(trx, teamId)));
  // Dates already past when they are entered (a lease typed in years after it began) are history, not
  // news: their reminders are filed completed and never count as unread.
  const todayThere = today ?? (await teamToday(trx, teamId));
  const past = (due: string) =>
    due < todayThere ? { read_at: nowIso(), closed_reason: PAST_WHEN_ENTERED } : {};
  const existing = await trx
    .selectFrom('reminders')
    .select(['id', 'source_key', 'due_date', 'title'])
    .where('team_id', '=', teamId)
    .where((eb) =>
      subject
        ? eb.and([eb('subject_type', '=', subject.type), eb('subject_id', '=', subject.id)])
        : eb('subject_type', 'is', null),
    )
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
        .values({
          team_id: teamId,
          subject_type: subject?.type ?? null,
          subject_id: subject?.id ?? null,
          source: date.source,
          source_key: date.key,
          title: date.title,
          due_date: date.due_date,
          visible_from: visibleFrom,
          created_at: now,
          updated_at: now,
          ...past(date.due_date),
        })
        // Two scheduler instances syncing the same team at once: the second one's insert is a no-op.
        .onConflict((oc) =>
          oc.columns(['team_id', 'source_key']).where('source_key', 'is not', null).doNothing(),
        )
        .execute();
    } else if (current.due_date !== date.due_date || current.title !== date.title) {
      const moved = current.due_date !== date.due_date;
      await trx
        .updateTable('reminders')
        .set({
          title: date.title,
          due_date: date.due_date,
          visible_from: visibleFrom,
          updated_at: now,
          ...(moved
            ? { read_at: null, snoozed_until: null, closed_reason: null, ...past(date.due_date) }
            : {}),
        })
        .where('team_id', '=', teamId)
        .where('id', '=', current.id)
        .execute();
    }
  }
  const gone = [...byKey.values()].map((r) => r.id);
  if (gone.length)
    await trx.deleteFrom('reminders').where('team_id', '=', teamId).where('id', 'in', gone).execute();
  // Unread counts and list totals are cached per team write version.
  await bumpTeamWriteVersion(trx, teamId);
}

/** A deleted record's reminders go with it (a restore syncs them back). */
export async function removeSubjectReminders(
  trx: Executor,
  teamId: number,
  subject: { type: string; id: number },
) {
  await trx
    .deleteFrom('reminders')
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subject.type)
    .where('subject_id', '=', subject.id)
    .where('source_key', 'is not', null)
    .execute();
  await bumpTeamWriteVersion(trx, teamId);
}

/**
 * Closes generated reminders whose date was settled (an option exercised, waived or lapsed) and keeps them
 * as history: completed with the reason, and detached from their key so later syncs neither reopen nor
 * delete them. Keys are unique in a team and name their record (`lease:12:option:0:1`), so one statement
 * serves one lease or a whole portfolio's lapsed options.
 */
export async function retireReminderKeys(trx: Executor, teamId: number, keys: string[], reason: string) {
  const now = nowIso();
  for (let at = 0; at < keys.length; at += 500) {
    await trx
      .updateTable('reminders')
      .set((eb) => ({
        read_at: eb.fn.coalesce('read_at', eb.val(now)),
        closed_reason: reason,
        source_key: null,
        updated_at: now,
      }))
      .where('team_id', '=', teamId)
      .where('source_key', 'in', keys.slice(at, at + 500))
      .execute();
  }
  if (keys.length) await bumpTeamWriteVersion(trx, teamId);
}
