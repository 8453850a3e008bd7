import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import {
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { presentRow } from './presenter';
import { storedRowsOf } from './repository';
import { rowOfStored } from './stored';

const ctx = useTestApp();

type Client = Awaited<ReturnType<typeof teamWithRoles>>['admin'];

/** Five years from 2025-01-01: $10,000 a month for two years, then $10,300. */
const fiveYearLease = {
  status: 'active',
  commencement_date: '2025-01-01',
  expiration_date: '2029-12-31',
  rent_schedule: [
    { start_date: '2025-01-01', end_date: '2026-12-31', monthly_amount: 10_000 },
    { start_date: '2027-01-01', end_date: '2029-12-31', monthly_amount: 10_300 },
  ],
  options: [{ kind: 'renewal', count: 1, length_months: 60, notice_days: 180 }],
} as const;

const journalUrl = (period: string) =>
  `/app/api/v1/lease-accounting/journal/export?period=${period}&format=csv`;

function parse(body: unknown) {
  return String(body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','));
}

/**
 * The stored rows of a lease are its schedule as computed now (the schedule route builds it fresh), and each
 * month's portfolio journal holds exactly the lease's own journal lines of that month.
 */
async function expectStoredCurrent(client: Client, teamId: number, leaseId: number, periods: string[]) {
  const whole = parse(
    (await client.get(`/app/api/v1/leases/${leaseId}/accounting/journal/export?format=csv`)).body,
  );
  // A portfolio read brings stale schedules up to date first.
  for (const period of periods) {
    const portfolio = parse((await client.get(journalUrl(period))).body).filter(
      (l) => l[9] === String(leaseId),
    );
    expect(portfolio.length).toBeGreaterThan(0);
    expect(portfolio).toEqual(whole.filter((l) => l[2] === period));
  }
  const fresh = await client.get(`/app/api/v1/leases/${leaseId}/accounting/schedule`);
  expect(fresh.status).toBe(200);
  const stored = await storedRowsOf(ctx.db, teamId, leaseId);
  expect(stored.map((row) => presentRow(rowOfStored(row)))).toEqual(
    (fresh.body.data.rows as Array<{ closed: boolean }>).map((row) => ({ ...row, closed: false })),
  );
}

/** A lease with its own rate and one that takes the team's, both stored. */
async function portfolio() {
  const { admin, team } = await teamWithRoles(ctx);
  const lease = await buildLease(admin, fiveYearLease);
  const rated = await buildLease(admin, { ...fiveYearLease, reference: 'L-TABLE' });
  const url = `/app/api/v1/leases/${lease.id}/accounting`;
  const profile = { discount_rate: 4, prepaid_rent: 500, initial_direct_costs: 1200 };
  expect((await admin.put(url, profile)).status).toBe(200);
  await admin.put('/app/api/v1/lease-accounting/settings', {
    borrowing_rates: [{ up_to_months: 120, rate: 5 }],
  });
  expect((await admin.put(`/app/api/v1/leases/${rated.id}/accounting`, {})).status).toBe(200);
  return { admin, team, lease, rated, url, profile };
}

const rent = (later: number) => ({
  rent_schedule: [
    { start_date: '2025-01-01', end_date: '2026-12-31', monthly_amount: 10_000 },
    { start_date: '2027-01-01', end_date: '2029-12-31', monthly_amount: later },
  ],
});

