import type { LeaseSchedule } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import type { TabularFile, TabularFormat } from '../../platform/tabular';
import { effectiveSchedule, effectiveSchedules, type Effective } from './effective';
import { presentSchedule, SCHEDULE_COLUMNS } from './presenter';
import { validationError } from './service';

/** The whole term's monthly schedule as the books see it, or a 422 naming what the lease or profile lacks. */
export async function scheduleOf(deps: Deps, actor: Actor, leaseId: number): Promise<LeaseSchedule> {
  const effective = await effectiveSchedule(deps, actor, leaseId);
  const schedule = presented(effective);
  if (!schedule)
    throw validationError(
      Object.fromEntries(
        Object.entries(effective.resolved.problems).map(([field, message]) => [field, [message]]),
      ),
    );
  return schedule;
}

/**
 * The schedules of several leases as `scheduleOf` answers each, read in one pass: a whole portfolio is
 * recomputed a batch at a time. A lease that cannot make one yet (a missing rate or date) maps to null.
 */
export async function schedulesOf(
  deps: Deps,
  actor: Actor,
  leaseIds: number[],
): Promise<Map<number, LeaseSchedule | null>> {
  const all = await effectiveSchedules(deps, actor, leaseIds);
  return new Map(all.map((effective) => [effective.lease.id, presented(effective)]));
}

function presented(effective: Effective): LeaseSchedule | null {
  const { resolved, schedule } = effective;
  if (
    !schedule ||
    !resolved.commencement_date ||
    !resolved.term_end ||
    !resolved.term_months ||
    resolved.discount_rate === null
  )
    return null;
  return presentSchedule(
    effective.lease.id,
    effective.profile,
    {
      ...resolved,
      commencement_date: resolved.commencement_date,
      term_end: resolved.term_end,
      term_months: resolved.term_months,
      discount_rate: resolved.discount_rate,
    },
    schedule,
    { closedMonths: effective.closedMonths, remeasuredFrom: effective.remeasuredFrom },
  );
}

export async function scheduleFile(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  format: TabularFormat,
): Promise<TabularFile> {
  const schedule = await scheduleOf(deps, actor, leaseId);
  // On every row, so a pasted or filtered part of the file still says how its figures were rounded, and
  // whether that is the lease's own reading or the team's default.
  const roundedTo = `${schedule.precision === 'unit' ? 'whole units' : 'cent'} (${
    schedule.precision_source === 'team' ? 'team default' : 'this lease'
  })`;
  async function* rows() {
    yield [...SCHEDULE_COLUMNS.map(([header]) => header), 'Rounded to'];
    for (const row of schedule.rows) yield [...SCHEDULE_COLUMNS.map(([, value]) => value(row)), roundedTo];
  }
  return { format, name: `lease-${leaseId}-schedule`, rows: rows() };
}
