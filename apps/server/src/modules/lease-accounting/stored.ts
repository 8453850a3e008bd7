import {
  recognitionLines,
  remeasurementLines,
  type JournalLine,
  type ScheduleRow,
} from '@storekeep/contracts';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { transactionRetryingDeadlocks, writeTransaction } from '../../platform/db';
import { teamEffectiveSchedules, type Effective } from './effective';
import * as repo from './repository';

/**
 * Every lease's schedule kept as computed (decision 0033), so that a month's portfolio journal reads one
 * period's rows instead of rebuilding every schedule. A write that changes what a schedule is computed from
 * moves the lease's `version` in its own transaction (`schedulesChanged`) and asks for the background refresh
 * (`refresh-job.ts`), which brings stale schedules up to date in small batches; a read of the stored rows first
 * recomputes what is still stale (normally nothing). Both go through `refreshSchedules`: a lease is claimed
 * before it is computed, so two runs (the job and an export, two exports, two instances) never compute it
 * together, and its rows are written only if its version is still the one claimed, so a write that lands
 * meanwhile leaves the lease stale for the next pass rather than stored from old inputs.
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

/**
 * Leases a run claims, computes and writes at once (one transaction), before giving the event loop a turn. On
 * SQLite the whole batch holds the event loop (its statements are synchronous): ten leases' 1,200 rows are some
 * 30 ms of work, fifty were 140 ms (bench:lease-accounting on a loaded machine). On PostgreSQL only the
 * computing holds it, a fraction of a millisecond a lease.
 */
const batchFor = (deps: Deps) => (deps.dialect === 'postgres' ? 50 : 10);
/**
 * A claim older than this is taken to be a dead run's (a killed process, a lost connection) and may be taken
 * again. A batch takes well under a second; a claim that outlives its run only delays that lease, never
 * corrupts it: the version check decides what is written.
 */
export const CLAIM_TTL_MS = 60_000;
/** How often a read that must see every schedule current looks again at leases another run is computing. */
const WAIT_MS = 50;

/**
 * Stale leases a month's journal read is computing for its file in this process. The background refresh starts
 * no batch while one is, or while one did within READ_GAP_MS (a read computes 100 leases, writes their lines and
 * computes the next): on SQLite each batch holds the event loop, and a read of 120,000 stale leases' month that
 * took 17–22 s alone took 43 s as CSV and 120 s as XLSX beside the refresh that new rates start. A file that
 * waits longer for a slow client lets the refresh go on.
 */
let computingForReads = 0;
let lastComputedForRead = 0;
const READ_GAP_MS = 100;

const readComputing = () => computingForReads > 0 || Date.now() - lastComputedForRead < READ_GAP_MS;

/** Runs a read's computation of stale leases, which the background refresh gives way to. */
export async function computingForRead<T>(compute: () => Promise<T>): Promise<T> {
  computingForReads += 1;
  try {
    return await compute();
  } finally {
    computingForReads -= 1;
    lastComputedForRead = Date.now();
  }
}

export type RefreshOptions = {
  /** Only these leases (a profile save stores its one lease at once). */
  leaseIds?: number[];
  /**
   * Whether to wait for leases another run holds until they are stored (the month's journal reads them right
   * after), rather than leave them to that run.
   */
  wait?: boolean;
  batch?: number;
  /** No batch is claimed after this moment (epoch ms): the job hands the rest to a follow-up job. */
  deadline?: number;
  /** Stop claiming (the process is shutting down). */
  signal?: AbortSignal;
  /** The background job's run: it gives way to reads computing stale leases (`computingForRead`). */
  background?: boolean;
  /** Tests: runs once a batch is computed and before it is written. */
  beforeWrite?: (leaseIds: number[]) => Promise<void>;
};

export type RefreshResult = {
  /** Leases whose rows were written. */
  stored: number;
  /** False when the run stopped at its deadline or signal with stale schedules it could have claimed. */
  finished: boolean;
};

