import { describe, expect, it, vi } from 'vitest';
import type { OccupancyRanking, Store, StoreOccupancy } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildBrand,
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { createBackground } from '../../platform/background';
import { refreshOccupancy } from './service';

const ctx = useTestApp();

const occupancyOf = async (client: TestClient, storeId: number) => {
  const response = await client.get<{ data: StoreOccupancy }>(`/app/api/v1/stores/${storeId}/occupancy`);
  expect(response.status).toBe(200);
  return response.body.data;
};

/** The window's months (YYYY-MM-01), as the empty figure names them missing. */
const windowMonths = (figure: StoreOccupancy) => figure.missing_months.map((month) => `${month}-01`);

/** A lease in force all through the window: `monthly` rent, `charges` a month, optional percentage rent. */
async function leaseFor(
  client: TestClient,
  storeId: number,
  monthly: number,
  extra: Record<string, unknown> = {},
) {
  return buildLease(client, {
    store_id: storeId,
    status: 'active',
    commencement_date: '2000-01-01',
    expiration_date: '2099-12-31',
    rent_schedule: [{ start_date: '2000-01-01', end_date: '2099-12-31', monthly_amount: monthly }],
    ...extra,
  });
}

async function sell(client: TestClient, storeId: number, months: string[], gross: number) {
  const saved = await client.post('/app/api/v1/sales/batch', {
    rows: months.map((period_start) => ({ store_id: storeId, period: 'month', period_start, gross })),
  });
  expect(saved.status).toBe(200);
}

