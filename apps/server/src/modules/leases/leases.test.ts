import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';
import { purgeTrash } from '../trash/service';
import { addDaysIso, todayIso } from './dates';

const ctx = useTestApp();

async function leaseSetup() {
  const roles = await teamWithRoles(ctx);
  const store = await createVia(roles.admin, 'stores', { name: 'Harbor Grill Austin' });
  const landlord = await createVia(roles.admin, 'companies', { name: 'Crossroads Realty', kind: 'landlord' });
  return { ...roles, store, landlord };
}

function leaseBody(storeId: number, landlordId: number, overrides: Record<string, unknown> = {}) {
  const today = todayIso();
  return {
    store_id: storeId,
    landlord_id: landlordId,
    reference: 'L-100',
    status: 'active',
    type: 'nnn',
    commencement_date: addDaysIso(today, -3650),
    expiration_date: addDaysIso(today, 200),
    rentable_sqft: 2400,
    rent_schedule: [
      { start_date: addDaysIso(today, -3650), end_date: addDaysIso(today, -1), monthly_amount: 9000 },
      { start_date: today, end_date: addDaysIso(today, 200), monthly_amount: 10000.5 },
    ],
    charges: [{ kind: 'cam', monthly_amount: 500, estimated: true }],
    options: [{ kind: 'renewal', count: 2, length_months: 60, notice_days: 180, notice_from: 'expiration' }],
    clauses: [{ kind: 'co_tenancy', text: 'Rent abates 50% if the anchor tenant goes dark for 90 days.' }],
    ...overrides,
  };
}

