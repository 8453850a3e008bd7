import type { Readable } from 'node:stream';
import {
  SALES_GRANULARITIES,
  addCalendarMonths,
  SALES_GROUPS,
  fieldErrors,
  reportRangeSchema,
  toCents,
  toDollars,
  type RoyaltyDue,
  type SalesSummary,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { cachedForTeam } from '../../platform/team-cache';
import { csvStream, Fixed, type Cell } from '../../platform/tabular';
import {
  addCharges,
  emptyRoyaltyResult,
  estimateFrom,
  estimationPeriods,
  periodCharges,
  reportingPeriods,
  royaltyRules,
  royaltyTerm,
  tierSalesFrom,
  unitSales,
  type Period,
  type ReportingFrequency,
  type Tier,
} from './calculations';
import { rulesByBrand } from '../invoices/index';
import { agreementLabel, franchiseePools, sharePeriod, type PoolShare } from './pools';
import { teamToday } from '../teams/index';
import { salesPolicy } from './policy';
import * as repo from './repository';

type Raw = Record<string, string | string[]>;
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v.at(-1) : v);

/** The report's validated date range (every report's, the percentage-rent portfolio's too). */
export function reportRange(raw: Raw) {
  const parsed = reportRangeSchema.safeParse({ from: single(raw.from), to: single(raw.to) });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  return parsed.data;
}

function oneOf<T extends readonly string[]>(
  raw: Raw,
  name: string,
  values: T,
  fallback: T[number],
): T[number] {
  const value = single(raw[name]) || fallback;
  if (!values.includes(value))
    throw new AppError('validation', `The selected ${name.replace('_', ' ')} is invalid.`, {
      [name]: [`The selected ${name.replace('_', ' ')} is invalid.`],
    });
  return value;
}

const lastYear = (date: string) => addCalendarMonths(date, -12);
/** "2026-03" → "Mar 2026", "2026-Q1" → "Q1 2026", "2026" stays. */
const periodLabel = (key: string) => {
  const [year, part] = key.split('-');
  if (!part) return key;
  if (part.startsWith('Q')) return `${part} ${year}`;
  return `${new Date(Date.UTC(Number(year), Number(part) - 1, 1)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${year}`;
};
const change = (now: number, before: number) =>
  before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;

/** Sales by store, brand, franchisee or period over [from, to], each beside the same range a year earlier. */
export async function salesSummary(deps: Deps, actor: Actor, raw: Raw): Promise<SalesSummary> {
  authorize(salesPolicy.view(actor));
  const { from, to } = reportRange(raw);
  const groupBy = oneOf(raw, 'group_by', SALES_GROUPS, 'store');
  const granularity = oneOf(raw, 'granularity', SALES_GRANULARITIES, 'month');
  return cachedForTeam(
    deps.db,
    actor.teamId,
    `sales:summary:${from}:${to}:${groupBy}:${granularity}`,
    async () => {
      // Stores are grouped by store, brand or franchisee after the sums; periods need only the months.
      const by = groupBy === 'period' ? 'month' : 'store';
      const [current, previous] = await Promise.all([
        repo.salesTotals(deps.db, actor.teamId, from, to, by),
        repo.salesTotals(deps.db, actor.teamId, lastYear(from), lastYear(to), by),
      ]);
      const labels = new Map(
        by === 'month'
          ? []
          : (
              await repo.storeLabels(deps.db, actor.teamId, [
                ...new Set([...current, ...previous].map((r) => r.store_id)),
              ])
            ).map((s) => [s.id, s]),
      );
      const bucket = (month: string, shiftYears: number) => {
        const year = Number(month.slice(0, 4)) + shiftYears;
        const m = Number(month.slice(5, 7));
        return granularity === 'year'
          ? `${year}`
          : granularity === 'quarter'
            ? `${year}-Q${Math.ceil(m / 3)}`
            : `${year}-${month.slice(5, 7)}`;
      };
      const keyOf = (r: { store_id: number; month: string }, shift: number): [string, string] => {
        const s = labels.get(r.store_id);
        if (groupBy === 'store') return [`${r.store_id}`, s?.name ?? '—'];
        if (groupBy === 'brand') return [`${s?.brand_id ?? 0}`, s?.brand_name ?? 'No brand'];
        if (groupBy === 'franchisee')
          return [`${s?.company_id ?? 0}`, s?.company_name ?? 'No operating company'];
        const key = bucket(r.month, shift);
        return [key, periodLabel(key)];
      };
      const rows = new Map<
        string,
        { key: string; label: string; gross: number; net: number; previous_gross: number }
      >();
      const at = (key: string, label: string) =>
        rows.get(key) ?? rows.set(key, { key, label, gross: 0, net: 0, previous_gross: 0 }).get(key)!;
      for (const r of current) {
        const row = at(...keyOf(r, 0));
        row.gross += r.gross;
        row.net += r.net;
      }
      // A period bucket of last year counts toward the same bucket this year (2025-03 beside 2026-03).
      for (const r of previous) at(...keyOf(r, 1)).previous_gross += r.gross;
      const sorted = [...rows.values()].sort((a, b) =>
        groupBy === 'period'
          ? a.key.localeCompare(b.key)
          : b.gross - a.gross || a.label.localeCompare(b.label),
      );
      const dto = (r: {
        key: string;
        label: string;
        gross: number;
        net: number;
        previous_gross: number;
      }) => ({
        ...r,
        gross: toDollars(r.gross),
        net: toDollars(r.net),
        previous_gross: toDollars(r.previous_gross),
        change_percent: change(r.gross, r.previous_gross),
      });
      const total = sorted.reduce(
        (sum, r) => ({
          ...sum,
          gross: sum.gross + r.gross,
          net: sum.net + r.net,
          previous_gross: sum.previous_gross + r.previous_gross,
        }),
        { key: 'total', label: 'Total', gross: 0, net: 0, previous_gross: 0 },
      );
      return { group_by: groupBy, granularity, rows: sorted.map(dto), total: dto(total) };
    },
  );
}

