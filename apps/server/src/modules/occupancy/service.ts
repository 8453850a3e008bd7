import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  addCalendarMonths,
  monthlyRowCents,
  OCCUPANCY_RANKING_LIMIT,
  toCents,
  trailingTwelveMonths,
  type OccupancyOption,
  type OccupancyRanking,
  type StoreOccupancy,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion, cachedForTeam } from '../../platform/team-cache';
import { getLease, leaseIdsOfStores, payableLeases } from '../leases/index';
import { percentageTermsOfLeases, type SalesFigure } from '../percentage-rent/index';
import { findLive, recordPolicy } from '../records/index';
import { storesSalesByDay } from '../sales/index';
import { stores, storesWithoutOccupancy, writeStoreOccupancy } from '../stores/index';
import { teamCalendar } from '../teams/index';
import { leaseCost, storeOccupancy, type OccupancyCents, type Window } from './calculations';
import * as repo from './repository';

const dollars = (cents: number) => cents / 100;

/** Each store's figure over the trailing twelve months before `today`'s month. */
async function figuresOf(
  db: Executor,
  teamId: number,
  storeIds: number[],
  today: string,
): Promise<{ window: Window; figures: Map<number, OccupancyCents> }> {
  const window = trailingTwelveMonths(today);
  const leases = await payableLeases(db, teamId, await leaseIdsOfStores(db, teamId, storeIds));
  const termsOf = await percentageTermsOfLeases(
    db,
    teamId,
    leases.map((l) => l.id),
  );
  // A lease year overlapping the window starts at most a year before it and runs on to today at most: its
  // percentage rent is attributed by all its sales.
  const sales = await storesSalesByDay(db, teamId, storeIds, addCalendarMonths(window.start, -12), today);
  const salesOf = new Map<number, SalesFigure[]>();
  for (const s of sales)
    salesOf.set(s.store_id, [
      ...(salesOf.get(s.store_id) ?? []),
      { period_start: s.day, gross_cents: s.gross },
    ]);
  const figures = new Map<number, OccupancyCents>();
  for (const storeId of storeIds) {
    const storeSales = salesOf.get(storeId) ?? [];
    const costs = leases
      .filter((lease) => lease.store_id === storeId)
      .map((lease) =>
        leaseCost(
          {
            ...lease,
            rate: lease.percentage_rent_rate,
            breakpoint_cents: lease.percentage_rent_breakpoint_cents,
          },
          termsOf(lease.id),
          storeSales,
          today,
          window,
        ),
      );
    figures.set(storeId, storeOccupancy(costs, storeSales, window));
  }
  return { window, figures };
}

/**
 * Recomputes the stored figure of these stores inside the caller's transaction: the listener of every write
 * that changes what a store pays or sells (platform/store-changes.ts), and the monthly refresh.
 */
export async function recomputeOccupancy(trx: Executor, teamId: number, storeIds: number[]) {
  const { today } = await teamCalendar(trx, teamId);
  const { window, figures } = await figuresOf(trx, teamId, storeIds, today);
  await writeStoreOccupancy(
    trx,
    teamId,
    [...figures].map(([storeId, figure]) => ({
      store_id: storeId,
      ratio: figure.ratio,
      period: window.months.at(-1)!,
      missing: figure.missing_months.length,
    })),
  );
}

const REFRESH_BATCH = 100;

/**
 * The hourly housekeeping's part: every team's stores whose figure is not for the current window (the month
 * rolled over in the team's time zone, or a store never had one) are recomputed, a batch per transaction.
 * Requests get a turn of the event loop between batches: on the first of a month every store of every team is
 * due, and SQLite's reads, being synchronous, chain as microtasks that would otherwise hold every request
 * until the last store is done.
 */
