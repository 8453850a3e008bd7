import type { LeaseSchedule } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Actor } from '../../platform/policy';
import type { TabularFile, TabularFormat } from '../../platform/tabular';
import { effectiveSchedule } from './effective';
import { presentSchedule, SCHEDULE_COLUMNS } from './presenter';
import { validationError } from './service';

/** The whole term's monthly schedule as the books see it, or a 422 naming what the lease or profile lacks. */
export async function scheduleOf(deps: Deps, actor: Actor, leaseId: number): Promise<LeaseSchedule> {
  const effective = await effectiveSchedule(deps, actor, leaseId);
  const { resolved, schedule } = effective;
  if (
    !schedule ||
    !resolved.commencement_date ||
    !resolved.term_end ||
    !resolved.term_months ||
    resolved.discount_rate === null
  )
    throw validationError(
      Object.fromEntries(Object.entries(resolved.problems).map(([field, message]) => [field, [message]])),
    );
  return presentSchedule(
    leaseId,
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
  async function* rows() {
    yield SCHEDULE_COLUMNS.map(([header]) => header);
    for (const row of schedule.rows) yield SCHEDULE_COLUMNS.map(([, value]) => value(row));
  }
  return { format, name: `lease-${leaseId}-schedule`, rows: rows() };
}
