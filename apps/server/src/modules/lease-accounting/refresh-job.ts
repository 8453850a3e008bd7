import { ACCOUNTING_READINGS } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { atEndOfTransaction, crossTeam, writeTransaction, type Executor } from '../../platform/db';
import { queueJob } from '../../platform/jobs';
import type { QueuedRow } from '../../platform/queue';
import * as repo from './repository';
import { refreshSchedules } from './stored';

/**
 * The background refresh of a team's stored schedules (decision 0038). New team rates or readings, an import
 * or the first start after the stored rows were added make thousands of schedules stale at once; computed
 * inside the month's journal request they took minutes (153 s for 20,000 leases). This job computes them in
 * batches that give the event loop a turn, so the journal finds them current.
 */
export const REFRESH_LEASE_SCHEDULES = 'refresh-lease-schedules';

/**
 * How long one job works before it queues a follow-up for the rest and ends: the jobs runner works one job at
 * a time, and text extraction or an import queued meanwhile would otherwise wait for a whole portfolio. Well
 * under the queue's five-minute claim, so no other instance takes a live job for a dead one.
 */
const JOB_BUDGET_MS = 20_000;

const queueRefresh = (db: Executor, teamId: number) =>
  queueJob(db, { kind: REFRESH_LEASE_SCHEDULES, teamId, payload: { teamId }, unlessWaiting: true });

/**
 * Asks for the team's refresh in the caller's transaction, once however many of its statements made schedules
 * stale (an import's batch changes a hundred leases), and not when one is already waiting to start.
 */
export async function queueScheduleRefresh(trx: Executor, teamId: number) {
  await atEndOfTransaction(trx, `lease-schedule-refresh:${String(teamId).padStart(12, '0')}`, async () => {
    await queueRefresh(trx, teamId);
  });
}

/**
 * For platform/lease-changes: a lease write makes the lease's stored schedule stale in its transaction, and
 * asks for the team's refresh when the lease has one (most leases have no accounting profile).
 */
export async function schedulesChanged(trx: Executor, teamId: number, leaseIds: number[]) {
  if ((await repo.invalidateSchedules(trx, teamId, leaseIds)) > 0) await queueScheduleRefresh(trx, teamId);
}

/**
 * For platform/team-defaults: a change of the team's default readings makes the stored schedules of the leases
 * that leave one of the changed readings to the team stale, in the settings' transaction, and asks for the
 * refresh; leases with their own reading of each are left alone.
 */
export async function schedulesFollowTeamDefaults(trx: Executor, teamId: number, settings: string[]) {
  const readings = ACCOUNTING_READINGS.filter((reading) => settings.includes(`accounting_${reading}`));
  if ((await repo.invalidateFollowingTeam(trx, teamId, readings)) > 0)
    await queueScheduleRefresh(trx, teamId);
}

/**
 * The job: the team's stale schedules brought up to date until none is left or the budget is spent (or the
 * runner stops), then a follow-up job for what remains. Safe beside another run of itself, an export or another
 * instance's: each lease is claimed before it is computed (`refreshSchedules`).
 */
export async function runScheduleRefresh(deps: Deps, job: QueuedRow, signal?: AbortSignal) {
  const { teamId } = JSON.parse(job.payload) as { teamId: number };
  const result = await refreshSchedules(deps, teamId, {
    deadline: Date.now() + JOB_BUDGET_MS,
    signal,
    background: true,
  });
  if (!result.finished) await writeTransaction(deps.db, (trx) => queueRefresh(trx, teamId));
}

/**
 * At start and in the hourly housekeeping: a refresh for every team with a stale or missing stored schedule
 * (after the migration that added them no lease has any; a job that failed five times is retried here). Every
 * instance may call it: a team with a refresh waiting gets no second one, and two that start together are
 * harmless (their claims split the leases).
 */
export async function queueStaleScheduleRefreshes(deps: Deps): Promise<number> {
  const teams = await repo.teamsWithStaleSchedules(
    crossTeam(deps.db, 'the background refresh looks for every team with stale lease schedules'),
  );
  let queued = 0;
  for (const teamId of teams)
    if (await writeTransaction(deps.db, (trx) => queueRefresh(trx, teamId))) queued += 1;
  return queued;
}
