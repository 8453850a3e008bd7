import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { insertActivity } from './repository';

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

/** Writes the audit row; callers pass their open transaction so the row commits with the change. */
export async function recordActivity(trx: Executor, input: ActivityInput) {
  await insertActivity(trx, {
    team_id: input.teamId,
    user_id: input.userId,
    subject_type: input.subjectType,
    subject_id: input.subjectId === null ? null : String(input.subjectId),
    action: input.action,
    changes: input.changes ? JSON.stringify(input.changes) : null,
    ip: input.ip ?? null,
    created_at: nowIso(),
  });
}

/** `{ field: [old, new] }` for the fields whose value differs. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && before[key] !== value) changes[key] = [before[key], value];
  }
  return changes;
}
