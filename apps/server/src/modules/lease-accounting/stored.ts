import {
  recognitionLines,
  remeasurementLines,
  type JournalLine,
  type ScheduleRow,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction, type Executor } from '../../platform/db';
import { teamScope, type Actor } from '../../platform/policy';
import { effectiveSchedules, type Effective } from './effective';
import * as repo from './repository';

/**
 * Every lease's schedule kept as computed (decision 0033), so that a month's portfolio journal reads one
 * period's rows instead of rebuilding every schedule. A write that changes what a schedule is computed from
 * moves the lease's `version` in its own transaction (`schedulesChanged`); a read of the stored rows first
 * recomputes the leases whose rows are of an older version (`refreshSchedules`). The recompute writes a lease's
 * rows only if its version is still the one it read before loading the lease, so a write that lands meanwhile
 * leaves the lease stale for the next read rather than stored from old inputs.
 */

export type DatedLine = { date: string; line: JournalLine };

/** The lines that come before a month's own in its period: initial recognition, then a remeasurement. */
export function leadLinesOf(effective: Effective, row: ScheduleRow): DatedLine[] {
  const { profile, input, schedule, remeasuredFrom, remeasurementCents } = effective;
  if (!input || !schedule) return [];
  const lines: DatedLine[] = [];
  if (input.startDate.slice(0, 7) === row.period_start.slice(0, 7))
    for (const line of recognitionLines(schedule, {
      prepaidCents: profile.prepaid_rent_cents,
      initialDirectCostsCents: profile.initial_direct_costs_cents,
      incentivesCents: profile.incentives_cents,
    }))
      lines.push({ date: input.startDate, line });
  // A remeasurement moves the liability and the asset together on its first day.
  if (remeasuredFrom && row.period_start === remeasuredFrom && remeasurementCents !== 0)
    for (const line of remeasurementLines(row.month, remeasurementCents))
      lines.push({ date: remeasuredFrom, line });
  return lines;
}

export function rowOfStored(stored: repo.StoredRowValues): ScheduleRow {
  return {
    month: Number(stored.month),
    period_start: String(stored.period_start),
    payment_cents: Number(stored.payment_cents),
    interest_cents: Number(stored.interest_cents),
    principal_cents: Number(stored.principal_cents),
    liability_opening_cents: Number(stored.liability_opening_cents),
    liability_closing_cents: Number(stored.liability_closing_cents),
    rou_opening_cents: Number(stored.rou_opening_cents),
    rou_amortization_cents: Number(stored.rou_amortization_cents),
    rou_closing_cents: Number(stored.rou_closing_cents),
    straight_line_cost_cents:
      stored.straight_line_cost_cents === null ? null : Number(stored.straight_line_cost_cents),
    total_expense_cents: Number(stored.total_expense_cents),
  };
}

function storedValuesOf(effective: Effective): repo.StoredRowValues[] {
  if (!effective.input || !effective.schedule) return [];
  return effective.schedule.rows.map((row) => {
    const lead = leadLinesOf(effective, row);
    return {
      lease_id: effective.lease.id,
      period: row.period_start.slice(0, 7),
      month: row.month,
      period_start: row.period_start,
      payment_cents: row.payment_cents,
      interest_cents: row.interest_cents,
      principal_cents: row.principal_cents,
      liability_opening_cents: row.liability_opening_cents,
      liability_closing_cents: row.liability_closing_cents,
      rou_opening_cents: row.rou_opening_cents,
      rou_amortization_cents: row.rou_amortization_cents,
      rou_closing_cents: row.rou_closing_cents,
      straight_line_cost_cents: row.straight_line_cost_cents,
      total_expense_cents: row.total_expense_cents,
      lead_lines: lead.length ? JSON.stringify(lead) : null,
    };
  });
}

/** For platform/lease-changes: a lease write makes the lease's stored schedule stale in its transaction. */
export async function schedulesChanged(trx: Executor, teamId: number, leaseIds: number[]) {
  await repo.invalidateSchedules(trx, teamId, leaseIds);
}

/** Leases a recompute loads at once. */
const BATCH = 200;

/**
 * Recomputes and stores the schedules of the team's leases (or of `leaseIds`) whose stored rows are stale.
 * Leases are read team-wide whatever the actor's scope (the rows serve every member); a lease in the trash
 * keeps no rows.
 */
export async function refreshSchedules(deps: Deps, actor: Actor, leaseIds?: number[]): Promise<number> {
  const teamId = actor.teamId;
  const teamActor: Actor = { ...actor, scope: teamScope(teamId) };
  await writeTransaction(deps.db, (trx) => repo.addMissingSchedules(trx, teamId));
  const stale = await repo.staleSchedules(deps.db, teamId, leaseIds);
  for (let at = 0; at < stale.length; at += BATCH) {
    const batch = stale.slice(at, at + BATCH);
    const effectives = new Map(
      (
        await effectiveSchedules(
          deps,
          teamActor,
          batch.map((one) => one.leaseId),
        )
      ).map((effective) => [effective.lease.id, effective]),
    );
    await writeTransaction(deps.db, async (trx) => {
      const claimed: number[] = [];
      const rows: repo.StoredRowValues[] = [];
      for (const { leaseId, version } of batch) {
        const effective = effectives.get(leaseId);
        const meta: repo.StoredMeta = effective?.schedule
          ? {
              expense_model: effective.schedule.expense_model,
              lease_reference: effective.lease.reference,
              store_id: effective.lease.store?.id ?? null,
              store_name: effective.lease.store?.name ?? null,
            }
          : { expense_model: null, lease_reference: null, store_id: null, store_name: null };
        if (!(await repo.claimSchedule(trx, teamId, leaseId, version, meta))) continue;
        claimed.push(leaseId);
        if (effective) rows.push(...storedValuesOf(effective));
      }
      await repo.replaceStoredRows(trx, teamId, claimed, rows);
    });
  }
  return stale.length;
}