export async function refreshOccupancy(
  deps: Deps,
  { batch = REFRESH_BATCH, signal }: { batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let refreshed = 0;
  for (const team of await repo.teamIds(deps.db)) {
    // Stopped (the app is closing): the stores left keep their old figure until the next run.
    if (signal?.aborted) break;
    const { today } = await teamCalendar(deps.db, team);
    const period = trailingTwelveMonths(today).months.at(-1)!;
    let afterId = 0;
    while (!signal?.aborted) {
      const ids = await storesWithoutOccupancy(deps.db, team, period, batch, afterId);
      if (!ids.length) break;
      afterId = ids.at(-1)!;
      await writeTransaction(deps.db, async (trx) => {
        await recomputeOccupancy(trx, team, ids);
        await bumpTeamWriteVersion(trx, team);
      });
      refreshed += ids.length;
      await nextTurn();
    }
  }
  return refreshed;
}

/** A live store `actor` may see, or 404 (another team's, or another franchisee's for a member so limited). */
async function visibleStore(deps: Deps, actor: Actor, storeId: number) {
  authorize(recordPolicy.view(actor));
  const store = await findLive(deps.db, stores, actor.teamId, storeId);
  const companies = actor.scope.companyIds;
  if (companies !== null && (store.company_id === null || !companies.includes(store.company_id)))
    throw notFound(stores.label);
  return store;
}

const ratioWith = (occupancyCents: number, salesCents: number, complete: boolean) =>
  complete && salesCents > 0 ? occupancyCents / salesCents : null;

/** The store's figure computed now, with each lease's share and its renewal options' ratios. */
export async function occupancyOfStore(deps: Deps, actor: Actor, storeId: number): Promise<StoreOccupancy> {
  const store = await visibleStore(deps, actor, storeId);
  const { today } = await teamCalendar(deps.db, actor.teamId);
  const { window, figures } = await figuresOf(deps.db, actor.teamId, [storeId], today);
  const figure = figures.get(storeId)!;
  const complete = figure.missing_months.length === 0;
  const options: OccupancyOption[] = [];
  for (const cost of figure.leases) {
    const lease = await getLease(deps, actor, cost.id);
    lease.options.forEach((option, position) => {
      if (option.kind !== 'renewal' || option.status !== 'open') return;
      const next =
        option.windows.find((w) => w.state === 'open') ?? option.windows.find((w) => w.state === 'future');
      if (!next) return;
      const row = lease.rent_schedule.find(
        (r) => r.start_date <= next.renewal.start && next.renewal.start <= r.end_date,
      );
      const atOption =
        row === undefined
          ? null
          : monthlyRowCents(
              { monthly_cents: toCents(row.monthly_amount), per_sqft_cents: toCents(row.amount_per_sqft) },
              lease.rentable_sqft,
            );
      options.push({
        lease: { id: lease.id, reference: lease.reference },
        position,
        kind: option.kind,
        notice_deadline: next.latest.date,
        renewal_start: next.renewal.start,
        monthly_rent_today: lease.monthly_rent,
        monthly_rent_at_option: atOption === null ? null : dollars(atOption),
        ratio_today: figure.ratio,
        ratio_at_option:
          atOption === null
            ? null
            : ratioWith(
                figure.occupancy_cents - cost.rent_cents + 12 * atOption,
                figure.sales_cents,
                complete,
              ),
      });
    });
  }
  return {
    store: { id: store.id, name: store.name },
    period: { start: window.start, end: window.end },
    rent: dollars(figure.rent_cents),
    charges: dollars(figure.charges_cents),
    percentage_rent: dollars(figure.percentage_cents),
    occupancy_cost: dollars(figure.occupancy_cents),
    sales: dollars(figure.sales_cents),
    ratio: figure.ratio,
    complete,
    missing_months: figure.missing_months,
    leases: figure.leases.map((l) => ({
      id: l.id,
      reference: l.reference,
      rent: dollars(l.rent_cents),
      charges: dollars(l.charges_cents),
      percentage_rent: dollars(l.percentage_cents),
    })),
    options,
  };
}

/**
 * The dashboard's ranking: the stores with the highest stored ratio, each beside its brand's median, read
 * from the indexes of 0048 (never computed per request).
 */
export async function occupancyRanking(deps: Deps, actor: Actor): Promise<OccupancyRanking> {
  authorize(recordPolicy.view(actor));
  const { today } = await teamCalendar(deps.db, actor.teamId);
  const window = trailingTwelveMonths(today);
  const period = window.months.at(-1)!;
  return cachedForTeam(deps.db, actor.teamId, `occupancy-ranking:${period}`, async () => {
    const top = await repo.highestRatios(deps.db, actor.teamId, period, OCCUPANCY_RANKING_LIMIT);
    const medians = new Map<number, number | null>();
    for (const brandId of new Set(top.map((s) => s.brand_id).filter((id): id is number => id !== null)))
      medians.set(brandId, await repo.brandMedian(deps.db, actor.teamId, brandId, period));
    return {
      period: { start: window.start, end: window.end },
      stores: top.map((s) => ({
        id: s.id,
        name: s.name,
        brand: s.brand_id === null ? null : { id: s.brand_id, name: s.brand_name ?? '' },
        ratio: Number(s.occupancy_ratio),
        brand_median: s.brand_id === null ? null : (medians.get(s.brand_id) ?? null),
      })),
      incomplete: await repo.incompleteCount(deps.db, actor.teamId),
    };
  });
}
