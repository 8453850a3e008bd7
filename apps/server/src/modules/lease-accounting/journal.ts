import {
  monthLines,
  recognitionLines,
  remeasurementLines,
  toDollars,
  type GlAccounts,
  type JournalLine,
  type Lease,
  isMonth,
  monthMessage,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { AppError, invalid } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { Fixed, type Cell, type TabularFile, type TabularFormat } from '../../platform/tabular';
import { stores } from '../stores/index';
import * as repo from './repository';
import { effectiveSchedule, effectiveSchedules, type Effective } from './effective';
import { glAccountsOf } from './service';

/** The shape general-ledger imports take: one line per account, debit or credit, with the store segment. */
const HEADER = [
  'Journal',
  'Date',
  'Period',
  'Account',
  'Account role',
  'Debit',
  'Credit',
  'Memo',
  'Lease',
  'Lease ID',
  'Store',
  'Store ID',
  'Brand',
  'Brand ID',
];

type Segment = { storeId: number | null; store: string; brandId: number | null; brand: string };

async function segmentsOf(deps: Deps, teamId: number, leases: Lease[]): Promise<Map<number, Segment>> {
  const ids = [...new Set(leases.map((l) => l.store?.id).filter((id): id is number => Boolean(id)))];
  const rows = ids.length ? await stores.load(deps.db, teamId, ids) : [];
  return new Map(
    rows.map((row) => [
      row.id,
      { storeId: row.id, store: row.name, brandId: row.brand_id, brand: row.brand_name ?? '' },
    ]),
  );
}

/** The lease's journal lines, optionally only those of one period (YYYY-MM); null when it has no schedule. */
function linesOf(effective: Effective, period: string | null) {
  const { lease, profile, input, schedule, remeasuredFrom, remeasurementCents } = effective;
  if (!input || !schedule) return null;
  const dated: Array<{ date: string; line: JournalLine }> = [];
  if (!period || input.startDate.slice(0, 7) === period)
    for (const line of recognitionLines(schedule, {
      prepaidCents: profile.prepaid_rent_cents,
      initialDirectCostsCents: profile.initial_direct_costs_cents,
      incentivesCents: profile.incentives_cents,
    }))
      dated.push({ date: input.startDate, line });
  for (const row of schedule.rows) {
    // One period asked for: only its month's rows make lines (the schedule is in month order).
    if (period && row.period_start.slice(0, 7) !== period) continue;
    // A remeasurement moves the liability and the asset together on its first day.
    if (remeasuredFrom && row.period_start === remeasuredFrom && remeasurementCents !== 0)
      for (const line of remeasurementLines(row.month, remeasurementCents))
        dated.push({ date: remeasuredFrom, line });
    for (const line of monthLines(schedule.expense_model, row)) dated.push({ date: row.period_start, line });
  }
  return { lease, lines: period ? dated.filter((d) => d.date.slice(0, 7) === period) : dated };
}

function cells(
  lease: Lease,
  segment: Segment | undefined,
  accounts: GlAccounts,
  entry: { date: string; line: JournalLine },
): Cell[] {
  const { date, line } = entry;
  const period = date.slice(0, 7);
  return [
    `LA-${lease.id}-${line.month === 0 ? 'INIT' : period}`,
    date,
    period,
    accounts[line.role],
    line.role,
    line.debit_cents ? new Fixed(toDollars(line.debit_cents)) : null,
    line.credit_cents ? new Fixed(toDollars(line.credit_cents)) : null,
    line.memo,
    lease.reference ?? '',
    lease.id,
    segment?.store ?? lease.store?.name ?? '',
    segment?.storeId ?? lease.store?.id ?? null,
    segment?.brand ?? '',
    segment?.brandId ?? null,
  ];
}

/** Every journal line of one lease's schedule, from initial recognition to the last month. */
export async function leaseJournalFile(
  deps: Deps,
  actor: Actor,
  leaseId: number,
  format: TabularFormat,
): Promise<TabularFile> {
  const found = linesOf(await effectiveSchedule(deps, actor, leaseId), null);
  if (!found) throw new AppError('validation', 'The lease has no accounting schedule yet.');
  const accounts = await glAccountsOf(deps, actor.teamId);
  const segments = await segmentsOf(deps, actor.teamId, [found.lease]);
  async function* rows(): AsyncGenerator<Cell[]> {
    yield HEADER;
    for (const entry of found!.lines)
      yield cells(found!.lease, segments.get(found!.lease.store?.id ?? 0), accounts, entry);
  }
  return { format, name: `lease-${leaseId}-journal`, rows: rows() };
}

const BATCH = 100;

/**
 * One period's journal for every lease with a saved profile, streamed batch by batch. A lease whose
 * profile cannot yet make a schedule (a missing rate or date) has no entries.
 */
export async function periodJournalFile(
  deps: Deps,
  actor: Actor,
  period: string,
  format: TabularFormat,
): Promise<TabularFile> {
  if (!isMonth(period)) throw invalid('period', monthMessage('period'));
  const accounts = await glAccountsOf(deps, actor.teamId);
  const ids = await repo.profiledLeaseIds(deps.db, actor.teamId);
  async function* rows(): AsyncGenerator<Cell[]> {
    yield HEADER;
    for (let start = 0; start < ids.length; start += BATCH) {
      // A profile outlives its lease in the trash: that lease is left out and has no entries.
      const found = (await effectiveSchedules(deps, actor, ids.slice(start, start + BATCH)))
        .map((effective) => linesOf(effective, period))
        .filter((lines) => lines !== null);
      const segments = await segmentsOf(
        deps,
        actor.teamId,
        found.map((f) => f.lease),
      );
      for (const { lease, lines } of found)
        for (const entry of lines) yield cells(lease, segments.get(lease.store?.id ?? 0), accounts, entry);
    }
  }
  return { format, name: `lease-journal-${period}`, rows: rows() };
}
