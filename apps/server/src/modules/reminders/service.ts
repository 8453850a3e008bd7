import { sql, type Expression, type SqlBool } from 'kysely';
import type { Comment, PaginationMeta, Reminder } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import { nowIso } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery } from '../../platform/list';
import {
  bumpTeamWriteVersion,
  cachedAtVersion,
  keptAtVersion,
  keptVersionAndToday,
  cachedForTeam,
  teamVersionAndToday,
} from '../../platform/team-cache';
import { authorize, hasRole, teamScope, type Actor, type TeamScope } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { daysBefore } from '../leases/index';
import { teamToday } from '../teams/index';
import { leadDaysOf } from './sync';
import { subjectNames } from './subjects';
import { mutedKeys, SUBJECT_TABLES } from './mutes';
import { recipientsFor } from './recipients';
import { pushToUsers } from '../devices/index';
import { REMINDER_CHANGE_REFUSED, reminderPolicy } from './policy';
import { reminderInScope } from './scope';

/** Reminders a user sees now: visible (within the lead window, or manual), not snoozed. */
function visibleNow(today: string): Expression<SqlBool> {
  return sql<SqlBool>`visible_from <= ${today} and (snoozed_until is null or snoozed_until <= ${today})`;
}

/**
 * PRODUCT-SPEC §3 `notifications`: the unread reminders the user sees in the current team; for a member limited
 * to companies, those of their records (scope.ts), the same ones the Reminders page lists them.
 */