const DAY = 86_400_000;
const [MINUS, COLON, COMMA, ZERO] = ['-', ':', ',', '0'].map((c) => c.charCodeAt(0)) as [
  number,
  number,
  number,
  number,
];
const frequencyOf = (value: string | null): ReportingFrequency =>
  value === 'weekly' || value === 'quarterly' || value === 'annually' ? value : 'monthly';
/** Whether a period overlaps an agreement's royalty term (open ends when null). */
const inTerm = (term: { start: string | null; end: string | null }, period: Period) =>
  (!term.start || period.end >= term.start) && (!term.end || period.start <= term.end);

/** Royalties and marketing fund due per franchise agreement over [from, to] (rules in calculations.ts). */
export async function royaltiesReport(deps: Deps, actor: Actor, raw: Raw): Promise<RoyaltyDue[]> {
  authorize(salesPolicy.view(actor));
  const { from, to } = reportRange(raw);
  // Which periods have ended (and so expect a report) depends on the team's today.
  const today = await teamToday(deps.db, actor.teamId);
  return cachedForTeam(deps.db, actor.teamId, `sales:royalties:${from}:${to}:${today}`, () =>
    computeRoyalties(deps.db, actor.teamId, from, to, today),
  );
}

/**
 * The royalties report's rows, uncached and unauthorised (the dashboard's expenditure uses it too). A store's
 * report of a period that has ended (in the agreement's term) and has no figure is never counted as zero: it is
 * estimated by the shared rule (calculations.ts), or else the period is left out of the figures and the row
 * says `missing`.
 */