describe('stored lease schedules', () => {
  it('equal a fresh computation when saved and after an amendment to the lease', async () => {
    const { admin, team, lease } = await portfolio();
    await expectStoredCurrent(admin, team.id, lease.id, ['2025-01', '2029-12']);
    expect((await admin.patch(`/app/api/v1/leases/${lease.id}`, rent(11_000))).status).toBe(200);
    await expectStoredCurrent(admin, team.id, lease.id, ['2025-01', '2027-01', '2029-12']);
  });

  it('equal a fresh computation after a close, a remeasurement, a later close and a lease change after it', async () => {
    const { admin, team, lease, url, profile } = await portfolio();
    expect((await admin.post('/app/api/v1/lease-accounting/closes', { period: '2025-03' })).status).toBe(201);
    await expectStoredCurrent(admin, team.id, lease.id, ['2025-03', '2025-04']);
    // A new rate after the close: the open months are a remeasurement from April.
    expect((await admin.put(url, { ...profile, discount_rate: 6 })).status).toBe(200);
    await expectStoredCurrent(admin, team.id, lease.id, ['2025-03', '2025-04']);
    expect(
      parse((await admin.get(journalUrl('2025-04'))).body).some((l) => l[7] === 'Remeasurement of the lease'),
    ).toBe(true);
    // Closing more of a remeasured lease moves where its remeasurement starts.
    expect((await admin.post('/app/api/v1/lease-accounting/closes', { period: '2025-06' })).status).toBe(201);
    await expectStoredCurrent(admin, team.id, lease.id, ['2025-04', '2025-07']);
    expect((await admin.patch(`/app/api/v1/leases/${lease.id}`, rent(12_000))).status).toBe(200);
    await expectStoredCurrent(admin, team.id, lease.id, ['2025-07', '2027-01']);
  });

  it('follow new team rates, the trash and a restore', async () => {
    const { admin, team, rated } = await portfolio();
    await admin.put('/app/api/v1/lease-accounting/settings', {
      borrowing_rates: [{ up_to_months: 120, rate: 7 }],
    });
    await expectStoredCurrent(admin, team.id, rated.id, ['2025-07', '2026-01']);

    expect((await admin.delete(`/app/api/v1/leases/${rated.id}`)).status).toBe(204);
    expect(parse((await admin.get(journalUrl('2025-08'))).body).map((l) => l[9])).not.toContain(
      String(rated.id),
    );
    const kept = await ctx.db
      .selectFrom('lease_accounting_schedule_rows')
      .select('id')
      .where('team_id', '=', team.id)
      .where('lease_id', '=', rated.id)
      .execute();
    expect(kept).toEqual([]);
    expect((await admin.post(`/app/api/v1/leases/${rated.id}/restore`)).status).toBe(200);
    await expectStoredCurrent(admin, team.id, rated.id, ['2025-08']);
  });

  it('are read by no member limited to a franchisee, and by no other team', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const north = await buildCompany(admin, { name: 'North Franchise LLC', kind: 'franchisee' });
    const south = await buildCompany(admin, { name: 'South Franchise LLC', kind: 'franchisee' });
    const northLease = await buildLease(admin, {
      ...fiveYearLease,
      store_id: (await buildStore(admin, { company_id: north.id })).id,
    });
    const southLease = await buildLease(admin, {
      ...fiveYearLease,
      store_id: (await buildStore(admin, { company_id: south.id })).id,
    });
    for (const id of [northLease.id, southLease.id])
      await admin.put(`/app/api/v1/leases/${id}/accounting`, { discount_rate: 4 });
    expect(new Set(parse((await admin.get(journalUrl('2025-02'))).body).map((l) => l[9]))).toEqual(
      new Set([String(northLease.id), String(southLease.id)]),
    );

    const member = await buildMember(ctx, team.id, 'manager');
    const limited = await admin.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [north.id],
    });
    expect(limited.status).toBe(200);
    const franchisee = await signIn(ctx, member.email);
    // Lease accounting is the franchisor's: its routes are not company-scoped.
    const theirs = await franchisee.get(journalUrl('2025-02'));
    expect(theirs.status).toBe(403);
    expect(String(theirs.body)).not.toContain(String(southLease.id));
    expect(
      (await franchisee.get(`/app/api/v1/leases/${southLease.id}/accounting/journal/export`)).status,
    ).toBe(403);

    const stranger = (await teamWithRoles(ctx)).admin;
    expect(parse((await stranger.get(journalUrl('2025-02'))).body)).toEqual([]);
    expect((await stranger.get(`/app/api/v1/leases/${southLease.id}/accounting/journal/export`)).status).toBe(
      404,
    );
  });
});
