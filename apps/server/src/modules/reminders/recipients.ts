import { sql } from 'kysely';
import type { Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import { teamScope } from '../../platform/policy';
import type { NoticeTarget, Recipient } from './channels';
import { reminderInScope } from './scope';
import { subjectNames } from './subjects';

export type NoticeSubject = { id: number; subject_type: string | null; subject_id: number | null };

/** IN lists stay well under either database's parameter limit. */
export function chunked<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Reminders read per statement when notices are addressed. Each chunk also reads the team's managers, admins and
 * mutes once: at 500 a 200,000-reminder escalation made 400 rounds of five statements.
 */
const NOTICE_CHUNK = 2_000;

const muteKey = (userId: number, type: string, id: number) => `${userId}:${type}:${id}`;

/**
 * Who hears about each reminder: its assignees who are still members of the team, or else the team's
 * managers and admins; minus anyone who muted the reminder or the record it is about.
 */
export async function recipientsFor(
  db: Executor,
  teamId: number,
  reminders: NoticeSubject[],
  options: { escalate?: boolean } = {},
): Promise<Map<number, Recipient[]>> {
  const assigned = new Map<number, Recipient[]>();
  for (const ids of chunked(
    reminders.map((r) => r.id),
    NOTICE_CHUNK,
  )) {
    const rows = await db
      .selectFrom('reminder_assignees')
      .innerJoin('users', 'users.id', 'reminder_assignees.user_id')
      .innerJoin('team_user', (join) =>
        join.onRef('team_user.user_id', '=', 'users.id').on('team_user.team_id', '=', teamId),
      )
      .select(['reminder_assignees.reminder_id', 'users.id', 'users.email', 'users.name'])
      .where('reminder_assignees.reminder_id', 'in', ids)
      .where('team_user.company_ids', 'is', null)
      .execute();
    for (const row of rows)
      assigned.set(row.reminder_id, [
        ...(assigned.get(row.reminder_id) ?? []),
        { id: row.id, email: row.email, name: row.name },
      ]);
  }
  const managers = await db
    .selectFrom('team_user')
    .innerJoin('users', 'users.id', 'team_user.user_id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('team_user.team_id', '=', teamId)
    .where(sql<boolean>`team_user.role in ('manager', 'admin')`)
    .where('team_user.company_ids', 'is', null)
    .orderBy('users.id')
    .execute();
  // A missed deadline also goes up: to the team's admins and its owner, whoever else hears about it.
  const escalation = options.escalate
    ? await db
        .selectFrom('team_user')
        .innerJoin('users', 'users.id', 'team_user.user_id')
        .innerJoin('teams', 'teams.id', 'team_user.team_id')
        .select(['users.id', 'users.email', 'users.name'])
        .where('team_user.team_id', '=', teamId)
        .where((eb) =>
          eb.or([eb('team_user.role', '=', 'admin'), eb('teams.owner_id', '=', eb.ref('users.id'))]),
        )
        .orderBy('users.id')
        .execute()
    : [];
  const mutes = new Set(
    (
      await db
        .selectFrom('notification_mutes')
        .select(['user_id', 'subject_type', 'subject_id'])
        .where('team_id', '=', teamId)
        .execute()
    ).map((m) => muteKey(m.user_id, m.subject_type, m.subject_id)),
  );
  const result = new Map<number, Recipient[]>();
  for (const reminder of reminders) {
    const first = assigned.get(reminder.id) ?? managers;
    const people = [...first, ...escalation.filter((person) => !first.some((p) => p.id === person.id))];
    result.set(
      reminder.id,
      people.filter(
        (person) =>
          !mutes.has(muteKey(person.id, 'reminder', reminder.id)) &&
          !(
            reminder.subject_type &&
            reminder.subject_id !== null &&
            mutes.has(muteKey(person.id, reminder.subject_type, reminder.subject_id))
          ),
      ),
    );
  }
  return result;
}

/**
 * The franchisor's follow-ups of a franchisee (a missing sales report, an unpaid invoice): about their records, so
 * listed to them, but the franchisor's to chase in their own words; never a notice to the franchisee.
 */
export const FOLLOW_UP_SOURCES = ['sales_report', 'invoice_payment'] as const;

/**
 * The managers limited to companies (a franchisee's people) who hear about each of `ids`: those whose companies
 * the reminder is about (scope.ts, the rule of their Reminders page), for any reminder but the franchisor's
 * follow-ups. Whoever the franchisor assigned, a franchisee's manager hears of their own dates; they never hear of
 * another franchisee's, and never of an escalation (the caller does not ask). Observers read, like the team's.
 */
async function limitedRecipientsFor(
  db: Executor,
  teamId: number,
  ids: number[],
): Promise<Map<number, Recipient[]>> {
  const result = new Map<number, Recipient[]>();
  if (!ids.length) return result;
  const members = await db
    .selectFrom('team_user')
    .innerJoin('users', 'users.id', 'team_user.user_id')
    .select(['users.id', 'users.email', 'users.name', 'team_user.company_ids'])
    .where('team_user.team_id', '=', teamId)
    .where('team_user.role', '=', 'manager')
    .where('team_user.company_ids', 'is not', null)
    .orderBy('users.id')
    .execute();
  // One statement per franchisee (a distinct set of companies), not per person.
  const byScope = new Map<string, { companyIds: number[]; people: Recipient[] }>();
  for (const { company_ids: companies, ...person } of members) {
    const companyIds = JSON.parse(companies!) as number[];
    const key = companyIds.join(',');
    const entry = byScope.get(key) ?? { companyIds, people: [] };
    entry.people.push(person);
    byScope.set(key, entry);
  }
  for (const { companyIds, people } of byScope.values()) {
    const theirs = await db
      .selectFrom('reminders')
      .select('id')
      .where(reminderInScope(db, { teamId, companyIds }, { byId: true }))
      .where('id', 'in', ids)
      .where('source', 'not in', [...FOLLOW_UP_SOURCES])
      .execute();
    for (const { id } of theirs) result.set(id, [...(result.get(id) ?? []), ...people]);
  }
  return result;
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The reminders among `ids` still worth a notice on `today` (unread, not past — or, for an escalation,
 * past —, not snoozed; a claim checked the same, but a digest runs later) as notice items with their
 * recipients, soonest first.
 */
export async function noticeTargets(
  db: Executor,
  teamId: number,
  ids: number[],
  today: string,
  options: { overdue?: boolean } = {},
): Promise<NoticeTarget[]> {
  const targets: NoticeTarget[] = [];
  for (const chunk of chunked(ids, NOTICE_CHUNK)) {
    // By primary key, the team in its by-id form (see subjects.ts for why not `team_id = ? and id in …`).
    const reminders = await db
      .selectFrom('reminders')
      .select(['id', 'title', 'due_date', 'subject_type', 'subject_id'])
      .where((eb) => whereInScope(eb, teamScope(teamId), 'reminders', { byId: true }))
      .where('id', 'in', chunk)
      .where('read_at', 'is', null)
      .where('due_date', options.overdue ? '<' : '>=', today)
      .where(sql<boolean>`(snoozed_until is null or snoozed_until <= ${today})`)
      .execute();
    const names = await subjectNames(teamScope(teamId), db, reminders);
    const recipients = await recipientsFor(db, teamId, reminders, { escalate: options.overdue });
    // An escalation goes up the franchisor's team: a franchisee's people are never among those it goes to.
    const limited = options.overdue
      ? new Map<number, Recipient[]>()
      : await limitedRecipientsFor(
          db,
          teamId,
          reminders.map((r) => r.id),
        );
    for (const reminder of reminders) {
      const dueDate = String(reminder.due_date);
      targets.push({
        item: {
          reminderId: reminder.id,
          title: reminder.title,
          dueDate,
          daysLeft: daysBetween(today, dueDate),
          subjectName: names.get(`${reminder.subject_type}:${reminder.subject_id}`) ?? null,
        },
        recipients: [...(recipients.get(reminder.id) ?? []), ...(limited.get(reminder.id) ?? [])],
      });
    }
  }
  return targets.sort(
    (a, b) => a.item.dueDate.localeCompare(b.item.dueDate) || a.item.reminderId - b.item.reminderId,
  );
}
