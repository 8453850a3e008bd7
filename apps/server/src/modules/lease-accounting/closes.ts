import {
  fieldErrors,
  leaseAccountingCloseInputSchema,
  type LeaseAccountingClose,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { effectiveSchedules } from './effective';
import { schedulesChanged } from './refresh-job';
import * as repo from './repository';
import { validationError } from './service';

/** Leases read at once. */
const BATCH = 100;

export async function closesOf(deps: Deps, actor: Actor): Promise<LeaseAccountingClose[]> {
  return (await repo.closesOf(deps.db, actor.teamId)).map((row) => ({
    period: row.period,
    closed_by: row.closed_by === null ? null : Number(row.closed_by),
    closed_at: String(row.closed_at),
  }));
}

/**
 * An admin closes the books of a month: every lease's schedule rows up to and including that month are stored
 * as they are now and never change again; later changes to a lease or its profile flow into open months only.
 * Months close in order: a month at or before the last closed one is a 409.
 */
export async function closeMonth(deps: Deps, actor: Actor, body: unknown): Promise<LeaseAccountingClose[]> {
  authorize(hasRole(actor, 'admin'));
  const parsed = leaseAccountingCloseInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const { period } = parsed.data;
  const last = (await repo.closesOf(deps.db, actor.teamId))[0]?.period ?? null;
  if (last !== null && period <= last)
    throw new AppError('conflict', `The books are closed through ${last}: close a later month.`);

  const stored: Array<{ leaseId: number; rows: Array<{ month: number; period: string; row: string }> }> = [];
  // Leases whose open months are a remeasurement: closing more of them moves where it starts, so their
  // stored schedules are recomputed. Any other lease's schedule is the same closed or not.
  const remeasured: number[] = [];
  const ids = await repo.profiledLeaseIds(deps.db, actor.teamId);
  for (let start = 0; start < ids.length; start += BATCH)
    // A profile outlives its lease in the trash: there is nothing of it to close (it is left out here).
    for (const effective of await effectiveSchedules(deps, actor, ids.slice(start, start + BATCH))) {
      if (!effective.schedule) continue;
      const rows = effective.schedule.rows
        .slice(effective.closedMonths)
        .filter((row) => row.period_start.slice(0, 7) <= period)
        .map((row) => ({ month: row.month, period: row.period_start.slice(0, 7), row: JSON.stringify(row) }));
      stored.push({ leaseId: effective.lease.id, rows });
      if (effective.remeasuredFrom !== null) remeasured.push(effective.lease.id);
    }
  await writeTransaction(deps.db, async (trx) => {
    await repo.insertClose(trx, actor.teamId, period, actor.user.id, nowIso());
    for (const { leaseId, rows } of stored) await repo.insertClosedRows(trx, actor.teamId, leaseId, rows);
    for (let start = 0; start < remeasured.length; start += BATCH)
      await schedulesChanged(trx, actor.teamId, remeasured.slice(start, start + BATCH));
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'team',
      subjectId: actor.teamId,
      action: 'updated',
      changes: { lease_accounting_closed_through: [last, period] },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return closesOf(deps, actor);
}
