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
import { writeTransaction } from '../../platform/db';
import { AppError, invalid } from '../../platform/errors';
import type { Actor } from '../../platform/policy';
import { Fixed, type Cell, type TabularFile, type TabularFormat } from '../../platform/tabular';
import { stores } from '../stores/index';
import * as repo from './repository';
import { effectiveSchedule, teamEffectiveSchedules, type Effective } from './effective';
import { glAccountsOf } from './service';
import { computingForRead, leadLinesOf, refreshSchedules, rowOfStored, type DatedLine } from './stored';

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
/** Stale leases whose schedules a read computes at once when it cannot use their stored rows. */
const COMPUTE_BATCH = 100;
/**
 * Stale schedules a read of the month's journal stores before reading (about a second of writing). More (new
 * team rates make the whole portfolio stale) are left to the background refresh, which takes minutes for
 * 100,000 leases: the read computes their month for the file alone, as the lease's own journal does.
 */
export const STORE_BEFORE_READING = 500;

/** One lease's lines of the month, with what the journal shows of the lease. */
type LeaseMonth = { leaseId: number; lease: LeaseColumns; entries: DatedLine[] };

const inPeriod = (period: string, entries: DatedLine[]) =>
  entries.filter((entry) => entry.date.slice(0, 7) === period);

/** The month's lines of one stored row. */
function storedMonth(
  stored: Awaited<ReturnType<typeof repo.periodRows>>[number],
  period: string,
): LeaseMonth {
  const row = rowOfStored(stored);
  const leaseId = Number(stored.lease_id);
  const storeId = stored.store_id === null ? null : Number(stored.store_id);
  const lead = stored.lead_lines === null ? [] : (JSON.parse(stored.lead_lines) as DatedLine[]);
  return {
    leaseId,
    lease: {
      id: leaseId,
      reference: stored.lease_reference,
      store: storeId === null ? null : { id: storeId, name: stored.store_name ?? '' },
    },
    entries: inPeriod(period, [...lead, ...monthEntries(stored.expense_model as ExpenseModel, row)]),
  };
}

/** A batch of month lines with the segments of their stores. */
type Months = { months: LeaseMonth[]; segments: Map<number, Segment> };

/** The month's lines of stale leases, computed now, COMPUTE_BATCH leases a read, in lease order. */
async function* computedMonths(
  deps: Deps,
  teamId: number,
  leaseIds: number[],
  period: string,
): AsyncGenerator<Months> {
  for (let at = 0; at < leaseIds.length; at += COMPUTE_BATCH) {
    const effectives = await computingForRead(() =>
      teamEffectiveSchedules(deps, teamId, leaseIds.slice(at, at + COMPUTE_BATCH)),
    );
    const months: LeaseMonth[] = [];
    for (const effective of effectives.sort((a, b) => a.lease.id - b.lease.id)) {
      const row = effective.schedule?.rows.find((one) => one.period_start.slice(0, 7) === period);
      if (!row || !effective.schedule) continue;
      months.push({
        leaseId: effective.lease.id,
        lease: effective.lease,
        entries: inPeriod(period, [
          ...leadLinesOf(effective, row),
          ...monthEntries(effective.schedule.expense_model, row),
        ]),
      });
    }
    if (months.length)
      yield {
        months,
        segments: await segmentsOf(
          deps,
          teamId,
          months.map((month) => month.lease.store?.id),
        ),
      };
  }
}

/** The segments of these stores, each read once (a lease without a store has none). */
function segmentsOf(deps: Deps, teamId: number, storeIds: Array<number | null | undefined>) {
  const ids = new Set(storeIds.map(Number).filter(Boolean));
  return segmentsOfStores(deps, teamId, [...ids]);
}

/** Stored rows' month lines, one row at a time. */
function* storedMonths(
  rows: Awaited<ReturnType<typeof repo.periodRows>>,
  period: string,
  segments: Map<number, Segment>,
): Generator<[LeaseMonth, Segment | undefined]> {
  for (const stored of rows) {
    const month = storedMonth(stored, period);
    yield [month, segments.get(month.lease.store?.id ?? 0)];
  }
}

