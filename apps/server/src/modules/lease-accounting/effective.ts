import {
  buildSchedule,
  monthStarts,
  type Lease,
  type Schedule,
  type ScheduleInput,
  type ScheduleRow,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import * as repo from './repository';
import { getLeases, getTeamLeases } from '../leases/index';
import { load, resolveLeases } from './service';
import { scheduleInputOf, type Profile, type Resolved } from './terms';

export type Effective = {
  lease: Lease;
  profile: Profile;
  resolved: Resolved;
  input: ScheduleInput | null;
  schedule: Schedule | null;
  /** Months whose rows come from a closed period, unchanged since it was closed. */
  closedMonths: number;
  /** The first day of the remeasured part when the lease or profile changed after a close, else null. */
  remeasuredFrom: string | null;
  /** The liability change booked on that day (new present value − carried liability), in cents. */
  remeasurementCents: number;
};

const sameRow = (a: ScheduleRow, b: ScheduleRow | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The schedule as the books see it: the months of closed periods exactly as they were closed, and after them
 * the schedule of today's inputs. When today's inputs give different closed months (the lease or the profile
 * changed), the open months are a remeasurement from the first open month: the remaining payments at the
 * profile's rate, starting from the liability and asset carried at the close (ASC 842-20-35-5, IFRS 16.40).
 */
export async function effectiveSchedule(deps: Deps, actor: Actor, leaseId: number): Promise<Effective> {
  const loaded = await load(deps, actor, leaseId);
  const closed = await repo.closedRowsOf(deps.db, actor.teamId, leaseId);
  return effectiveOf(loaded, closed);
}

/**
 * `effectiveSchedule` of several leases, read in one pass (a portfolio's closes and disclosures go through
 * this a batch at a time); leases the actor cannot see are left out.
 */
export async function effectiveSchedules(deps: Deps, actor: Actor, leaseIds: number[]): Promise<Effective[]> {
  return effectivesOf(deps, actor.teamId, await getLeases(deps, actor, leaseIds));
}

/**
 * `effectiveSchedules` as the server reads them for the whole team, with no member asking: the stored
 * schedules serve every member, and the background refresh has no actor. Leases in the trash are left out.
 */
export async function teamEffectiveSchedules(
  deps: Deps,
  teamId: number,
  leaseIds: number[],
): Promise<Effective[]> {
  return effectivesOf(deps, teamId, await getTeamLeases(deps, teamId, leaseIds));
}

async function effectivesOf(deps: Deps, teamId: number, leases: Lease[]): Promise<Effective[]> {
  const [loaded, closed] = await Promise.all([
    resolveLeases(deps, teamId, leases),
    repo.closedRowsOfLeases(
      deps.db,
      teamId,
      leases.map((lease) => lease.id),
    ),
  ]);
  const closedOf = new Map<number, Array<{ row: string }>>();
  for (const row of closed) {
    const id = Number(row.lease_id);
    (closedOf.get(id) ?? closedOf.set(id, []).get(id)!).push(row);
  }
  return loaded.map((one) => effectiveOf(one, closedOf.get(one.lease.id) ?? []));
}

function effectiveOf(
  { lease, profile, resolved }: { lease: Lease; profile: Profile; resolved: Resolved },
  stored: Array<{ row: string }>,
): Effective {
  const input = scheduleInputOf(lease, profile, resolved);
  const closed = stored.map((one) => JSON.parse(one.row) as ScheduleRow);
  const base = { lease, profile, resolved, input, closedMonths: closed.length, remeasurementCents: 0 };
  if (!input) return { ...base, schedule: null, remeasuredFrom: null };
  const current = buildSchedule(input);
  if (closed.length === 0 || closed.every((row, index) => sameRow(row, current.rows[index])))
    return { ...base, schedule: current, remeasuredFrom: null };

  const last = closed.at(-1)!;
  const modification = monthStarts(last.period_start, 2)[1]!;
  const from = current.rows.findIndex((row) => row.period_start >= modification);
  const carried = { liabilityCents: last.liability_closing_cents, rouCents: last.rou_closing_cents };
  const open =
    from < 0
      ? null
      : buildSchedule({
          ...input,
          startDate: current.rows[from]!.period_start,
          payments: input.payments.slice(from),
          // Already in the carried asset: they were recognised at commencement.
          initialDirectCostsCents: 0,
          incentivesCents: 0,
          prepaidCents: 0,
          carried,
        });
  const rows = [
    ...closed,
    ...(open?.rows ?? []).map((row) => ({ ...row, month: row.month + closed.length })),
  ];
  return {
    ...base,
    schedule: {
      ...current,
      rows,
      total_payments_cents: rows.reduce((sum, row) => sum + row.payment_cents, 0),
      total_interest_cents: rows.reduce((sum, row) => sum + row.interest_cents, 0),
    },
    remeasuredFrom: open ? modification : null,
    remeasurementCents: open ? open.present_value_cents - carried.liabilityCents : 0,
  };
}