export async function unreadCount(db: Executor, scope: TeamScope): Promise<number> {
  // Read on every signed-in page load (the badge); a big team has 100k+ unread rows to count. The version
  // and the team's date come in one statement.
  const { version, today } = await teamVersionAndToday(db, scope.teamId);
  return cachedAtVersion(db, version, unreadKey(scope, today), async () => {
    const row = await db
      .selectFrom('reminders')
      .select(sql<number>`count(*)`.as('n'))
      .where(reminderInScope(db, scope))
      .where('read_at', 'is', null)
      .where(visibleNow(today))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/** The unread count when this process keeps it for the team's current version and date (nothing awaited). */
export function keptUnreadCount(db: Executor, scope: TeamScope): number | undefined {
  const state = keptVersionAndToday(db, scope.teamId);
  return state && keptAtVersion<number>(db, state.version, unreadKey(scope, state.today));
}

const unreadKey = (scope: TeamScope, today: string) =>
  `${scope.teamId}\u0000reminders:unread:${scope.companyIds === null ? 'team' : scope.companyIds.join(',')}:${today}`;

/**
 * The unread count of each member of the team limited to companies, for the realtime stream: they do not hear
 * the team's channel (its count is the whole team's), so each hears their own on `user.<id>`. One count per
 * distinct set of companies (a franchisee's several people share it).
 */
export async function limitedMembersUnread(
  db: Executor,
  teamId: number,
): Promise<Array<{ userId: number; count: number }>> {
  const members = await db
    .selectFrom('team_user')
    .select(['user_id', 'company_ids'])
    .where('team_id', '=', teamId)
    .where('company_ids', 'is not', null)
    .orderBy('user_id')
    .execute();
  const counts = new Map<string, number>();
  const result: Array<{ userId: number; count: number }> = [];
  for (const member of members) {
    const companyIds = JSON.parse(member.company_ids!) as number[];
    const key = companyIds.join(',');
    let count = counts.get(key);
    if (count === undefined) counts.set(key, (count = await unreadCount(db, { teamId, companyIds })));
    result.push({ userId: member.user_id, count });
  }
  return result;
}

/** `knownToday`: the team's date when the caller already read it (a list page), so it is not asked for twice. */
async function present(db: Executor, actor: Actor, ids: number[], knownToday?: string): Promise<Reminder[]> {
  if (!ids.length) return [];
  const today = knownToday ?? (await teamToday(db, actor.teamId));
  // By primary key, the team in its by-id form: with `team_id = ? and id in (…)` SQLite walks a team index
  // over every reminder of the team (a million rows, 200 ms) instead of 25 look-ups.
  // Independent reads go out together: on PostgreSQL each is a round trip of its own.
  // The ids come from statements narrowed to the actor's scope; a member limited to companies never sees who
  // of the team is assigned (nor mutes: those routes refuse them).
  const limited = actor.scope.companyIds !== null;
  const team = teamScope(actor.teamId);
  const [rows, assignees, muted] = await Promise.all([
    db
      .selectFrom('reminders')
      .selectAll()
      .where((eb) => whereInScope(eb, team, 'reminders', { byId: true }))
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('reminder_assignees')
      .innerJoin('users', 'users.id', 'reminder_assignees.user_id')
      .select(['reminder_assignees.reminder_id', 'users.id', 'users.name'])
      .where('reminder_assignees.reminder_id', 'in', ids)
      .$if(limited, (q) => q.where(sql<SqlBool>`false`))
      .execute(),
    limited ? new Set<string>() : mutedKeys(db, actor),
  ]);
  const names = await subjectNames(team, db, rows);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const canChange = reminderPolicy.change(actor);
    const canClose = reminderPolicy.close(actor, r);
    return [
      {
        id: r.id,
        title: r.title,
        note: r.note,
        source: r.source as Reminder['source'],
        subject:
          r.subject_type && r.subject_id !== null
            ? {
                type: r.subject_type as NonNullable<Reminder['subject']>['type'],
                id: r.subject_id,
                name: names.get(`${r.subject_type}:${r.subject_id}`) ?? '',
              }
            : null,
        due_date: r.due_date,
        read_at: r.read_at,
        overdue: r.read_at === null && r.due_date < today,
        closed_reason: (r.closed_reason as Reminder['closed_reason']) ?? null,
        snoozed_until: r.snoozed_until,
        comments_count: Number(r.comments_count),
        muted:
          muted.has(`reminder:${r.id}`) ||
          (r.subject_type !== null && muted.has(`${r.subject_type}:${r.subject_id}`)),
        assignees: assignees.filter((a) => a.reminder_id === id).map((a) => ({ id: a.id, name: a.name })),
        created_at: r.created_at,
        abilities: {
          update: canChange,
          complete: canClose,
          snooze: canClose,
          delete: reminderPolicy.delete(actor, r),
          comment: canChange,
          mute: !limited,
        },
      },
    ];
  });
}

export async function listReminders(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<{ data: Reminder[]; meta: PaginationMeta }> {
  const query = parseListQuery(raw, {
    sorts: ['due_date', 'created_at'],
    defaultSort: 'due_date',
    filters: {
      status: { type: 'enum', values: ['incomplete', 'completed'] },
      // Overdue: open with its date passed (the team's today); upcoming: open and not yet due.
      state: { type: 'enum', values: ['overdue', 'upcoming'] },
      subject_type: { type: 'text' },
      subject_id: { type: 'ids' },
      assignee_id: { type: 'ids' },
      source: { type: 'text' },
      // A store's or brand's reminders: about it, its stores, their leases and the agreements that cover them.
      store_id: { type: 'ids' },
      brand_id: { type: 'ids' },
    },
  });
  const f = query.filters;
  let base = deps.db.selectFrom('reminders').where(reminderInScope(deps.db, actor.scope));
  // A record's own reminders tab shows all of them; the inbox shows those due into view.
  const today = await teamToday(deps.db, actor.teamId);
  if (!f.subject_id) base = base.where(visibleNow(today));
  const status = f.status?.length === 1 ? f.status[0] : undefined;
  if (status === 'incomplete') base = base.where('read_at', 'is', null);
  if (status === 'completed') base = base.where('read_at', 'is not', null);
  const state = f.state?.length === 1 ? f.state[0] : undefined;
  if (state === 'overdue') base = base.where('read_at', 'is', null).where('due_date', '<', today);
  if (state === 'upcoming') base = base.where('read_at', 'is', null).where('due_date', '>=', today);
  if (f.subject_type) base = base.where('subject_type', 'in', f.subject_type.map(String));
  if (f.subject_id) base = base.where('subject_id', 'in', f.subject_id.map(Number));
  if (f.source) base = base.where('source', 'in', f.source.map(String));
  if (f.assignee_id)
    base = base.where('id', 'in', (qb) =>
      qb
        .selectFrom('reminder_assignees')
        .select('reminder_id')
        .where('user_id', 'in', f.assignee_id!.map(Number)),
    );
  const team = actor.teamId;
  if (f.store_id || f.brand_id) {
    const brands = f.brand_id?.map(Number) ?? [];
    const storesOf = (qb: typeof deps.db) =>
      f.store_id
        ? qb
            .selectFrom('stores')
            .select('id')
            .where('team_id', '=', team)
            .where('id', 'in', f.store_id.map(Number))
        : qb.selectFrom('stores').select('id').where('team_id', '=', team).where('brand_id', 'in', brands);
    base = base.where((eb) =>
      eb.or([
        eb.and([eb('subject_type', '=', 'store'), eb('subject_id', 'in', storesOf(deps.db))]),
        eb.and([
          eb('subject_type', '=', 'lease'),
          eb(
            'subject_id',
            'in',
            deps.db
              .selectFrom('leases')
              .select('id')
              .where('team_id', '=', team)
              .where('store_id', 'in', storesOf(deps.db)),
          ),
        ]),
        eb.and([
          eb('subject_type', '=', 'agreement'),
          eb(
            'subject_id',
            'in',
            deps.db
              .selectFrom('agreement_stores')
              .select('agreement_id')
              .where('team_id', '=', team)
              .where('store_id', 'in', storesOf(deps.db)),
          ),
        ]),
        ...(brands.length && !f.store_id
          ? [eb.and([eb('subject_type', '=', 'brand'), eb('subject_id', 'in', brands)])]
          : []),
      ]),
    );
  }
  const count = base.select(sql<number>`count(*)`.as('total'));
  const compiled = count.compile();
  const page = base
    .select('id')
    .orderBy(query.sort as 'due_date', query.direction)
    .orderBy('id', query.direction)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const pageSql = page.compile();
  // The inbox is read far more often than reminders change, and a page is 6–8 queries (rows, assignees,
  // subject names, mutes…). The presented page is kept per user and role (muted flags and abilities are
  // theirs) until the team writes: every reminder, comment, mute and record write bumps the version.
  return cachedForTeam(
    deps.db,
    actor.teamId,
    `reminders:page:${actor.user.id}:${actor.role}:${pageSql.sql}:${JSON.stringify(pageSql.parameters)}`,
    async () => {
      const [rows, total] = await Promise.all([
        page.execute(),
        cachedForTeam(
          deps.db,
          actor.teamId,
          `reminders:total:${compiled.sql}:${JSON.stringify(compiled.parameters)}`,
          async () => Number((await count.executeTakeFirstOrThrow()).total),
        ),
      ]);
      return {
        data: await present(
          deps.db,
          actor,
          rows.map((r) => r.id),
          today,
        ),
        meta: paginationMeta(query.page, query.perPage, total),
      };
    },
  );
}

/** The inbox's tabs: open reminders overdue and upcoming, and completed ones, as the user sees them now. */
export async function reminderCounts(
  deps: Deps,
  actor: Actor,
): Promise<{ overdue: number; upcoming: number; completed: number }> {
  const today = await teamToday(deps.db, actor.teamId);
  const scopeKey = actor.scope.companyIds === null ? 'team' : actor.scope.companyIds.join(',');
  return cachedForTeam(deps.db, actor.teamId, `reminders:counts:${scopeKey}:${today}`, async () => {
    const row = await deps.db
      .selectFrom('reminders')
      .select([
        sql<number>`sum(case when read_at is null and due_date < ${today} then 1 else 0 end)`.as('overdue'),
        sql<number>`sum(case when read_at is null and due_date >= ${today} then 1 else 0 end)`.as('upcoming'),
        sql<number>`sum(case when read_at is not null then 1 else 0 end)`.as('completed'),
      ])
      .where(reminderInScope(deps.db, actor.scope))
      .where(visibleNow(today))
      .executeTakeFirstOrThrow();
    return {
      overdue: Number(row.overdue ?? 0),
      upcoming: Number(row.upcoming ?? 0),
      completed: Number(row.completed ?? 0),
    };
  });
}

/** A reminder `scope` sees, or 404: one about another franchisee's records does not exist for them. */
async function findReminder(db: Executor, scope: TeamScope, id: number) {
  const reminder = await db
    .selectFrom('reminders')
    .selectAll()
    .where(reminderInScope(db, scope))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!reminder) throw notFound('Reminder');
  return reminder;
}

async function checkAssignees(db: Executor, teamId: number, ids: number[]) {
  if (!ids.length) return;
  const members = await db
    .selectFrom('team_user')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', 'in', ids)
    // A member limited to companies is never assigned: the reminder may concern any of the team's records.
    .where('company_ids', 'is', null)
    .execute();
  if (members.length !== new Set(ids).size)
    throw invalid('assignee_ids', 'The selected assignee is invalid.');
}

/**
 * A reminder's subject: a live record of the caller's team. It is a reference in a body, so anything else is
 * the same 422 as an unknown one (never a 404 that would tell another team's ids from missing ones).
 */
async function checkSubject(db: Executor, teamId: number, type: string | null, id: number | null) {
  if ((type === null) !== (id === null))
    throw invalid('subject_id', 'The subject type and subject must be given together.');
  if (type === null || id === null) return;
  const table = SUBJECT_TABLES[type as keyof typeof SUBJECT_TABLES];
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!found) throw invalid('subject_id', 'The selected subject is invalid.');
}