const claimNow = (token: string): repo.Claim => ({
  token,
  now: nowIso(),
  expiredBefore: new Date(Date.now() - CLAIM_TTL_MS).toISOString(),
});

/**
 * Brings the team's stale stored schedules (or those of `leaseIds`) up to date: claims a batch in lease order,
 * computes it, writes each lease's rows with its version in one transaction, gives the event loop a turn (SQLite
 * is synchronous: without it no request would be served until the last batch), and goes on. When a pass finds
 * nothing more to claim it starts again from the first lease, for leases written meanwhile or released by
 * another run; it ends when nothing stale is left that it could claim (and, with `wait`, nothing stale at
 * all). Leases are read team-wide, whoever asked (the rows serve every member); a lease in the trash keeps no rows.
 */
export async function refreshSchedules(
  deps: Deps,
  teamId: number,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const batch = options.batch ?? batchFor(deps);
  const token = randomUUID();
  // Profiles saved before stored schedules existed get their state here (a profile saved since has one).
  if (!options.leaseIds) await writeTransaction(deps.db, (trx) => repo.addMissingSchedules(trx, teamId));
  let stored = 0;
  let after = 0;
  for (;;) {
    while (options.background && readComputing() && !options.signal?.aborted) await sleep(WAIT_MS);
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() >= options.deadline))
      return { stored, finished: (await repo.staleCount(deps.db, teamId, options.leaseIds)) === 0 };
    const claimed = await repo.claimStaleSchedules(deps.db, teamId, claimNow(token), {
      afterLeaseId: after,
      limit: batch,
      leaseIds: options.leaseIds,
    });
    if (claimed.length) {
      stored += await storeClaimed(deps, teamId, token, claimed, options);
      after = claimed.at(-1)!.leaseId;
      await nextTurn();
      continue;
    }
    if (after > 0) {
      after = 0;
      continue;
    }
    // Nothing this run can claim. What is still stale is another run's to finish (or to give up once its claim
    // expires, when this run takes it over).
    if (!options.wait || (await repo.staleCount(deps.db, teamId, options.leaseIds)) === 0)
      return { stored, finished: true };
    await sleep(WAIT_MS);
  }
}

/** Computes the claimed leases and writes the rows of those still at the claimed version, in one transaction. */
async function storeClaimed(
  deps: Deps,
  teamId: number,
  token: string,
  claimed: Array<{ leaseId: number; version: number }>,
  options: RefreshOptions,
): Promise<number> {
  const ids = claimed.map((one) => one.leaseId);
  try {
    const effectives = new Map(
      (await teamEffectiveSchedules(deps, teamId, ids)).map((effective) => [effective.lease.id, effective]),
    );
    await options.beforeWrite?.(ids);
    // A bulk write of the same leases' states (new team rates) may lock them in another order on PostgreSQL.
    return await transactionRetryingDeadlocks(deps.db, async (trx) => {
      const written: number[] = [];
      const rows: repo.StoredRowValues[] = [];
      for (const { leaseId, version } of claimed) {
        const effective = effectives.get(leaseId);
        const meta: repo.StoredMeta = effective?.schedule
          ? {
              expense_model: effective.schedule.expense_model,
              lease_reference: effective.lease.reference,
              store_id: effective.lease.store?.id ?? null,
              store_name: effective.lease.store?.name ?? null,
            }
          : { expense_model: null, lease_reference: null, store_id: null, store_name: null };
        // Written only if no write moved the version since the claim: rows computed from older inputs never
        // replace the current ones. The lease stays stale and a later pass takes it again.
        if (!(await repo.markStored(trx, teamId, leaseId, version, meta))) continue;
        written.push(leaseId);
        if (effective) rows.push(...storedValuesOf(effective));
      }
      await repo.replaceStoredRows(trx, teamId, written, rows);
      await repo.releaseClaims(trx, teamId, ids, token);
      return written.length;
    });
  } catch (error) {
    // Another run may take them at once rather than when the claims expire.
    await repo.releaseClaims(deps.db, teamId, ids, token).catch(() => undefined);
    throw error;
  }
}