export async function computeRoyalties(
  db: Executor,
  teamId: number,
  from: string,
  to: string,
  today: string,
  { missingAtMinimum = false }: { missingAtMinimum?: boolean } = {},
): Promise<RoyaltyDue[]> {
  const [{ agreements, links }, rules] = await Promise.all([
    repo.royaltyAgreements(db, teamId),
    rulesByBrand(db, teamId),
  ]);
  const storesOf = new Map<number, number[]>();
  for (const l of links)
    (storesOf.get(l.agreement_id) ?? storesOf.set(l.agreement_id, []).get(l.agreement_id)!).push(l.store_id);
  const withTerms = agreements.filter(
    (a) =>
      (a.royalty_percent ?? 0) > 0 ||
      a.royalty_tiers ||
      (a.royalty_minimum_cents ?? 0) > 0 ||
      (a.marketing_percent ?? 0) > 0,
  );
  // The reporting periods of each frequency are the same for every agreement: made once, from twelve months
  // before the range (what an estimate looks back on) to its end; the report's own are those from `first`.
  // Reporting periods are counted whole, so sales are read from the earliest period start to the latest end,
  // and each frequency gets a table from a day of that span (days since 1970) to its period's index (-1: none).
  type Periods = { all: Period[]; first: number; indexOf: Map<string, number> };
  const periodsOf = new Map<ReportingFrequency, Periods>();
  for (const frequency of new Set(withTerms.map((a) => frequencyOf(a.reporting_frequency)))) {
    const all = reportingPeriods(frequency, addCalendarMonths(from, -12), to);
    periodsOf.set(frequency, {
      all,
      first: all.findIndex((p) => p.end >= from),
      indexOf: new Map(all.map((p, index) => [p.start, index])),
    });
  }
  const every = [...periodsOf.values()].flatMap((p) => p.all);
  const start = every.map((p) => p.start).sort()[0] ?? from;
  const end =
    every
      .map((p) => p.end)
      .sort()
      .at(-1) ?? to;
  const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
  const firstDay = dayOf(start);
  const spanDays = dayOf(end) - firstDay + 1;
  const indexTables = new Map<ReportingFrequency, Int32Array>();
  for (const [frequency, { all }] of periodsOf) {
    const table = new Int32Array(spanDays).fill(-1);
    all.forEach((p, index) => table.fill(index, dayOf(p.start) - firstDay, dayOf(p.end) - firstDay + 1));
    indexTables.set(frequency, table);
  }
  // Per agreement, each store's sales per period (store-major) and whether it reported anything in it.
  const entries = withTerms.map((a) => {
    const frequency = frequencyOf(a.reporting_frequency);
    const periods = periodsOf.get(frequency)!;
    const stores = storesOf.get(a.id) ?? [];
    return {
      a,
      frequency,
      periods,
      table: indexTables.get(frequency)!,
      stores,
      sales: new Array<number>(stores.length * periods.all.length).fill(0),
      reported: new Uint8Array(stores.length * periods.all.length),
    };
  });
  type Cover = { e: (typeof entries)[number]; slot: number };
  const covering = new Map<number, Cover[]>();
  for (const e of entries)
    e.stores.forEach((store, slot) =>
      (covering.get(store) ?? covering.set(store, []).get(store)!).push({ e, slot }),
    );
  const add = (covers: Cover[], day: number, cents: number, reported: boolean) => {
    if (day < 0 || day >= spanDays) return;
    for (const { e, slot } of covers) {
      const index = e.table[day]!;
      if (index < 0) continue;
      const at = slot * e.periods.all.length + index;
      e.sales[at] = e.sales[at]! + cents;
      if (reported) e.reported[at] = 1;
    }
  };
  // Monthly, quarterly and yearly periods are whole calendar months, so a store's monthly sums
  // (`sales_store_years`, one row per year) give the same period sums as its rows: each month's sum is added
  // on the month's first day, which falls in the period holding the whole month (a month only partly inside
  // [start, end] belongs to no such period: its first day is before `start`, or the table says -1). Weekly
  // periods cut months, so stores under a weekly agreement are read by day from `sales` itself.
  const byDay = new Set(entries.filter((e) => e.frequency === 'weekly').flatMap((e) => e.stores));
  const monthDays = new Map<number, Int32Array>();
  const monthDaysOf = (year: number) =>
    monthDays.get(year) ??
    monthDays
      .set(
        year,
        Int32Array.from({ length: 12 }, (_, m) => Date.UTC(year, m, 1) / DAY - firstDay),
      )
      .get(year)!;
  // Items are parsed in place (no string per number). Amounts are integer cents, so the order of the
  // additions never changes a sum.
  const gross = new Array<number>(12);
  for (const { store_id, items } of await repo.packedStoreYears(
    db,
    teamId,
    Number(start.slice(0, 4)),
    Number(end.slice(0, 4)),
  )) {
    const covers = covering.get(store_id);
    if (!covers || !items || byDay.has(store_id)) continue;
    const length = items.length;
    let i = 0;
    // The next integer of the item, up to a colon or a comma (both skipped).
    const next = () => {
      let sign = 1;
      if (items.charCodeAt(i) === MINUS) {
        sign = -1;
        i += 1;
      }
      let value = 0;
      for (
        let c = items.charCodeAt(i);
        i < length && c !== COLON && c !== COMMA;
        c = items.charCodeAt((i += 1))
      )
        value = value * 10 + (c - ZERO);
      i += 1;
      return value * sign;
    };
    while (i < length) {
      const days = monthDaysOf(next());
      for (let month = 0; month < 12; month += 1) gross[month] = next();
      for (let month = 0; month < 12; month += 1) {
        const rows = next();
        if (rows > 0 || gross[month] !== 0) add(covers, days[month]!, gross[month]!, rows > 0);
      }
    }
  }
  // Each sales row of a store counted by day ("day:cents", comma-separated per store).
  for (const { store_id, items } of await repo.packedSalesByStore(db, teamId, start, end, [...byDay])) {
    const covers = covering.get(store_id);
    if (!covers || !items) continue;
    const length = items.length;
    let i = 0;
    while (i < length) {
      let sign = 1;
      if (items.charCodeAt(i) === MINUS) {
        sign = -1;
        i += 1;
      }
      let day = 0;
      for (let c = items.charCodeAt(i); i < length && c !== COLON; c = items.charCodeAt((i += 1)))
        day = day * 10 + (c - ZERO);
      day = day * sign - firstDay;
      i += 1;
      sign = 1;
      if (items.charCodeAt(i) === MINUS) {
        sign = -1;
        i += 1;
      }
      let cents = 0;
      for (let c = items.charCodeAt(i); i < length && c !== COMMA; c = items.charCodeAt((i += 1)))
        cents = cents * 10 + (c - ZERO);
      i += 1;
      add(covers, day, cents * sign, true);
    }
  }

  // The indexes of the periods a period's missing report is estimated from, per frequency and period.
  const historyOf = new Map<string, number[]>();
  const history = (frequency: ReportingFrequency, periods: Periods, index: number) => {
    const key = `${frequency}|${index}`;
    return (
      historyOf.get(key) ??
      historyOf
        .set(
          key,
          estimationPeriods(frequency, periods.all[index]!).flatMap(
            (p) => periods.indexOf.get(p.start) ?? [],
          ),
        )
        .get(key)!
    );
  };
  // Each agreement's rules and year-to-date prefix sums, then `franchisee` pooling's pools (the invoice's rule).
  const prepared = entries.map((entry) => {
    const { a, frequency, stores, sales, reported } = entry;
    const tiers: Tier[] = a.royalty_tiers
      ? (JSON.parse(a.royalty_tiers) as Array<{ from_sales: number; percent: number }>).map((t) => ({
          from_cents: toCents(t.from_sales),
          percent: t.percent,
        }))
      : [];
    const term = royaltyTerm(a);
    const count = entry.periods.all.length;
    // Tiers, pooling and cap as the brand's invoices read them, through the invoice's own computation.
    const brand = rules(a.brand_id);
    const rulesOf = royaltyRules({
      frequency,
      percent: a.royalty_percent,
      tiers,
      minimumCents: a.royalty_minimum_cents === null ? null : Number(a.royalty_minimum_cents),
      marketingPercent: a.marketing_percent,
      termStart: term.start,
      termEnd: term.end,
      minimumApplies: a.status === 'open',
      tierBasis: brand.tierBasis,
      pooling: brand.pooling,
      capCents: brand.capCents,
      capIncludesMarketing: brand.capIncludesMarketing,
    });
    // Year to date, each store's reported sales before each period (invoices read the same): prefix sums per
    // store, so the sales from the tier year's first period to the period are one difference.
    const prefix = brand.tierBasis === 'year_to_date' ? new Float64Array(stores.length * (count + 1)) : null;
    if (prefix)
      for (let slot = 0; slot < stores.length; slot += 1)
        for (let j = 0; j < count; j += 1) {
          const at = slot * (count + 1) + j;
          prefix[at + 1] = prefix[at]! + (reported[slot * count + j] ? sales[slot * count + j]! : 0);
        }
    return { ...entry, term, count, brand, rulesOf, prefix };
  });
  type Prepared = (typeof prepared)[number];
  /**
   * Fills `cents` and `before` with each store's sales of the period at `index` (estimated or missing where a
   * report that was due is not in) and their tier-year sales before it, counting estimates and gaps in `counts`;
   * returns the first day of the tier year's sales (year to date only).
   */
  const periodInputs = (
    p: Prepared,
    index: number,
    cents: Array<number | null>,
    before: number[],
    counts: { estimated: number; missing: number },
  ) => {
    const { frequency, periods, stores, sales, reported, term, count, prefix } = p;
    const period = periods.all[index]!;
    // A report is expected once its period has ended, and only of a period in the agreement's term.
    const expected = period.end < today && inTerm(term, period);
    for (let slot = 0; slot < stores.length; slot += 1) {
      const at = slot * count + index;
      if (reported[at] || !expected) {
        cents[slot] = sales[at]!;
        continue;
      }
      const estimate = estimateFrom(
        history(frequency, periods, index).flatMap((j) =>
          reported[slot * count + j] ? [sales[slot * count + j]!] : [],
        ),
      );
      if (estimate === null) counts.missing += 1;
      else counts.estimated += 1;
      // A store that cannot be estimated holds its unit back (the pool, or itself per store), as on the
      // invoice; `missingAtMinimum` counts it with what is known instead, so at least its minimum, owed
      // whatever the missing sales were.
      cents[slot] = estimate ?? (missingAtMinimum ? 0 : null);
    }
    const since =
      prefix !== null ? tierSalesFrom(frequency, p.brand.tierYear, period.start, term.anniversary) : null;
    if (prefix && since !== null) {
      // The periods table reaches twelve months before the range, so it holds the whole tier year.
      const fromIndex = periods.indexOf.get(since) ?? 0;
      for (let slot = 0; slot < stores.length; slot += 1)
        before[slot] = prefix[slot * (count + 1) + index]! - prefix[slot * (count + 1) + fromIndex]!;
    }
    return since;
  };

  // `franchisee` pooling: per pooled agreement, its share of each period's royalty read across its pool, from
  // the same inputs as its own figures, for the periods in its term (as the invoice bills them).
  const pools = franchiseePools(
    prepared
      .filter((p) => p.brand.pooling === 'franchisee')
      .map((p) => ({
        id: p.a.id,
        label: agreementLabel(p.a.agreement_number, p.a.id),
        // A deleted franchisee company is invoiced no more, so it pools nothing either.
        franchiseeId: p.a.franchisee_deleted_at === null ? p.a.franchisee_id : null,
        franchiseeName: p.a.franchisee_name,
        brandId: p.a.brand_id,
        status: p.a.status,
        rules: p.rulesOf,
        tierYear: p.brand.tierYear,
        anniversary: p.term.anniversary,
      })),
  );
  const sharesOf = new Map<number, Array<PoolShare | undefined>>();
  type Member = { id: number; label: string; salesCents: number | null; beforeCents: number };
  const poolPeriods = new Map<number, Map<number, Member[]>>();
  for (const p of prepared) {
    const pool = pools.get(p.a.id);
    if (!pool) continue;
    const byIndex =
      poolPeriods.get(pool.members[0]!) ??
      poolPeriods.set(pool.members[0]!, new Map()).get(pool.members[0]!)!;
    const cents = new Array<number | null>(p.stores.length).fill(0);
    const before = new Array<number>(p.stores.length).fill(0);
    for (let index = p.periods.first; index < p.count; index += 1) {
      if (!inTerm(p.term, p.periods.all[index]!)) continue;
      periodInputs(p, index, cents, before, { estimated: 0, missing: 0 });
      const { sum, beforeSum } = unitSales(cents, before);
      (byIndex.get(index) ?? byIndex.set(index, []).get(index)!).push({
        id: p.a.id,
        label: agreementLabel(p.a.agreement_number, p.a.id),
        salesCents: sum,
        beforeCents: beforeSum,
      });
    }
  }
  const rulesById = new Map(prepared.map((p) => [p.a.id, p.rulesOf]));
  for (const [first, byIndex] of poolPeriods)
    for (const [index, members] of byIndex)
      for (const [id, share] of sharePeriod(
        rulesById.get(first)!,
        members.sort((x, y) => x.id - y.id),
      ))
        (sharesOf.get(id) ?? sharesOf.set(id, []).get(id)!)[index] = share;

  return prepared.map((p) => {
    const { a, frequency, periods, stores, count } = p;
    const { tierBasis, tierYear, pooling } = p.brand;
    const cents = new Array<number | null>(stores.length).fill(0);
    const before = new Array<number>(stores.length).fill(0);
    const result = emptyRoyaltyResult();
    const counts = { estimated: 0, missing: 0 };
    const shares = sharesOf.get(a.id);
    let tiersFrom: string | null = null;
    let waiting = 0;
    for (let index = periods.first; index < count; index += 1) {
      const period = periods.all[index]!;
      // As on the invoice: a period wholly outside the agreement's term owes nothing under it, whatever the
      // store sold then (before opening, or after a termination while another agreement covers it).
      if (!inTerm(p.term, period)) continue;
      const since = periodInputs(p, index, cents, before, counts);
      const share = shares?.[index];
      // Another pooled agreement's missing report holds this one's period back as well.
      if (share && share.royaltyCents === null && unitSales(cents, before).sum !== null) waiting += 1;
      const charges = periodCharges(p.rulesOf, period, cents, before, share ? share.royaltyCents : undefined);
      if (addCharges(result, charges) && since !== null) tiersFrom = since;
    }
    const pool = pools.get(a.id);
    return {
      agreement: {
        id: a.id,
        agreement_number: a.agreement_number,
        brand: a.brand_name,
        franchisee: a.franchisee_name,
      },
      store_count: stores.length,
      reporting_frequency: frequency,
      periods: result.periods,
      basis: counts.missing ? 'missing' : counts.estimated ? 'estimated' : 'reported',
      estimated_reports: counts.estimated,
      missing_reports: counts.missing,
      sales: toDollars(result.salesCents),
      royalty: toDollars(result.royaltyCents),
      minimum_top_up: toDollars(result.topUpCents),
      marketing: toDollars(result.marketingCents),
      total_due: toDollars(result.totalCents),
      tiers: {
        basis: tierBasis,
        year: tierYear,
        since: tiersFrom,
        pooling,
        ...(pool
          ? {
              pool: {
                franchisee: pool.franchisee,
                agreements: pool.labels,
                apart: pool.apart,
                waiting_periods: waiting,
              },
            }
          : {}),
      },
    };
  });
}

