import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import {
  buildAgreement,
  buildBrand,
  buildLease,
  buildReminder,
  buildStore,
  teamWithRoles,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();

type TimelineItem = { source: string; due_date: string; subject: { type: string; id: number } | null };

async function portfolio() {
  const roles = await teamWithRoles(ctx);
  const { admin } = roles;
  const today = todayIso();
  const year = Number(today.slice(0, 4));
  const austin = await buildStore(admin, { name: 'Austin', latitude: 30.27, longitude: -97.74 });
  const dallas = await buildStore(admin, { name: 'Dallas', latitude: 32.78, longitude: -96.8 });
  const unlocated = await buildStore(admin, { name: 'Nowhere' });
  const brand = await buildBrand(admin, { name: 'Harbor Grill' });
  // Austin: expires in 200 days with a renewal notice in 20; Dallas: expires in three years; Nowhere: in 40 days.
  const soon = await buildLease(admin, {
    store_id: austin.id,
    status: 'active',
    commencement_date: addDaysIso(today, -1000),
    expiration_date: addDaysIso(today, 200),
    options: [{ kind: 'renewal', notice_days: 180, notice_from: 'expiration' }],
  });
  const later = await buildLease(admin, {
    store_id: dallas.id,
    status: 'active',
    expiration_date: `${year + 3}-06-30`,
  });
  await buildLease(admin, {
    store_id: unlocated.id,
    status: 'holdover',
    expiration_date: addDaysIso(today, 40),
  });
  // Neither a draft nor a deleted lease counts in the chart.
  await buildLease(admin, {
    store_id: dallas.id,
    status: 'draft',
    expiration_date: `${year + 3}-01-31`,
  });
  const deleted = await buildLease(admin, {
    store_id: dallas.id,
    status: 'active',
    expiration_date: `${year + 3}-02-28`,
  });
  await admin.delete(`/app/api/v1/leases/${deleted.id}`);
  const agreement = await buildAgreement(admin, {
    brand_id: brand.id,
    store_ids: [dallas.id],
    status: 'open',
    expiration_date: addDaysIso(today, 300),
  });
  // A manual reminder stays in the inbox, not on the timeline.
  await buildReminder(admin, { title: 'Call the landlord', due_date: addDaysIso(today, 10) });
  return {
    ...roles,
    today,
    year,
    austin,
    dallas,
    soon,
    later,
    agreement,
  };
}

describe('dashboard', () => {
  it('lists the next 12 months of open critical dates soonest first, each with its record', async () => {
    const { admin, observer, today, soon, agreement } = await portfolio();
    const { timeline } = (await admin.get('/app/api/v1/dashboard')).body.data;
    expect(timeline.map((item: TimelineItem) => [item.source, item.due_date, item.subject?.type])).toEqual([
      ['option_notice', addDaysIso(today, 20), 'lease'],
      ['lease_expiration', addDaysIso(today, 40), 'lease'],
      ['lease_expiration', addDaysIso(today, 200), 'lease'],
      ['agreement_expiration', addDaysIso(today, 300), 'agreement'],
    ]);
    expect(timeline[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.stringContaining('Austin'),
      subject: { type: 'lease', id: soon.id },
    });
    expect(timeline[3].subject).toEqual({ type: 'agreement', id: agreement.id });
    // Completing a reminder takes it off the timeline; observers see the same dashboard.
    await admin.patch(`/app/api/v1/reminders/${timeline[0].id}`, { read: true });
    const after = (await observer.get('/app/api/v1/dashboard')).body.data.timeline;
    expect(after.map((item: TimelineItem) => item.source)).toEqual([
      'lease_expiration',
      'lease_expiration',
      'agreement_expiration',
    ]);
  });

  it('counts live active and holdover lease expirations per year for ten years', async () => {
    const { admin, today, year } = await portfolio();
    const { lease_expirations } = (await admin.get('/app/api/v1/dashboard')).body.data;
    expect(lease_expirations).toHaveLength(10);
    expect(lease_expirations[0].year).toBe(year);
    const counts = Object.fromEntries(
      lease_expirations.map((row: { year: number; count: number }) => [row.year, row.count]),
    );
    const expected: Record<number, number> = {};
    for (let y = year; y < year + 10; y++) expected[y] = 0;
    for (const date of [addDaysIso(today, 200), addDaysIso(today, 40)])
      expected[Number(date.slice(0, 4))]! += 1;
    expected[year + 3]! += 1;
    expect(counts).toEqual(expected);
    // The counts are cached per team write version: a lease write shows at once.
    await buildLease(admin, {
      store_id: (await buildStore(admin, { name: 'Later' })).id,
      status: 'active',
      expiration_date: `${year + 5}-03-01`,
    });
    const after = (await admin.get('/app/api/v1/dashboard')).body.data.lease_expirations;
    expect(after[5]).toEqual({ year: year + 5, count: expected[year + 5]! + 1 });
  });

  it('puts located stores on the map, nearest deadline first, with that deadline', async () => {
    const { admin, today, austin, dallas } = await portfolio();
    const { map_stores, stats, stores } = (await admin.get('/app/api/v1/dashboard')).body.data;
    expect(map_stores).toEqual([
      {
        id: austin.id,
        name: 'Austin',
        latitude: 30.27,
        longitude: -97.74,
        next_deadline: addDaysIso(today, 20),
      },
      // Dallas's lease ends in three years, but its franchise agreement within the year.
      {
        id: dallas.id,
        name: 'Dallas',
        latitude: 32.78,
        longitude: -96.8,
        next_deadline: addDaysIso(today, 300),
      },
    ]);
    // The fields the spec names stay as they were.
    expect(Object.keys(stats).sort()).toEqual([
      'expenditure',
      'locations',
      'near_expiration',
      'near_renewal_notice',
      'overdue',
      'unverified',
    ]);
    expect(stats.locations).toBe(3);
    // The store list: nearest lease expiry first (Nowhere in 40 days, Austin in 200, Dallas in years).
    expect(stores.map((s: { name: string }) => s.name)).toEqual(['Nowhere', 'Austin', 'Dallas']);
  });

  it('recomputes cached figures after writes and settings changes', async () => {
    const { admin, team, dallas, agreement } = await portfolio();
    const before = (await admin.get('/app/api/v1/dashboard')).body.data;
    // Dallas's two leases (active and draft) both end years after its agreement.
    expect(new Set(before.alignment_warnings.map((w: { store: { id: number } }) => w.store.id))).toEqual(
      new Set([dallas.id]),
    );
    // The tolerance is a setting (no record write): it is part of the cache key.
    await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { alignment_days: 3000 });
    expect((await admin.get('/app/api/v1/dashboard')).body.data.alignment_warnings).toEqual([]);
    await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { alignment_days: 90, window_days: 365 });
    expect((await admin.get('/app/api/v1/dashboard')).body.data.stats.near_expiration).toBe(
      before.stats.near_expiration + 1,
    );
    // Deleting the agreement (a record write) clears its warning; deleting a store changes the count.
    await admin.delete(`/app/api/v1/agreements/${agreement.id}`);
    await admin.delete(`/app/api/v1/stores/${dallas.id}`);
    const after = (await admin.get('/app/api/v1/dashboard')).body.data;
    expect(after.alignment_warnings).toEqual([]);
    expect(after.stats.locations).toBe(before.stats.locations - 1);
  });

  it('shows a team only its own dates and stores', async () => {
    await portfolio();
    const { admin: stranger } = await teamWithRoles(ctx);
    const data = (await stranger.get('/app/api/v1/dashboard')).body.data;
    expect(data.timeline).toEqual([]);
    expect(data.map_stores).toEqual([]);
    expect(data.lease_expirations.every((row: { count: number }) => row.count === 0)).toBe(true);
    expect((await ctx.client().get('/app/api/v1/dashboard')).status).toBe(401);
  });
});