export async function getReminder(deps: Deps, actor: Actor, id: number) {
  await findReminder(deps.db, actor.scope, id);
  return (await present(deps.db, actor, [id]))[0]!;
}

export async function createReminder(
  deps: Deps,
  actor: Actor,
  input: {
    title: string;
    note: string | null;
    due_date: string;
    subject_type: string | null;
    subject_id: number | null;
    assignee_ids: number[];
  },
) {
  authorize(reminderPolicy.change(actor), REMINDER_CHANGE_REFUSED);
  await checkAssignees(deps.db, actor.teamId, input.assignee_ids);
  const id = await writeTransaction(deps.db, async (trx) => {
    // In the transaction: a record deleted meanwhile is not taken as the subject.
    await checkSubject(trx, actor.teamId, input.subject_type, input.subject_id);
    const now = nowIso();
    const lead = Math.max(...(await leadDaysOf(trx, actor.teamId)));
    const today = await teamToday(trx, actor.teamId);
    const visibleFrom = [today, daysBefore(input.due_date, lead)].sort()[0]!;
    const row = await trx
      .insertInto('reminders')
      .values({
        team_id: actor.teamId,
        subject_type: input.subject_type,
        subject_id: input.subject_id,
        source: 'manual',
        title: input.title,
        note: input.note,
        due_date: input.due_date,
        visible_from: visibleFrom,
        created_by: actor.user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.assignee_ids.length)
      await trx
        .insertInto('reminder_assignees')
        .values([...new Set(input.assignee_ids)].map((user_id) => ({ reminder_id: row.id, user_id })))
        .execute();
    await pushAssigned(
      trx,
      actor,
      { id: row.id, title: input.title, due_date: input.due_date },
      input.assignee_ids,
    );
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'reminder',
      subjectId: row.id,
      action: 'created',
      changes: { title: [null, input.title], due_date: [null, input.due_date] },
      ip: actor.ip,
    });
    return row.id;
  });
  if (input.assignee_ids.length) deps.push.kick();
  return getReminder(deps, actor, id);
}