/**
 * How a row's tiers read, in words, as the report's screen says it beside the royalty: per store, pooled across
 * the agreement's stores, or pooled across its franchisee's agreements (naming them, those kept apart because
 * their terms differ, and periods waiting on a pooled agreement's missing report).
 */
export function poolingReading(row: Pick<RoyaltyDue, 'store_count' | 'tiers'>): string {
  const { pooling, pool } = row.tiers;
  const stores =
    row.store_count === 0
      ? 'no stores'
      : row.store_count === 1
        ? 'one store'
        : pooling === 'per_store'
          ? 'per store'
          : `pooled across ${row.store_count} stores`;
  if (!pool) return stores;
  const parts: string[] = [];
  if (pool.agreements.length > 1)
    parts.push(
      `pooled across ${pool.agreements.length} of the franchisee's agreements (${pool.agreements.join(', ')})`,
    );
  if (pool.apart.length) parts.push(`not pooled with ${pool.apart.join(', ')}: royalty terms differ`);
  if (pool.waiting_periods)
    parts.push(
      `${pool.waiting_periods} ${pool.waiting_periods === 1 ? 'period waits' : 'periods wait'} on a pooled agreement's missing report`,
    );
  return parts.length ? parts.join('; ') : stores;
}

/**
 * The royalties report as CSV, serialised as it is written, through the one CSV writer (names such as a brand's
 * or a store's are user text and are escaped like every export's; amounts are numbers with two decimals).
 */