/** Two runs of month lines, each in lease order, as one in lease order. */
async function* merged(
  stored: Months,
  computed: AsyncGenerator<Months>,
): AsyncGenerator<[LeaseMonth, Segment | undefined]> {
  let storedAt = 0;
  let batch = await computed.next();
  let batchAt = 0;
  while (storedAt < stored.months.length || !batch.done) {
    const next = batch.done ? undefined : batch.value.months[batchAt]!;
    const own = stored.months[storedAt];
    if (own && (!next || own.leaseId < next.leaseId)) {
      storedAt += 1;
      yield [own, stored.segments.get(own.lease.store?.id ?? 0)];
    } else if (next && !batch.done) {
      const segments = batch.value.segments;
      batchAt += 1;
      if (batchAt === batch.value.months.length) {
        batch = await computed.next();
        batchAt = 0;
      }
      yield [next, segments.get(next.lease.store?.id ?? 0)];
    }
  }
}

/**
 * One period's journal for every lease with a saved profile, from the stored schedule rows (decision 0033), read
 * in lease order a batch at a time and streamed, so neither time nor memory grows with the rest of the term. A
 * few stale schedules are stored first; many (STORE_BEFORE_READING) are computed for this file instead, merged
 * into the stored rows in lease order. A lease whose profile cannot yet make a schedule (a missing rate or date),
 * or in the trash, has no entries. Members limited to companies never get here (the module's routes are not
 * company-scoped): every row of the team is the caller's to read.
 */
export async function periodJournalFile(
  deps: Deps,
  teamId: number,
  period: string,
  format: TabularFormat,
  storeBeforeReading = STORE_BEFORE_READING,
): Promise<TabularFile> {
  if (!isMonth(period)) throw invalid('period', monthMessage('period'));
  const accounts = await glAccountsOf(deps, teamId);
  // Profiles saved before stored schedules existed get their state, stale, here.
  await writeTransaction(deps.db, (trx) => repo.addMissingSchedules(trx, teamId));
  let stale = await repo.staleLeaseIds(deps.db, teamId);
  if (stale.length <= storeBeforeReading) {
    // Normally the background refresh left nothing stale; what a write made stale since is stored here, and
    // leases another run (the job, another export) is computing are waited for rather than computed twice.
    // By id: the missing states were added above, and refreshSchedules adds them again only for a whole team.
    if (stale.length) await refreshSchedules(deps, teamId, { wait: true, leaseIds: stale });
    stale = [];
  }
  const staleSet = new Set(stale);
  async function* rows(): AsyncGenerator<Cell[]> {
    yield HEADER;
    let after = 0;
    let nextStale = 0;
    for (;;) {
      const batch = await repo.periodRows(deps.db, teamId, period, after, BATCH);
      const full = batch.length === BATCH;
      if (full) after = Number(batch.at(-1)!.lease_id);
      // The stale leases up to this batch's last lease (all that are left after the last batch).
      let upTo = nextStale;
      while (upTo < stale.length && (!full || stale[upTo]! <= after)) upTo += 1;
      const staleHere = stale.slice(nextStale, upTo);
      nextStale = upTo;
      const current = batch.filter((stored) => !staleSet.has(Number(stored.lease_id)));
      const segments = await segmentsOf(
        deps,
        teamId,
        current.map((stored) => stored.store_id),
      );
      // Normally nothing is stale: each stored row's lines as it is read, without a merge's turn per lease.
      if (!staleHere.length)
        for (const [month, segment] of storedMonths(current, period, segments))
          for (const entry of month.entries) yield cells(month.lease, segment, accounts, entry);
      else
        for await (const [month, segment] of merged(
          { months: current.map((stored) => storedMonth(stored, period)), segments },
          computedMonths(deps, teamId, staleHere, period),
        ))
          for (const entry of month.entries) yield cells(month.lease, segment, accounts, entry);
      if (!full) break;
    }
  }
  return { format, name: `lease-journal-${period}`, rows: rows() };
}