/** A push to each newly assigned person (not the one assigning); the click opens the reminder. */
async function pushAssigned(
  trx: Executor,
  actor: Actor,
  reminder: { id: number; title: string; due_date: string },
  userIds: number[],
) {
  const to = userIds.filter((userId) => userId !== actor.user.id);
  if (!to.length) return;
  await pushToUsers(trx, to, {
    title: `Assigned to you: ${reminder.title}`,
    body: `${actor.user.name} assigned you a reminder due on ${reminder.due_date}.`,
    url: `/reminders/${reminder.id}/comments`,
    tag: `reminder-${reminder.id}`,
  });
}

export async function updateReminder(
  deps: Deps,
  actor: Actor,
  id: number,
  patch: {
    read?: boolean;
    snoozed_until?: string | null;
    title?: string;
    note?: string | null;
    due_date?: string;
    assignee_ids?: number[];
  },
) {
  const reminder = await findReminder(deps.db, actor.scope, id);
  // Completing, reopening and snoozing change what the whole team sees: managers' work. Editing, dating and
  // assigning are also the franchisor's, never a franchisee's member's.
  const closesOnly = Object.entries(patch).every(
    ([key, value]) => value === undefined || key === 'read' || key === 'snoozed_until',
  );
  authorize(
    closesOnly ? reminderPolicy.close(actor, reminder) : reminderPolicy.change(actor),
    REMINDER_CHANGE_REFUSED,
  );
  if ((patch.title !== undefined || patch.due_date !== undefined) && reminder.source !== 'manual') {
    throw new AppError(
      'validation',
      'Generated reminders follow their record’s dates; change the record instead.',
      { due_date: ['Generated reminders follow their record’s dates; change the record instead.'] },
    );
  }
  if (patch.assignee_ids) await checkAssignees(deps.db, actor.teamId, patch.assignee_ids);
  await writeTransaction(deps.db, async (trx) => {
    const set: Record<string, unknown> = { updated_at: nowIso() };
    if (patch.read !== undefined) set.read_at = patch.read ? (reminder.read_at ?? nowIso()) : null;
    if (patch.snoozed_until !== undefined) set.snoozed_until = patch.snoozed_until;
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.note !== undefined) set.note = patch.note;
    if (patch.due_date !== undefined) set.due_date = patch.due_date;
    await trx
      .updateTable('reminders')
      .set(set)
      .where('id', '=', id)
      .where('team_id', '=', actor.teamId)
      .execute();
    if (patch.assignee_ids) {
      const before = (
        await trx.selectFrom('reminder_assignees').select('user_id').where('reminder_id', '=', id).execute()
      ).map((a) => a.user_id);
      const added = patch.assignee_ids.filter((userId) => !before.includes(userId));
      await pushAssigned(
        trx,
        actor,
        { id, title: patch.title ?? reminder.title, due_date: patch.due_date ?? String(reminder.due_date) },
        added,
      );
      await trx.deleteFrom('reminder_assignees').where('reminder_id', '=', id).execute();
      if (patch.assignee_ids.length)
        await trx
          .insertInto('reminder_assignees')
          .values([...new Set(patch.assignee_ids)].map((user_id) => ({ reminder_id: id, user_id })))
          .execute();
    }
    await bumpTeamWriteVersion(trx, actor.teamId);
    const action = patch.read === true ? 'completed' : patch.read === false ? 'reopened' : 'updated';
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'reminder',
      subjectId: id,
      action,
      ip: actor.ip,
    });
  });
  if (patch.assignee_ids) deps.push.kick();
  return getReminder(deps, actor, id);
}

