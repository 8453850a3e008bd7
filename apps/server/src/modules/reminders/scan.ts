import { sql } from 'kysely';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { enqueueMail } from '../../platform/mail';
import { addDaysIso, todayIso } from '../leases/dates';
import { leadDaysOf } from './sync';

/**
 * The daily scan: every unread reminder whose due date has come within one of its team's lead times
 * gets one notice for the nearest lead time reached. The notice row's primary key is the claim — an
 * insert that conflicts means another instance sent it — so each notice goes out exactly once.
 */
export async function scanReminders(deps: Deps, today = todayIso()): Promise<number> {
  let sent = 0;
  const teams = await deps.db.selectFrom('reminders').select('team_id').distinct().where('read_at', 'is', null).where('due_date', '>=', today).execute();
  for (const { team_id: teamId } of teams) {
    const leads = [...(await leadDaysOf(deps.db, teamId))].sort((a, b) => a - b);
    const horizon = addDaysIso(today, leads.at(-1)!);
    const due = await deps.db
      .selectFrom('reminders')
      .select(['id', 'title', 'due_date'])
      .where('team_id', '=', teamId)
      .where('read_at', 'is', null)
      .where('due_date', '>=', today)
      .where('due_date', '<=', horizon)
      .where((eb) => eb.or([eb('snoozed_until', 'is', null), eb('snoozed_until', '<=', today)]))
      .orderBy('id')
      .execute();
    for (const reminder of due) {
      const daysLeft = Math.round((Date.parse(reminder.due_date) - Date.parse(today)) / 86_400_000);
      const lead = leads.find((l) => daysLeft <= l)!;
      const sentEarlier = await deps.db
        .selectFrom('reminder_notices')
        .select('lead_days')
        .where('reminder_id', '=', reminder.id)
        .where('due_date', '=', reminder.due_date)
        .where('lead_days', '<=', lead)
        .executeTakeFirst();
      if (sentEarlier) continue;
      const delivered = await deps.db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('reminder_notices')
          .values({ reminder_id: reminder.id, lead_days: lead, due_date: reminder.due_date, sent_at: nowIso() })
          .onConflict((oc) => oc.doNothing())
          .returning('reminder_id')
          .executeTakeFirst();
        if (!claimed) return false;
        for (const recipient of await recipients(trx, reminder.id, teamId)) {
          await enqueueMail(trx, {
            to: recipient.email,
            subject: `${daysLeft <= 7 ? 'Due soon' : 'Upcoming'}: ${reminder.title} (${reminder.due_date})`,
            text: `${reminder.title}\n\nDue on ${reminder.due_date} — ${daysLeft === 0 ? 'today' : `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`}.\n\nOpen it in Storekeep: ${deps.config.APP_URL}/reminders/${reminder.id}/comments\n`,
          });
        }
        return true;
      });
      if (delivered) sent += 1;
    }
  }
  if (sent) deps.mail.kick();
  return sent;
}

/** The reminder's assignees, or else the team's managers and admins. */
async function recipients(db: Executor, reminderId: number, teamId: number) {
  const assigned = await db.selectFrom('reminder_assignees').innerJoin('users', 'users.id', 'reminder_assignees.user_id').select('users.email').where('reminder_id', '=', reminderId).execute();
  if (assigned.length) return assigned;
  return db
    .selectFrom('team_user')
    .innerJoin('users', 'users.id', 'team_user.user_id')
    .select('users.email')
    .where('team_user.team_id', '=', teamId)
    .where(sql<boolean>`team_user.role in ('manager', 'admin')`)
    .execute();
}
