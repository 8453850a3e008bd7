import { hourIn } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { syncBillingReminders } from '../invoices/index';
import { applyDateTransitions } from '../leases/index';
import { teamCalendar, teamToday } from '../teams/index';
import { deliverNotices, noticePerPerson } from './channels';
import { escalateOverdue } from './overdue';
import { noticeTargets } from './recipients';
import { claimTeamNotices } from './scan';
import { writeTransaction } from '../../platform/db';

/**
 * The daily digest: each team's notices that were not mailed at once (deadline more than a week away)
 * go to each recipient as one e-mail a day. The (team, day) row is the claim: the first instance to
 * insert it sends the team's digest, in the same transaction that marks the notices digested, so a
 * crash sends nothing and a later tick tries again.
 */
export async function sendDigests(deps: Deps, today?: string): Promise<number> {
  const teams = await deps.db
    .selectFrom('reminder_notices')
    .innerJoin('reminders', 'reminders.id', 'reminder_notices.reminder_id')
    .select('reminders.team_id')
    .distinct()
    .where('reminder_notices.digested_at', 'is', null)
    .execute();
  let mails = 0;
  for (const { team_id: teamId } of teams)
    mails += await digestTeam(deps, teamId, today ?? (await teamToday(deps.db, teamId)));
  if (mails) {
    deps.mail.kick();
    deps.push.kick();
  }
  return mails;
}

async function digestTeam(deps: Deps, teamId: number, today: string): Promise<number> {
  const now = nowIso();
  return writeTransaction(deps.db, async (trx) => {
    const claimed = await trx
      .insertInto('digest_runs')
      .values({ team_id: teamId, day: today, sent_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('team_id')
      .executeTakeFirst();
    if (!claimed) return 0;
    const notices = await trx
      .updateTable('reminder_notices')
      .set({ digested_at: now })
      .where('digested_at', 'is', null)
      .where('reminder_id', 'in', (qb) =>
        qb.selectFrom('reminders').select('id').where('team_id', '=', teamId),
      )
      .returning('reminder_id')
      .execute();
    const ids = [...new Set(notices.map((n) => n.reminder_id))];
    const team = await trx
      .selectFrom('teams')
      .select('name')
      .where('id', '=', teamId)
      .executeTakeFirstOrThrow();
    // Completed or snoozed since the scan claimed them: nothing to say about those any more.
    const targets = await noticeTargets(trx, teamId, ids, today);
    const digests = noticePerPerson('digest', team.name, targets);
    await deliverNotices(trx, digests, deps.config.APP_URL);
    return digests.length;
  });
}

async function hasUndigested(deps: Deps, teamId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom('reminder_notices')
    .innerJoin('reminders', 'reminders.id', 'reminder_notices.reminder_id')
    .select('reminder_notices.reminder_id')
    .where('reminders.team_id', '=', teamId)
    .where('reminder_notices.digested_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The hourly tick, per team on the team's own date: bring the billing reminders up to date, claim the notices that came due (the urgent ones
 * mailed at once), escalate missed deadlines, move the statuses the calendar decides (leases,
 * agreements, lapsed options), and once the team's digest hour has come, send the day's digest. Each step
 * is claimed so that any number of instances do it once. `today` (tests, a replay) fixes the date for
 * every team and sends the digest whatever the hour.
 */
export async function deliverReminderNotices(deps: Deps, today?: string, now: Date = new Date()) {
  const teams = await deps.db.selectFrom('teams').select('id').orderBy('id').execute();
  const totals = { claimed: 0, digests: 0, escalated: 0, transitions: 0 };
  for (const { id: teamId } of teams) {
    const calendar = await teamCalendar(deps.db, teamId, now);
    const day = today ?? calendar.today;
    // Expected sales reports and unpaid invoices become reminders first, so this tick already notices them.
    await syncBillingReminders(deps.db, teamId, day);
    totals.claimed += await claimTeamNotices(deps, teamId, day);
    // Escalation before the transitions: an option deadline missed yesterday is escalated once, then lapses.
    totals.escalated += await escalateOverdue(deps, teamId, day);
    const moved = await applyDateTransitions(deps, teamId, day, calendar.expiredLeaseStatus);
    totals.transitions += moved.leases + moved.agreements + moved.options;
    const digestDue = today !== undefined || hourIn(calendar.timeZone, now) >= calendar.digestHour;
    if (digestDue && (await hasUndigested(deps, teamId)))
      totals.digests += await digestTeam(deps, teamId, day);
  }
  if (totals.claimed || totals.digests || totals.escalated) {
    deps.mail.kick();
    deps.push.kick();
  }
  return totals;
}