/**
 * One change to several reminders (the inbox's multi-select): all of them or none. Ids are a body reference:
 * one that is not the caller's team's reminder is a 422 naming it, never a change to another team's row.
 */
export async function bulkUpdateReminders(
  deps: Deps,
  actor: Actor,
  input: { ids: number[]; read?: boolean; snoozed_until?: string | null; assignee_ids?: number[] },
) {
  authorize(reminderPolicy.change(actor), REMINDER_CHANGE_REFUSED);
  const ids = [...new Set(input.ids)];
  if (input.assignee_ids) await checkAssignees(deps.db, actor.teamId, input.assignee_ids);
  const now = nowIso();
  await writeTransaction(deps.db, async (trx) => {
    const found = await trx
      .selectFrom('reminders')
      .select(['id', 'title', 'due_date', 'read_at'])
      .where('team_id', '=', actor.teamId)
      .where('id', 'in', ids)
      .execute();
    const missing = ids.filter((id) => !found.some((r) => r.id === id));
    if (missing.length) throw invalid('ids', `The selected reminders are invalid: ${missing.join(', ')}.`);
    const set: Record<string, unknown> = { updated_at: now };
    if (input.snoozed_until !== undefined) set.snoozed_until = input.snoozed_until;
    if (input.read === false) set.read_at = null;
    await trx
      .updateTable('reminders')
      .set(set)
      .where('team_id', '=', actor.teamId)
      .where('id', 'in', ids)
      .execute();
    // Completing keeps the time of those already completed.
    if (input.read === true)
      await trx
        .updateTable('reminders')
        .set({ read_at: now })
        .where('team_id', '=', actor.teamId)
        .where('id', 'in', ids)
        .where('read_at', 'is', null)
        .execute();
    if (input.assignee_ids) {
      await trx.deleteFrom('reminder_assignees').where('reminder_id', 'in', ids).execute();
      const people = [...new Set(input.assignee_ids)];
      if (people.length)
        await trx
          .insertInto('reminder_assignees')
          .values(ids.flatMap((reminder_id) => people.map((user_id) => ({ reminder_id, user_id }))))
          .execute();
      for (const reminder of found)
        await pushAssigned(
          trx,
          actor,
          { id: reminder.id, title: reminder.title, due_date: String(reminder.due_date) },
          people,
        );
    }
    await bumpTeamWriteVersion(trx, actor.teamId);
    const action = input.read === true ? 'completed' : input.read === false ? 'reopened' : 'updated';
    for (const id of ids)
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'reminder',
        subjectId: id,
        action,
        ip: actor.ip,
      });
  });
  if (input.assignee_ids) deps.push.kick();
  return { updated: ids.length };
}