describe('leases', () => {
  it('creates a lease with schedule, charges, options with computed deadlines, clauses and reminders', async () => {
    const { admin, store, landlord } = await leaseSetup();
    const response = await admin.post('/app/api/v1/leases', leaseBody(store.id, landlord.id));
    expect(response.status).toBe(201);
    const lease = response.body.data;
    expect(lease).toMatchObject({
      store: { id: store.id, name: 'Harbor Grill Austin' },
      landlord: { id: landlord.id, name: 'Crossroads Realty' },
      term_months: expect.any(Number),
      charges: [{ kind: 'cam', monthly_amount: 500, estimated: true }],
      options: [{ kind: 'renewal', deadline: addDaysIso(todayIso(), 20), status: 'open' }],
      annual_rent: (10000.5 + 500) * 12,
    });
    // The list shows the lease without its rows, options and clauses (the detail has them), with the open
    // option's deadline, and every other field as the detail has it.
    const [listed] = (await admin.get('/app/api/v1/leases')).body.data;
    const {
      rent_schedule: _rent,
      charges: _charges,
      options: _options,
      clauses: _clauses,
      ...fields
    } = lease;
    expect(listed).toEqual({ ...fields, next_deadline: addDaysIso(todayIso(), 20) });
    const reminders = (await admin.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data;
    // The expiration (200 days out) is beyond the 180-day lead window, so it is not in the inbox yet.
    expect(reminders.map((r: { source: string }) => r.source).sort()).toEqual([
      'option_notice',
      'rent_escalation',
    ]);
    const all = (
      await admin.get(`/app/api/v1/reminders?filters[subject_type]=lease&filters[subject_id]=${lease.id}`)
    ).body.data;
    expect(all.map((r: { source: string }) => r.source).sort()).toEqual([
      'lease_expiration',
      'option_notice',
      'rent_escalation',
    ]);
    const me = (await admin.get('/app/api/v1/users/auth')).body.data;
    expect(me.notifications).toBe(reminders.length);

    const dashboard = (await admin.get('/app/api/v1/dashboard')).body.data;
    // Expiring in 200 days is outside the default 180-day window; the option deadline (in 20) is inside.
    // The option's computed dates are not verified yet: the dashboard counts it.
    expect(dashboard.stats).toEqual({
      expenditure: (10000.5 + 500) * 12,
      locations: 1,
      near_expiration: 0,
      near_renewal_notice: 1,
      overdue: 0,
      unverified: 1,
    });
    expect(dashboard.stores[0]).toMatchObject({ id: store.id });
    await admin.patch(`/app/api/v1/leases/${lease.id}`, {
      expiration_date: addDaysIso(todayIso(), 100),
      options: [],
    });
    expect((await admin.get('/app/api/v1/dashboard')).body.data.stats).toMatchObject({
      near_expiration: 1,
      near_renewal_notice: 0,
    });

    // Open franchise agreements add their fixed fees: the monthly technology fee and the royalty minimum of
    // every report; agreements that are not open add nothing.
    const brand = await createVia(admin, 'brands', { name: 'Harbor Grill' });
    const fees = {
      brand_id: brand.id,
      store_ids: [store.id],
      technology_fee: 300,
      royalty_minimum: 1000,
      reporting_frequency: 'quarterly',
    };
    expect((await admin.post('/app/api/v1/agreements', { ...fees, status: 'open' })).status).toBe(201);
    expect((await admin.post('/app/api/v1/agreements', { ...fees, status: 'terminated' })).status).toBe(201);
    expect((await admin.get('/app/api/v1/dashboard')).body.data.stats.expenditure).toBe(
      (10000.5 + 500) * 12 + 300 * 12 + 1000 * 4,
    );
  });

  it('recalculates reminders when dates move, never duplicating them', async () => {
    const { admin, store, landlord } = await leaseSetup();
    const lease = (await admin.post('/app/api/v1/leases', leaseBody(store.id, landlord.id))).body.data;
    const count = async () =>
      (await admin.get(`/app/api/v1/reminders?filters[subject_type]=lease&filters[subject_id]=${lease.id}`))
        .body.data;
    const before = await count();
    const later = addDaysIso(todayIso(), 400);
    const patched = await admin.patch(`/app/api/v1/leases/${lease.id}`, { expiration_date: later });
    expect(patched.status).toBe(200);
    expect(patched.body.data.options[0].deadline).toBe(addDaysIso(later, -180));
    expect(patched.body.data.reference).toBe('L-100');
    const after = await count();
    expect(after).toHaveLength(before.length);
    expect(after.find((r: { source: string }) => r.source === 'lease_expiration').due_date).toBe(later);
    await admin.patch(`/app/api/v1/leases/${lease.id}`, { status: 'terminated' });
    expect(await count()).toEqual([]);
  });

  it('validates whole leases, rows and references with field messages', async () => {
    const { admin, store, landlord } = await leaseSetup();
    const other = await teamWithRoles(ctx);
    const foreign = await createVia(other.admin, 'stores', { name: 'Not yours' });
    const dates = await admin.post(
      '/app/api/v1/leases',
      leaseBody(store.id, landlord.id, { commencement_date: '2030-01-01', expiration_date: '2029-01-01' }),
    );
    expect(dates.body.errors).toEqual({
      expiration_date: ['The expiration date must be a date after commencement date.'],
    });
    const bad = await admin.post(
      '/app/api/v1/leases',
      leaseBody(foreign.id, landlord.id, {
        rent_schedule: [{ start_date: '2030-02-01', end_date: '2030-01-01' }],
        options: [{ kind: 'renewal', notice_days: 'soon' }],
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      'rent_schedule.0.end_date': ['The end date must be a date after start date.'],
      'rent_schedule.0.monthly_amount': [
        'The monthly amount field is required unless amount per square foot is present.',
      ],
    });
    expect(bad.body.errors['options.0.notice_days']).toBeDefined();
    const wrongStore = await admin.post('/app/api/v1/leases', leaseBody(foreign.id, landlord.id));
    expect(wrongStore.body.errors.store_id).toEqual(['The selected store is invalid.']);
    expect(
      (await admin.post('/app/api/v1/leases', { store_id: store.id, expiration_date: 'someday' })).body.errors
        .expiration_date,
    ).toBeDefined();
  });

  it('refuses rent periods that share a start date or overlap, naming the other row (422, not 500 or 409)', async () => {
    const { admin, store, landlord } = await leaseSetup();
    const rows = (...periods: Array<[string, string]>) =>
      periods.map(([start_date, end_date], i) => ({ start_date, end_date, monthly_amount: 9000 + i }));
    const same = await admin.post(
      '/app/api/v1/leases',
      leaseBody(store.id, landlord.id, {
        rent_schedule: rows(['2030-01-01', '2030-12-31'], ['2030-01-01', '2031-06-30']),
      }),
    );
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({
      'rent_schedule.1.start_date': [
        "The start date is the same as row 1's: each rent period needs its own dates.",
      ],
    });

    const overlapping = await admin.post(
      '/app/api/v1/leases',
      leaseBody(store.id, landlord.id, {
        rent_schedule: rows(
          ['2031-01-01', '2031-12-31'],
          ['2030-01-01', '2031-01-01'],
          ['2032-01-01', '2032-12-31'],
        ),
      }),
    );
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.errors).toEqual({
      'rent_schedule.0.start_date': ['This period overlaps row 2 (2030-01-01 to 2031-01-01).'],
    });

    const lease = await admin.post(
      '/app/api/v1/leases',
      leaseBody(store.id, landlord.id, {
        rent_schedule: rows(['2030-01-01', '2030-12-31'], ['2031-01-01', '2031-12-31']),
      }),
    );
    expect(lease.status).toBe(201);
    const edited = await admin.patch(`/app/api/v1/leases/${lease.body.data.id}`, {
      rent_schedule: rows(
        ['2030-01-01', '2030-12-31'],
        ['2031-01-01', '2031-12-31'],
        ['2031-01-01', '2031-03-31'],
      ),
    });
    expect(edited.status).toBe(422);
    expect(edited.body.errors).toEqual({
      'rent_schedule.2.start_date': [
        "The start date is the same as row 2's: each rent period needs its own dates.",
      ],
    });
    expect(
      (await admin.get(`/app/api/v1/leases/${lease.body.data.id}`)).body.data.rent_schedule,
    ).toHaveLength(2);
  });

  it('finds every lease with a clause kind across the portfolio, and generates escalations', async () => {
    const { admin, store, landlord } = await leaseSetup();
    await admin.post('/app/api/v1/leases', leaseBody(store.id, landlord.id));
    await admin.post(
      '/app/api/v1/leases',
      leaseBody(store.id, landlord.id, {
        reference: 'L-200',
        clauses: [{ kind: 'radius', text: 'No competing store within 3 miles.' }],
      }),
    );
    const coTenancy = await admin.get('/app/api/v1/leases?filters[clause]=co_tenancy');
    expect(coTenancy.body.data.map((l: { reference: string }) => l.reference)).toEqual(['L-100']);
    const clauses = await admin.get('/app/api/v1/clauses?search=anchor');
    expect(clauses.body.data).toEqual([
      expect.objectContaining({
        kind: 'co_tenancy',
        lease: { id: expect.any(Number), name: 'Harbor Grill Austin (L-100)' },
      }),
    ]);
    const rows = await admin.post('/app/api/v1/leases/escalations', {
      start_date: '2025-01-01',
      end_date: '2027-12-31',
      monthly_amount: 1000,
      method: 'percent',
      value: 3,
    });
    expect(rows.body.data.map((r: { monthly_amount: number }) => r.monthly_amount)).toEqual([
      1000, 1030, 1060.9,
    ]);
  });

  it('keeps roles and tenancy: observers read only, other teams get 404', async () => {
    const { admin, observer, store, landlord } = await leaseSetup();
    const lease = (await admin.post('/app/api/v1/leases', leaseBody(store.id, landlord.id))).body.data;
    expect((await observer.get(`/app/api/v1/leases/${lease.id}`)).status).toBe(200);
    expect((await observer.post('/app/api/v1/leases', leaseBody(store.id, landlord.id))).status).toBe(403);
    expect((await observer.patch(`/app/api/v1/leases/${lease.id}`, { reference: 'x' })).status).toBe(403);
    const stranger = (await teamWithRoles(ctx)).admin;
    for (const [method, url] of [
      ['GET', `/app/api/v1/leases/${lease.id}`],
      ['PATCH', `/app/api/v1/leases/${lease.id}`],
      ['DELETE', `/app/api/v1/leases/${lease.id}`],
      ['POST', `/app/api/v1/leases/${lease.id}/restore`],
    ] as const) {
      expect(
        (await stranger.request(method, url, method === 'PATCH' ? { reference: 'x' } : undefined)).status,
        `${method} ${url}`,
      ).toBe(404);
    }
    expect((await stranger.get('/app/api/v1/leases')).body.meta.total).toBe(0);
    expect((await stranger.get('/app/api/v1/reminders')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/leases')).body.meta.total).toBe(1);
    expect((await admin.delete(`/app/api/v1/leases/${lease.id}`)).status).toBe(204);
    // The list total follows the delete at once (cached totals are invalidated by the write).
    expect((await admin.get('/app/api/v1/leases')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/trash?filters[type]=leases')).body.data).toEqual([
      expect.objectContaining({ type: 'leases', id: lease.id, title: 'Harbor Grill Austin (L-100)' }),
    ]);
    expect((await admin.post(`/app/api/v1/leases/${lease.id}/restore`)).status).toBe(200);
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBeGreaterThan(0);
  });

  it('purges a lease past the trash period with its rows, clauses and reminders, and keeps a recent one', async () => {
    const { admin, store, landlord } = await leaseSetup();
    const old = (await admin.post('/app/api/v1/leases', leaseBody(store.id, landlord.id))).body.data;
    const recent = (
      await admin.post('/app/api/v1/leases', leaseBody(store.id, landlord.id, { reference: 'L-200' }))
    ).body.data;
    for (const lease of [old, recent])
      expect((await admin.delete(`/app/api/v1/leases/${lease.id}`)).status).toBe(204);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await ctx.db.updateTable('leases').set({ deleted_at: longAgo }).where('id', '=', old.id).execute();
    expect((await admin.post(`/app/api/v1/leases/${old.id}/restore`)).status).toBe(404);

    expect(await purgeTrash(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const ids = [old.id, recent.id];
    const leases = await ctx.db.selectFrom('leases').select('id').where('id', 'in', ids).execute();
    const rent = await ctx.db
      .selectFrom('lease_rent_rows')
      .select('lease_id')
      .where('lease_id', 'in', ids)
      .execute();
    const clauses = await ctx.db
      .selectFrom('clauses')
      .select('subject_id')
      .where('subject_type', '=', 'lease')
      .where('subject_id', 'in', ids)
      .execute();
    const reminders = await ctx.db
      .selectFrom('reminders')
      .select('subject_id')
      .where('subject_type', '=', 'lease')
      .where('subject_id', 'in', ids)
      .execute();
    expect(leases.map((r) => r.id)).toEqual([recent.id]);
    expect(new Set(rent.map((r) => r.lease_id))).toEqual(new Set([recent.id]));
    expect(clauses.map((r) => r.subject_id)).toEqual([recent.id]);
    // Deleted leases keep no reminders; the purged one has none to come back with.
    expect(reminders).toEqual([]);
    expect(
      (await admin.get('/app/api/v1/trash?filters[type]=leases')).body.data.map((i: { id: number }) => i.id),
    ).toEqual([recent.id]);
    expect((await admin.post(`/app/api/v1/leases/${recent.id}/restore`)).status).toBe(200);
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBeGreaterThan(0);
  });
});
