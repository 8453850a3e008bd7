import ical from 'ical-generator';
import type { CalendarFeed } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/crypto';
import { notFound } from '../../platform/errors';
import type { Actor, TeamScope } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { crossTeam, writeTransaction } from '../../platform/db';
import { reminderInScope } from './scope';

/**
 * Makes (or replaces) the user's secret feed for their current team; the old link stops working.
 *
 * Only the SHA-256 of the token is stored, like a password: the link is a bearer credential to the
 * team's critical dates that calendar apps send with every poll, and a leaked database dump or backup
 * must not hand out working links. So the full URL exists only in this answer; later the page can say
 * that a link is active (see `calendarFeedStatus`), and replacing it is how to see a link again.
 */
export async function rotateCalendarFeed(deps: Deps, actor: Actor): Promise<CalendarFeed> {
  const token = randomToken(24);
  const createdAt = nowIso();
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .deleteFrom('calendar_feeds')
      .where('user_id', '=', actor.user.id)
      .where('team_id', '=', actor.teamId)
      .execute();
    await trx
      .insertInto('calendar_feeds')
      .values({
        user_id: actor.user.id,
        team_id: actor.teamId,
        token_hash: sha256(token),
        created_at: createdAt,
      })
      .execute();
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'calendar_feed',
      subjectId: actor.user.id,
      action: 'created',
      ip: actor.ip,
    });
  });
  return { url: `${deps.config.APP_URL}/app/calendar/${token}.ics`, active: true, created_at: createdAt };
}

/** Whether the caller has a live link for the current team; the URL itself cannot be rebuilt from the hash. */
export async function calendarFeedStatus(deps: Deps, actor: Actor): Promise<CalendarFeed> {
  const feed = await deps.db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', actor.user.id)
    .where('team_id', '=', actor.teamId)
    .executeTakeFirst();
  return { url: null, active: Boolean(feed), created_at: feed?.created_at ?? null };
}

export async function revokeCalendarFeed(deps: Deps, actor: Actor) {
  const removed = await deps.db
    .deleteFrom('calendar_feeds')
    .where('user_id', '=', actor.user.id)
    .where('team_id', '=', actor.teamId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) {
    await recordActivity(deps.db, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'calendar_feed',
      subjectId: actor.user.id,
      action: 'deleted',
      ip: actor.ip,
    });
  }
}

/**
 * Every open critical date of the feed's team as an all-day event, for Outlook or Google Calendar; for a member
 * limited to companies, those of their records (scope.ts), read with the membership's companies at each poll, so
 * a changed limit narrows or widens the link at once.
 */
export async function calendarFeed(deps: Deps, token: string): Promise<string> {
  const feed = await crossTeam(deps.db, 'calendar feed: its secret token names the team')
    .selectFrom('calendar_feeds')
    .innerJoin('team_user', (join) =>
      join
        .onRef('team_user.team_id', '=', 'calendar_feeds.team_id')
        .onRef('team_user.user_id', '=', 'calendar_feeds.user_id'),
    )
    .innerJoin('teams', 'teams.id', 'calendar_feeds.team_id')
    .select(['calendar_feeds.team_id', 'teams.name', 'team_user.company_ids'])
    .where('calendar_feeds.token_hash', '=', sha256(token))
    .executeTakeFirst();
  // A revoked link or a user no longer in the team finds nothing.
  if (!feed) throw notFound('Calendar');
  const scope: TeamScope = {
    teamId: feed.team_id,
    companyIds: feed.company_ids === null ? null : (JSON.parse(feed.company_ids) as number[]),
  };
  const reminders = await deps.db
    .selectFrom('reminders')
    .select(['id', 'title', 'note', 'due_date'])
    .where(reminderInScope(deps.db, scope))
    .where('read_at', 'is', null)
    .orderBy('due_date')
    .limit(5000)
    .execute();
  const calendar = ical({
    name: `Storekeep — ${feed.name}`,
    prodId: { company: 'Storekeep', product: 'critical-dates' },
  });
  for (const reminder of reminders) {
    calendar.createEvent({
      id: `reminder-${reminder.id}@storekeep`,
      start: new Date(`${reminder.due_date}T00:00:00Z`),
      allDay: true,
      summary: reminder.title,
      description: reminder.note ?? undefined,
      url: `${deps.config.APP_URL}/reminders/${reminder.id}/comments`,
    });
  }
  return calendar.toString();
}
