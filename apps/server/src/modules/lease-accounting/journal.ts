import {
  monthLines,
  toDollars,
  type ExpenseModel,
  type GlAccounts,
  type JournalLine,
  type ScheduleRow,
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
import { effectiveSchedule, type Effective } from './effective';
import { glAccountsOf } from './service';
import { leadLinesOf, refreshSchedules, rowOfStored, type DatedLine } from './stored';

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

async function segmentsOfStores(deps: Deps, teamId: number, ids: number[]): Promise<Map<number, Segment>> {
  const rows = ids.length ? await stores.load(deps.db, teamId, ids) : [];
  return new Map(
    rows.map((row) => [
      row.id,
      { storeId: row.id, store: row.name, brandId: row.brand_id, brand: row.brand_name ?? '' },
    ]),
  );
}

/** The lease's journal lines over its whole term; null when it has no schedule. */
function linesOf(effective: Effective) {
  const { lease, input, schedule } = effective;
  if (!input || !schedule) return null;
  const dated: DatedLine[] = [];
  for (const row of schedule.rows)
    for (const entry of [...leadLinesOf(effective, row), ...monthEntries(schedule.expense_model, row)])
      dated.push(entry);
  return { lease, lines: dated };
}

/** The month's own entry, dated on its first day. */
function monthEntries(model: ExpenseModel, row: ScheduleRow): DatedLine[] {
  return monthLines(model, row).map((line) => ({ date: row.period_start, line }));
}

/** What a journal line shows of its lease. */
type LeaseColumns = Pick<Lease, 'id' | 'reference'> & { store: { id: number; name: string } | null };

function cells(
  lease: LeaseColumns,
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
  const found = linesOf(await effectiveSchedule(deps, actor, leaseId));
  if (!found) throw new AppError('validation', 'The lease has no accounting schedule yet.');
  const accounts = await glAccountsOf(deps, actor.teamId);
  const storeId = found.lease.store?.id;
  const segments = await segmentsOfStores(deps, actor.teamId, storeId ? [storeId] : []);
  async function* rows(): AsyncGenerator<Cell[]> {
    yield HEADER;
    for (const entry of found!.lines)
      yield cells(found!.lease, segments.get(found!.lease.store?.id ?? 0), accounts, entry);
  }
  return { format, name: `lease-${leaseId}-journal`, rows: rows() };
}

/** Stored rows a read of the month's journal takes at once (one row per lease). */
const BATCH = 1000;

/**
 * One period's journal for every lease with a saved profile, from the stored schedule rows (decision 0033):
 * stale schedules are recomputed first, then the period is read in lease order a batch at a time and streamed,
 * so neither time nor memory grows with the rest of the term. A lease whose profile cannot yet make a schedule
 * (a missing rate or date), or in the trash, has no entries. Members limited to companies never get here (the
 * module's routes are not company-scoped): every row of the team is the caller's to read.
 */
export async function periodJournalFile(
  deps: Deps,
  actor: Actor,
  period: string,
  format: TabularFormat,
): Promise<TabularFile> {
  if (!isMonth(period)) throw invalid('period', monthMessage('period'));
  const accounts = await glAccountsOf(deps, actor.teamId);
  // Normally the background refresh left nothing stale; what a write made stale since is computed here, and
  // leases another run (the job, another export) is computing are waited for rather than computed twice.
  await refreshSchedules(deps, actor.teamId, { wait: true });
  async function* rows(): AsyncGenerator<Cell[]> {
    yield HEADER;
    let after = 0;
    for (;;) {
      const batch = await repo.periodRows(deps.db, actor.teamId, period, after, BATCH);
      if (!batch.length) break;
      after = Number(batch.at(-1)!.lease_id);
      const storeIds = [
        ...new Set(batch.map((row) => row.store_id).filter((id): id is number => Boolean(id))),
      ];
      const segments = await segmentsOfStores(deps, actor.teamId, storeIds);
      for (const stored of batch) {
        const row = rowOfStored(stored);
        const leaseId = Number(stored.lease_id);
        const storeId = stored.store_id === null ? null : Number(stored.store_id);
        const lease = {
          id: leaseId,
          reference: stored.lease_reference,
          store: storeId === null ? null : { id: storeId, name: stored.store_name ?? '' },
        };
        const lead = stored.lead_lines === null ? [] : (JSON.parse(stored.lead_lines) as DatedLine[]);
        for (const entry of [...lead, ...monthEntries(stored.expense_model as ExpenseModel, row)])
          if (entry.date.slice(0, 7) === period)
            yield cells(lease, segments.get(storeId ?? 0), accounts, entry);
      }
      if (batch.length < BATCH) break;
    }
  }
  return { format, name: `lease-journal-${period}`, rows: rows() };
}