export async function deleteReminder(deps: Deps, actor: Actor, id: number) {
  const reminder = await findReminder(deps.db, actor.scope, id);
  authorize(reminderPolicy.delete(actor, reminder), 'Only manual reminders can be deleted.');
  await writeTransaction(deps.db, async (trx) => {
    await trx.deleteFrom('reminders').where('team_id', '=', actor.teamId).where('id', '=', id).execute();
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'reminder',
      subjectId: id,
      action: 'deleted',
      changes: { title: [reminder.title, null] },
      ip: actor.ip,
    });
  });
}

function presentComment(
  row: { id: number; body: string; user_id: number | null; author: string | null; created_at: string },
  actor: Actor,
): Comment {
  const mine = row.user_id === actor.user.id;
  return {
    id: row.id,
    body: row.body,
    author: row.user_id === null ? null : { id: row.user_id, name: row.author ?? 'Deleted user' },
    created_at: row.created_at,
    abilities: { delete: mine || hasRole(actor, 'admin') },
  };
}

const commentQuery = (scope: TeamScope, db: Executor) =>
  db
    .selectFrom('reminder_comments')
    .leftJoin('users', 'users.id', 'reminder_comments.user_id')
    .select([
      'reminder_comments.id',
      'reminder_comments.body',
      'reminder_comments.user_id',
      'reminder_comments.created_at',
      'reminder_comments.reminder_id',
      'users.name as author',
    ])
    .where((eb) => whereInScope(eb, scope, 'reminder_comments'));

export async function listComments(
  deps: Deps,
  actor: Actor,
  reminderId: number,
  raw: Record<string, string | string[]>,
) {
  await findReminder(deps.db, actor.scope, reminderId);
  const query = parseListQuery(raw, { sorts: ['created_at'], defaultSort: 'created_at', filters: {} });
  const base = commentQuery(actor.scope, deps.db).where('reminder_comments.reminder_id', '=', reminderId);
  const [rows, count] = await Promise.all([
    base
      .orderBy('reminder_comments.id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    deps.db
      .selectFrom('reminder_comments')
      .select(sql<number>`count(*)`.as('n'))
      .where('team_id', '=', actor.teamId)
      .where('reminder_id', '=', reminderId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => presentComment(r, actor)),
    meta: paginationMeta(query.page, query.perPage, Number(count.n)),
  };
}

/** comments_count moves by exactly one with each comment, in the same transaction (spec §4). */
export async function addComment(
  deps: Deps,
  actor: Actor,
  reminderId: number,
  body: string,
): Promise<Comment> {
  const reminder = await findReminder(deps.db, actor.scope, reminderId);
  authorize(reminderPolicy.change(actor), REMINDER_CHANGE_REFUSED);
  let pushed = 0;
  const id = await writeTransaction(deps.db, async (trx) => {
    const row = await trx
      .insertInto('reminder_comments')
      .values({
        reminder_id: reminderId,
        team_id: actor.teamId,
        user_id: actor.user.id,
        body,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('reminders')
      .set({ comments_count: sql`comments_count + 1` })
      .where('team_id', '=', actor.teamId)
      .where('id', '=', reminderId)
      .execute();
    // The people a reminder's notices go to (assignees, else managers and admins, minus mutes) hear of comments, not the author.
    const people = ((await recipientsFor(trx, actor.teamId, [reminder])).get(reminderId) ?? [])
      .map((p) => p.id)
      .filter((userId) => userId !== actor.user.id);
    pushed = await pushToUsers(trx, people, {
      title: `${actor.user.name} commented on ${reminder.title}`,
      body: body.length > 140 ? `${body.slice(0, 139)}…` : body,
      url: `/reminders/${reminderId}/comments`,
      tag: `reminder-${reminderId}`,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
    return row.id;
  });
  if (pushed) deps.push.kick();
  return presentComment(
    await commentQuery(actor.scope, deps.db).where('reminder_comments.id', '=', id).executeTakeFirstOrThrow(),
    actor,
  );
}

export async function deleteComment(deps: Deps, actor: Actor, commentId: number) {
  const comment = await commentQuery(actor.scope, deps.db)
    .where('reminder_comments.id', '=', commentId)
    .executeTakeFirst();
  if (!comment) throw notFound('Comment');
  authorize(comment.user_id === actor.user.id || hasRole(actor, 'admin'));
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .deleteFrom('reminder_comments')
      .where('team_id', '=', actor.teamId)
      .where('id', '=', commentId)
      .execute();
    await trx
      .updateTable('reminders')
      .set({ comments_count: sql`case when comments_count > 0 then comments_count - 1 else 0 end` })
      .where('team_id', '=', actor.teamId)
      .where('id', '=', comment.reminder_id)
      .execute();
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
}
