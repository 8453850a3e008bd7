import { type RawBuilder, sql } from 'kysely';
import type { Deps } from '../../platform/deps';
import { type Db, type Executor, type Trx, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { addDaysIso } from '../leases/index';
import { teamToday } from '../teams/index';
import { deliverNotices, noticeEach } from './channels';
import { chunked, noticeTargets } from './recipients';
import { leadDaysOf } from './sync';

/** A deadline this close is mailed at once; farther ones wait for the daily digest. */
export const IMMEDIATE_DAYS = 7;

/** Open reminders one claiming statement covers: a few hundred milliseconds of work on either database. */
export const CLAIM_SLICE = 5_000;

/**
 * Walks a team's open reminders whose due date is in `due` (alias `r`) in (due date, id) order along the
 * open-reminder index, `size` at a time, and runs `claim` for each slice in a transaction of its own; `slice`
 * is the whole condition on `r` (team, open, `due`, the slice's bounds) the claim adds its own filters to. One
 * statement over a whole team once ran past the statement timeout in a team with a million reminders, and
 * its cancellation meant that team got no notice at any tick; a slice stays short however big the team, and
 * a failure keeps the slices claimed before it (the next tick claims the rest).
 */
export async function claimInSlices(
  db: Db,
  teamId: number,
  due: RawBuilder<boolean>,
  claim: (trx: Trx, slice: RawBuilder<boolean>) => Promise<number>,
  size = CLAIM_SLICE,
): Promise<number> {
  const open = sql<boolean>`r.team_id = ${teamId} and r.read_at is null and ${due}`;
  let claimed = 0;
  let after: { due_date: string; id: number } | undefined;
  for (;;) {
    const from = after
      ? sql<boolean>`${open} and (r.due_date, r.id) > (${after.due_date}, ${after.id})`
      : open;
    const last = (
      await sql<{ due_date: string; id: number }>`select r.due_date, r.id from reminders r
        where ${from} order by r.due_date, r.id limit 1 offset ${size - 1}`.execute(db)
    ).rows[0];
    const slice = last
      ? sql<boolean>`${from} and (r.due_date, r.id) <= (${last.due_date}, ${last.id})`
      : from;
    claimed += await writeTransaction(db, (trx) => claim(trx, slice));
    if (!last) return claimed;
    after = last;
  }
}

/**
 * The scan (hourly, and idempotent): every unread, unsnoozed reminder whose due date has come within
 * one of its team's lead times gets one notice for the nearest lead time reached — claimed by INSERT …
 * SELECT whose primary key (reminder, lead time, due date) makes a second instance's identical claim a
 * no-op, so each notice exists exactly once. Deadlines within a week are delivered in the claiming
 * transaction; the rest wait for the recipients' daily digest (digest.ts).
 */
export async function scanReminders(deps: Deps, today?: string): Promise<number> {
  const teams = await deps.db
    .selectFrom('reminders')
    .select('team_id')
    .distinct()
    .where('read_at', 'is', null)
    .execute();
  let claimed = 0;
  for (const { team_id: teamId } of teams)
    claimed += await claimTeamNotices(deps, teamId, today ?? (await teamToday(deps.db, teamId)));
  if (claimed) {
    deps.mail.kick();
    deps.push.kick();
  }
  return claimed;
}

export async function claimTeamNotices(
  deps: Deps,
  teamId: number,
  today: string,
  sliceSize = CLAIM_SLICE,
): Promise<number> {
  const leads = [...(await leadDaysOf(deps.db, teamId))].sort((a, b) => a - b);
  // The nearest lead time a due date has reached. Lead times are integers we parsed, so literals are safe
  // (and keep PostgreSQL from typing a parameter inside CASE as text).
  const nearestLead = sql<number>`case ${sql.join(
    leads.map((lead) => sql`when r.due_date <= ${addDaysIso(today, lead)} then ${sql.lit(lead)}`),
    sql` `,
  )} end`;
  const now = nowIso();
  const due = sql<boolean>`r.due_date >= ${today} and r.due_date <= ${addDaysIso(today, leads.at(-1)!)}`;
  return claimInSlices(
    deps.db,
    teamId,
    due,
    async (trx, slice) => {
      const notices = (
        await sql<{
          reminder_id: number;
          due_date: string;
        }>`insert into reminder_notices (reminder_id, lead_days, due_date, sent_at)
          select r.id, ${nearestLead}, r.due_date, ${now} from reminders r
          where ${slice}
            and (r.snoozed_until is null or r.snoozed_until <= ${today})
            and not exists (select 1 from reminder_notices n where n.reminder_id = r.id and n.due_date = r.due_date and n.lead_days <= ${nearestLead})
          on conflict do nothing
          returning reminder_id, due_date`.execute(trx)
      ).rows;
      const immediate = notices
        .filter((n) => String(n.due_date) <= addDaysIso(today, IMMEDIATE_DAYS))
        .map((n) => Number(n.reminder_id));
      await deliverImmediately(trx, deps, teamId, immediate, today, now);
      return notices.length;
    },
    sliceSize,
  );
}

async function deliverImmediately(
  trx: Executor,
  deps: Deps,
  teamId: number,
  reminderIds: number[],
  today: string,
  now: string,
) {
  if (!reminderIds.length) return;
  const team = await trx
    .selectFrom('teams')
    .select('name')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  for (const ids of chunked(reminderIds))
    await trx
      .updateTable('reminder_notices')
      .set({ digested_at: now })
      .where('reminder_id', 'in', ids)
      .where('digested_at', 'is', null)
      .execute();
  const targets = await noticeTargets(trx, teamId, reminderIds, today);
  await deliverNotices(trx, noticeEach(team.name, targets), deps.config.APP_URL);
}