describe('occupancy cost', () => {
  it('sums rent, charges and percentage rent over the trailing twelve months, to the cent, with its ratio', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Riverside' });
    const empty = await occupancyOf(admin, store.id);
    // Nothing sold yet: every month of the window is missing and there is no ratio, never a zero.
    expect(empty.missing_months).toHaveLength(12);
    expect(empty).toMatchObject({ occupancy_cost: 0, sales: 0, ratio: null, complete: false });
    const months = windowMonths(empty);
    expect(months[0]).toBe(empty.period.start);

    const lease = await leaseFor(admin, store.id, 5000, {
      reference: 'L-OCC',
      charges: [
        { kind: 'cam', monthly_amount: 800.25 },
        { kind: 'taxes', monthly_amount: 199.75 },
      ],
      percentage_rent_rate: 6,
      percentage_rent_breakpoint: 1000000,
      options: [{ kind: 'renewal', count: 1, length_months: 60, notice_days: 180 }],
    });
    // Lease years start on the window's first month, so one lease year is exactly the window.
    const terms = await admin.put(`/app/api/v1/leases/${lease.id}/percentage-rent`, {
      breakpoint_kind: 'artificial',
      lease_year_start: 'month',
      lease_year_month: Number(empty.period.start.slice(5, 7)),
    });
    expect(terms.status).toBe(200);
    await sell(admin, store.id, months, 100000.01);

    const figure = await occupancyOf(admin, store.id);
    // Rent 12 × 5,000 = 60,000. Charges 12 × (800.25 + 199.75) = 12,000. Sales 12 × 100,000.01 = 1,200,000.12.
    // Percentage rent: (1,200,000.12 − 1,000,000) × 6 % = 12,000.0072 → 12,000.01 (half up to the cent).
    // Occupancy 60,000 + 12,000 + 12,000.01 = 84,000.01; ratio 84,000.01 ÷ 1,200,000.12 = 0.069999…
    expect(figure).toMatchObject({
      store: { id: store.id, name: 'Riverside' },
      rent: 60000,
      charges: 12000,
      percentage_rent: 12000.01,
      occupancy_cost: 84000.01,
      sales: 1200000.12,
      complete: true,
      missing_months: [],
    });
    expect(figure.ratio).toBeCloseTo(8400001 / 120000012, 12);
    expect(figure.leases).toEqual([
      { id: lease.id, reference: 'L-OCC', rent: 60000, charges: 12000, percentage_rent: 12000.01 },
    ]);
    // The renewal (from 2100-01-01) has no rent scheduled yet: the ratio today, nothing invented for it.
    expect(figure.options).toEqual([
      expect.objectContaining({
        lease: { id: lease.id, reference: 'L-OCC' },
        position: 0,
        renewal_start: '2100-01-01',
        monthly_rent_today: 5000,
        monthly_rent_at_option: null,
        ratio_at_option: null,
      }),
    ]);

    // The renewal's rent written into the schedule: 6,000 a month replaces this lease's 60,000 of rent
    // with 72,000: (84,000.01 − 60,000 + 72,000) ÷ 1,200,000.12.
    const patched = await admin.patch(`/app/api/v1/leases/${lease.id}`, {
      rent_schedule: [
        { start_date: '2000-01-01', end_date: '2099-12-31', monthly_amount: 5000 },
        { start_date: '2100-01-01', end_date: '2104-12-31', monthly_amount: 6000 },
      ],
    });
    expect(patched.status).toBe(200);
    const option = (await occupancyOf(admin, store.id)).options[0]!;
    expect(option.monthly_rent_at_option).toBe(6000);
    expect(option.ratio_today).toBeCloseTo(8400001 / 120000012, 12);
    expect(option.ratio_at_option).toBeCloseTo(9600001 / 120000012, 12);

    // The list carries the stored figure and sorts by it.
    const list = await admin.get<{ data: Store[] }>('/app/api/v1/stores?sort=occupancy_ratio&direction=desc');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: store.id, occupancy_incomplete: false });
    expect(list.body.data[0]!.occupancy_ratio).toBeCloseTo(8400001 / 120000012, 12);
  });

  it('names a month without sales and gives no ratio until it is reported', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Gap' });
    const months = windowMonths(await occupancyOf(admin, store.id));
    await leaseFor(admin, store.id, 1000);
    await sell(admin, store.id, months.slice(0, 11), 50000);
    const figure = await occupancyOf(admin, store.id);
    expect(figure).toMatchObject({
      rent: 12000,
      sales: 550000,
      ratio: null,
      complete: false,
      missing_months: [months[11]!.slice(0, 7)],
    });
    const listed = await admin.get<{ data: Store }>(`/app/api/v1/stores/${store.id}`);
    expect(listed.body.data).toMatchObject({ occupancy_ratio: null, occupancy_incomplete: true });
    const ranking = await admin.get<{ data: OccupancyRanking }>('/app/api/v1/dashboard/occupancy');
    expect(ranking.body.data).toMatchObject({ stores: [], incomplete: 1 });

    // Reporting the month completes it: 12,000 ÷ 600,000.
    await sell(admin, store.id, [months[11]!], 50000);
    const listedAfter = await admin.get<{ data: Store }>(`/app/api/v1/stores/${store.id}`);
    expect(listedAfter.body.data).toMatchObject({ occupancy_ratio: 0.02, occupancy_incomplete: false });
  });

  it('ranks stores by ratio beside their brand’s median', async () => {
    const { admin } = await teamWithRoles(ctx);
    const north = await buildBrand(admin, { name: 'North' });
    const south = await buildBrand(admin, { name: 'South' });
    let months: string[] = [];
    const storeWith = async (name: string, brandId: number, monthly: number) => {
      const store = await buildStore(admin, { name, brand_id: brandId });
      if (!months.length) months = windowMonths(await occupancyOf(admin, store.id));
      await leaseFor(admin, store.id, monthly);
      await sell(admin, store.id, months, 100000);
      return store;
    };
    // Sales 1,200,000 each; rent 12 × 5,000 / 7,000 / 10,000 / 3,000 → 5 %, 7 %, 10 %, 3 %.
    const a = await storeWith('North A', north.id, 5000);
    const b = await storeWith('North B', north.id, 7000);
    const c = await storeWith('North C', north.id, 10000);
    const d = await storeWith('South D', south.id, 3000);
    const response = await admin.get<{ data: OccupancyRanking }>('/app/api/v1/dashboard/occupancy');
    expect(response.status).toBe(200);
    const ranking = response.body.data;
    expect(ranking.stores.map((s) => [s.id, s.ratio, s.brand_median])).toEqual([
      [c.id, 0.1, 0.07],
      [b.id, 0.07, 0.07],
      [a.id, 0.05, 0.07],
      [d.id, 0.03, 0.03],
    ]);
    expect(ranking.stores[0]!.brand).toEqual({ id: north.id, name: 'North' });
    expect(ranking.incomplete).toBe(0);
    const sorted = await admin.get<{ data: Store[] }>(
      '/app/api/v1/stores?sort=occupancy_ratio&direction=asc',
    );
    expect(sorted.body.data.map((s) => s.id)).toEqual([d.id, a.id, b.id, c.id]);
  });

  it('recomputes stores whose figure is not for the current window', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Fresh' });
    // A store created without leases or sales has no stored window yet; the hourly refresh gives it one.
    expect(await refreshOccupancy(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const row = await ctx.db
      .selectFrom('stores')
      .select(['occupancy_period', 'occupancy_missing'])
      .where('id', '=', store.id)
      .executeTakeFirstOrThrow();
    const figure = await occupancyOf(admin, store.id);
    expect(row).toEqual({ occupancy_period: figure.period.end.slice(0, 7), occupancy_missing: 12 });
    expect(await refreshOccupancy(ctx.app.deps)).toBe(0);
  });

  it('lets requests in between the refresh’s batches', async () => {
    const { admin } = await teamWithRoles(ctx);
    for (let i = 0; i < 3; i += 1) await buildStore(admin, { name: `Batch ${i}` });
    // A timer stands for the next request: it runs only in a turn of the event loop, which a refresh made of
    // resolved promises alone would not give until its end.
    let refreshedWhenTimerRan = -1;
    let refreshed = 0;
    setTimeout(() => (refreshedWhenTimerRan = refreshed), 0);
    refreshed = await refreshOccupancy(ctx.app.deps, { batch: 1 });
    expect(refreshed).toBeGreaterThanOrEqual(3);
    expect(refreshedWhenTimerRan).toBe(0);
  });

  it('ends when the month turns while it runs', async () => {
    const { admin } = await teamWithRoles(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await buildStore(admin, { name: `Turning ${i}` })).id);
    // The refresh asks for stores whose figure is not for the month it started in; once the clock has moved, the
    // figures it writes are for the next one. Asked from the start each time, it found them again, for ever.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-12-15T12:00:00Z'));
      await refreshOccupancy(ctx.app.deps);
      await ctx.db.updateTable('stores').set({ occupancy_period: null }).where('id', 'in', ids).execute();
      setTimeout(() => vi.setSystemTime(new Date('2027-02-15T12:00:00Z')), 0);
      // Other teams' stores of this database may fall due too once the clock has moved.
      expect(await refreshOccupancy(ctx.app.deps, { batch: 1 })).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
    }
    const periods = await ctx.db
      .selectFrom('stores')
      .select('occupancy_period')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    // The first batch may have been computed before the clock moved (SQLite's reads give no turn in between).
    expect(periods.at(-1)!.occupancy_period).toBe('2027-01');
    for (const { occupancy_period } of periods) expect(['2026-11', '2027-01']).toContain(occupancy_period);
  });

  it('stops between batches when the app closes, and the close waits for it', async () => {
    const { admin } = await teamWithRoles(ctx);
    for (let i = 0; i < 3; i += 1) await buildStore(admin, { name: `Closing ${i}` });
    const background = createBackground();
    let settled = false;
    const run = background.run((signal) => refreshOccupancy(ctx.app.deps, { batch: 1, signal }));
    void run.finally(() => (settled = true));
    await background.stop();
    expect(settled).toBe(true);
    expect(await run).toBe(0);
    // What it left is done by the next run.
    expect(await refreshOccupancy(ctx.app.deps)).toBeGreaterThanOrEqual(3);
  });

  it('is 404 for another team and for another franchisee’s store; the ranking is the franchisor’s', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const mine = await buildCompany(admin, { name: 'North Franchise LLC', kind: 'franchisee' });
    const theirs = await buildCompany(admin, { name: 'South Franchise LLC', kind: 'franchisee' });
    const myStore = await buildStore(admin, { name: 'North Store', company_id: mine.id });
    const theirStore = await buildStore(admin, { name: 'South Store', company_id: theirs.id });
    const member = await buildMember(ctx, team.id, 'manager');
    const scoped = await admin.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [mine.id],
    });
    expect(scoped.status).toBe(200);
    const franchisee = await signIn(ctx, member.email);
    expect((await franchisee.get(`/app/api/v1/stores/${myStore.id}/occupancy`)).status).toBe(200);
    expect((await franchisee.get(`/app/api/v1/stores/${theirStore.id}/occupancy`)).status).toBe(404);
    expect((await franchisee.get('/app/api/v1/dashboard/occupancy')).status).toBe(403);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get(`/app/api/v1/stores/${myStore.id}/occupancy`)).status).toBe(404);
  });
});