export async function royaltiesCsv(
  deps: Deps,
  actor: Actor,
  raw: Raw,
): Promise<{ stream: Readable; fileName: string }> {
  const { from, to } = reportRange(raw);
  const rows = await royaltiesReport(deps, actor, raw);
  const money = (dollars: number) => new Fixed(dollars);
  const stream = csvStream(
    (async function* (): AsyncGenerator<Cell[]> {
      yield [
        'Agreement',
        'Brand',
        'Franchisee',
        'Stores',
        'Pooling',
        'Reporting',
        'Periods',
        'Basis',
        'Estimated reports',
        'Missing reports',
        'Sales',
        'Royalty',
        'Minimum top-up',
        'Marketing fund',
        'Total due',
      ];
      for (const r of rows)
        yield [
          r.agreement.agreement_number ?? `#${r.agreement.id}`,
          r.agreement.brand,
          r.agreement.franchisee ?? '',
          r.store_count,
          poolingReading(r),
          r.reporting_frequency,
          r.periods,
          r.basis,
          r.estimated_reports,
          r.missing_reports,
          money(r.sales),
          money(r.royalty),
          money(r.minimum_top_up),
          money(r.marketing),
          money(r.total_due),
        ];
    })(),
  );
  return { stream, fileName: `royalties-${from}-${to}.csv` };
}
