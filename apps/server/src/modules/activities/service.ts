import type { Activity, PaginationMeta, RecordActivity } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { insertActivities, insertActivity, pageActivities } from './repository';
import { nameReferences } from './references';

export type ActivityInput = {
  teamId: number | null;
  userId: number | null;
  subjectType: string;
  subjectId: string | number | null;
  action: string;
  /** Changed fields as `{ field: [old, new] }`, or any small JSON detail of the event. */
  changes?: Record<string, unknown> | null;
  ip?: string | null;
};

const activityRow = (input: ActivityInput, now: string) => ({
  team_id: input.teamId,
  user_id: input.userId,
  subject_type: input.subjectType,
  subject_id: input.subjectId === null ? null : String(input.subjectId),
  action: input.action,
  changes: input.changes ? JSON.stringify(input.changes) : null,
  ip: input.ip ?? null,
  created_at: now,
});

/** Writes the audit row; callers pass their open transaction so the row commits with the change. */
export async function recordActivity(trx: Executor, input: ActivityInput) {
  await insertActivity(trx, activityRow(input, nowIso()));
}

/** Audit rows of many changes made together, in the caller's transaction. */
export async function recordActivities(trx: Executor, inputs: ActivityInput[]) {
  const now = nowIso();
  await insertActivities(
    trx,
    inputs.map((input) => activityRow(input, now)),
  );
}

/** `{ field: [old, new] }` for the fields whose value differs. */
export function diff<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changes[key] = [before[key], value];
  }
  return changes;
}

const ACTIVITY_FILTERS = {
  user_id: { type: 'ids' },
  subject_type: { type: 'text' },
  subject_id: { type: 'text' },
  action: { type: 'text' },
  from: { type: 'text' },
  to: { type: 'text' },
} as const;

/**
 * The audit log (admins), or one record's history (`scope`, any member who can see the record).
 * `from` / `to` are dates or instants; `to` as a date includes that whole day.
 */
export async function listActivities(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
  scope?: { subjectType: string; subjectId: number },
): Promise<{ data: Activity[]; meta: PaginationMeta }> {
  if (!scope) authorize(hasRole(actor, 'admin'));
  const query = parseListQuery(raw, {
    sorts: ['created_at'],
    defaultSort: 'created_at',
    filters: ACTIVITY_FILTERS,
  });
  const f = query.filters;
  const day = (value: string | number | undefined, endOfDay: boolean) => {
    if (value === undefined) return undefined;
    const text = String(value);
    if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(text))) return undefined;
    return text.length === 10
      ? new Date(Date.parse(text) + (endOfDay ? 86_400_000 : 0)).toISOString()
      : new Date(text).toISOString();
  };
  const { rows, total } = await pageActivities(
    deps.db,
    actor.teamId,
    {
      userIds: f.user_id as number[] | undefined,
      subjectTypes: scope ? [scope.subjectType] : (f.subject_type as string[] | undefined),
      subjectId: scope ? String(scope.subjectId) : (f.subject_id?.[0] as string | undefined),
      actions: f.action as string[] | undefined,
      from: day(f.from?.[0], false),
      to: day(f.to?.[0], true),
    },
    query.page,
    query.perPage,
  );
  return {
    data: await nameReferences(
      deps.db,
      actor.teamId,
      rows.map((row) => ({
        id: row.id,
        user: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? 'Deleted user' },
        subject_type: row.subject_type,
        subject_id: row.subject_id,
        action: row.action,
        changes: row.changes ? (JSON.parse(row.changes) as Record<string, unknown>) : null,
        ip: row.ip,
        created_at: row.created_at,
      })),
    ),
    meta: paginationMeta(query.page, query.perPage, total),
  };
}

/** One record's history, for any member who can see the record: members' IP addresses stay in the admins' audit log. */
export async function listRecordActivities(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
  scope: { subjectType: string; subjectId: number },
): Promise<{ data: RecordActivity[]; meta: PaginationMeta }> {
  const { data, meta } = await listActivities(deps, actor, raw, scope);
  return { data: data.map(({ ip: _ip, ...entry }) => entry), meta };
}
