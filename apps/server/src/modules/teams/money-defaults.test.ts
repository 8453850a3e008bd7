import { describe, expect, it } from 'vitest';
import type { CamReconciliation, LeaseAccounting, LeaseSchedule, PercentageRent } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import { buildLease, teamWithRoles } from '../../../test/factories';
import { presentRow } from '../lease-accounting/presenter';
import { rowOfStored } from '../lease-accounting/stored';

const ctx = useTestApp();

const auditReminderDue = async (leaseId: number) =>
  (
    await ctx.db
      .selectFrom('reminders')
      .select('due_date')
      .where('source_key', '=', `cam_audit:${leaseId}:2`)
      .executeTakeFirstOrThrow()
  ).due_date;

/** Rent from March 15, 2022, the lease itself from January 1: the two readings of where lease years start. */
const percentageLease = (client: TestClient, reference: string) =>
  buildLease(client, {
    reference,
    status: 'active',
    commencement_date: '2022-01-01',
    rent_commencement_date: '2022-03-15',
    expiration_date: '2027-12-31',
    percentage_rent_rate: 6,
    rent_schedule: [{ start_date: '2022-03-15', end_date: '2027-12-31', monthly_amount: 10000 }],
  });

const percentageOf = async (client: TestClient, leaseId: number) =>
  (await client.get<{ data: PercentageRent }>(`/app/api/v1/leases/${leaseId}/percentage-rent`)).body.data;
const camOf = async (client: TestClient, leaseId: number) =>
  (await client.get<{ data: CamReconciliation }>(`/app/api/v1/leases/${leaseId}/cam`)).body.data;

/** Five years from 2025-01-01: $10,000 a month for two years, then $10,300. */
const accountingLease = (client: TestClient, reference: string) =>
  buildLease(client, {
    reference,
    status: 'active',
    commencement_date: '2025-01-01',
    expiration_date: '2029-12-31',
    rent_schedule: [
      { start_date: '2025-01-01', end_date: '2026-12-31', monthly_amount: 10_000 },
      { start_date: '2027-01-01', end_date: '2029-12-31', monthly_amount: 10_300 },
    ],
  });

const accountingOf = async (client: TestClient, leaseId: number) =>
  (await client.get<{ data: LeaseAccounting }>(`/app/api/v1/leases/${leaseId}/accounting`)).body.data;
const scheduleOf = async (client: TestClient, leaseId: number) => {
  const response = await client.get<{ data: LeaseSchedule }>(
    `/app/api/v1/leases/${leaseId}/accounting/schedule`,
  );
  expect(response.status).toBe(200);
  return response.body.data;
};
const scheduleState = (leaseId: number) =>
  ctx.db
    .selectFrom('lease_accounting_schedules')
    .select(['version', 'stored_version'])
    .where('lease_id', '=', leaseId)
    .executeTakeFirstOrThrow();

describe('team defaults for the lease-money readings', () => {
  it('move percentage rent for leases that leave the reading to the team, and not for one with its own', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const unsaved = await percentageLease(admin, 'PR-TEAM');
    const leftToTeam = await percentageLease(admin, 'PR-SAVED-TEAM');
    const own = await percentageLease(admin, 'PR-OWN');
    // Saved terms that leave both readings blank still follow the team.
    expect(
      (await admin.put(`/app/api/v1/leases/${leftToTeam.id}/percentage-rent`, { breakpoint_kind: 'natural' }))
        .status,
    ).toBe(200);
    expect(
      (
        await admin.put(`/app/api/v1/leases/${own.id}/percentage-rent`, {
          breakpoint_kind: 'natural',
          lease_year_start: 'rent_commencement',
          proration: 'days',
        })
      ).status,
    ).toBe(200);
    for (const lease of [unsaved, leftToTeam, own]) {
      const data = await percentageOf(admin, lease.id);
      expect(data.years[0]!.start).toBe('2022-03-15');
    }
    expect((await percentageOf(admin, unsaved.id)).terms).toMatchObject({
      lease_year_start: 'rent_commencement',
      lease_year_start_source: 'team',
      proration_source: 'team',
    });
    expect((await percentageOf(admin, own.id)).terms).toMatchObject({
      lease_year_start_source: 'lease',
      proration_source: 'lease',
    });

    const url = `/app/api/v1/teams/${team.id}/settings`;
    const saved = await admin.patch(url, {
      percentage_year_start: 'commencement',
      percentage_proration: 'none',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      percentage_year_start: 'commencement',
      percentage_year_month: null,
      percentage_proration: 'none',
    });
    for (const lease of [unsaved, leftToTeam]) {
      const data = await percentageOf(admin, lease.id);
      expect(data.terms).toMatchObject({
        lease_year_start: 'commencement',
        proration: 'none',
        lease_year_start_source: 'team',
      });
      expect(data.years[0]).toMatchObject({ start: '2022-01-01', end: '2022-12-31' });
    }
    const kept = await percentageOf(admin, own.id);
    expect(kept.terms).toMatchObject({ lease_year_start: 'rent_commencement', proration: 'days' });
    expect(kept.years[0]!.start).toBe('2022-03-15');

    // Years on a chosen month need the month, for the team as for a lease.
    const noMonth = await admin.patch(url, { percentage_year_start: 'month' });
    expect(noMonth.status).toBe(422);
    expect(noMonth.body).toMatchObject({
      errors: { percentage_year_month: ['The first month field is required.'] },
    });
    const july = await admin.patch(url, { percentage_year_start: 'month', percentage_year_month: 7 });
    expect(july.status).toBe(200);
    // From rent commencement, the stub to June 30, then years from each July 1.
    expect((await percentageOf(admin, unsaved.id)).years[0]).toMatchObject({
      start: '2022-03-15',
      end: '2022-06-30',
    });
    expect((await percentageOf(admin, unsaved.id)).years[1]!.start).toBe('2022-07-01');
    expect((await percentageOf(admin, own.id)).years[1]!.start).toBe('2023-03-15');
    const badMonth = await admin.patch(url, { percentage_year_month: 13 });
    expect(badMonth.status).toBe(422);
  });

  it('count the CAM audit window by the team’s day count unless the lease’s CAM terms count their own', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const lease = (reference: string) =>
      buildLease(admin, {
        reference,
        status: 'active',
        commencement_date: '2023-01-01',
        expiration_date: '2030-12-31',
      });
    const follows = await lease('CAM-TEAM');
    const own = await lease('CAM-OWN');
    await admin.put(`/app/api/v1/leases/${follows.id}/cam`, { audit_days: 90 });
    await admin.put(`/app/api/v1/leases/${own.id}/cam`, { audit_days: 90, audit_day_count: 'exclusive' });
    for (const id of [follows.id, own.id])
      await admin.post(`/app/api/v1/leases/${id}/cam/statements`, {
        lease_year: 2,
        actual: 1000,
        received_on: '2024-04-15',
      });
    expect((await camOf(admin, follows.id)).terms).toMatchObject({
      audit_day_count: 'exclusive',
      audit_day_count_source: 'team',
    });
    expect((await camOf(admin, follows.id)).years[1]!.audit_deadline).toBe('2024-07-14');

    const saved = await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { day_count: 'inclusive' });
    expect(saved.status).toBe(200);
    // The day of receipt is day 1 now: the window closes a day sooner, for the lease without its own reading.
    const moved = await camOf(admin, follows.id);
    expect(moved.terms).toMatchObject({ audit_day_count: 'inclusive', audit_day_count_source: 'team' });
    expect(moved.years[1]!.audit_deadline).toBe('2024-07-13');
    const kept = await camOf(admin, own.id);
    expect(kept.terms).toMatchObject({ audit_day_count: 'exclusive', audit_day_count_source: 'lease' });
    expect(kept.years[1]!.audit_deadline).toBe('2024-07-14');
    // The stored audit reminders follow in the settings' recompute job, not at the lease's next save.
    await ctx.app.deps.jobs.drain();
    await ctx.app.deps.jobs.runDue();
    expect(await auditReminderDue(follows.id)).toBe('2024-07-13');
    expect(await auditReminderDue(own.id)).toBe('2024-07-14');
    const bad = await admin.put(`/app/api/v1/leases/${own.id}/cam`, { audit_day_count: 'sometimes' });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors)).toEqual(['audit_day_count']);
  });

  it('move the accounting schedule of a lease that leaves a reading to the team, and not of one with its own', async () => {
    const { admin, manager, observer, team } = await teamWithRoles(ctx);
    const follows = await accountingLease(admin, 'LA-TEAM');
    const own = await accountingLease(admin, 'LA-OWN');
    const ownArrears = await accountingLease(admin, 'LA-ARREARS');
    const unsaved = await accountingLease(admin, 'LA-UNSAVED');
    const profile = (leaseId: number, body: object) =>
      admin.put(`/app/api/v1/leases/${leaseId}/accounting`, { discount_rate: 2.25, ...body });
    // A blank reading, as the form sends "Team default", leaves it to the team like an absent one.
    expect((await profile(follows.id, { payment_timing: '' })).status).toBe(200);
    expect((await profile(own.id, { payment_timing: 'advance' })).status).toBe(200);
    expect((await profile(ownArrears.id, { payment_timing: 'arrears' })).status).toBe(200);

    const teamReadings = {
      rate_convention: 'nominal',
      rate_convention_source: 'team',
      rounding: 'half_up',
      rounding_source: 'team',
      precision: 'cent',
      precision_source: 'team',
    };
    expect(await accountingOf(admin, follows.id)).toMatchObject({
      ...teamReadings,
      payment_timing: 'advance',
      payment_timing_source: 'team',
    });
    expect(await accountingOf(admin, own.id)).toMatchObject({
      ...teamReadings,
      payment_timing: 'advance',
      payment_timing_source: 'lease',
    });
    expect(await accountingOf(admin, unsaved.id)).toMatchObject({
      saved: false,
      ...teamReadings,
      payment_timing_source: 'team',
    });
    const before = await scheduleOf(admin, own.id);
    expect(before).toMatchObject({ payment_timing: 'advance', payment_timing_source: 'lease' });
    expect((await scheduleOf(admin, follows.id)).rows).toEqual(before.rows);
    const ownVersion = await scheduleState(own.id);
    const followsVersion = (await scheduleState(follows.id)).version;

    // Another team's members, and this team's observers and managers, cannot read or change the defaults.
    const url = `/app/api/v1/teams/${team.id}/settings`;
    const stranger = (await teamWithRoles(ctx)).admin;
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.patch(url, { accounting_payment_timing: 'arrears' })).status).toBe(404);
    expect((await observer.patch(url, { accounting_payment_timing: 'arrears' })).status).toBe(403);
    expect((await manager.patch(url, { accounting_payment_timing: 'arrears' })).status).toBe(403);
    const bad = await admin.patch(url, {
      accounting_payment_timing: 'monthly',
      accounting_precision: 'dime',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      accounting_payment_timing: ['The selected payment timing is invalid.'],
      accounting_precision: ['The selected precision is invalid.'],
    });
    expect((await accountingOf(admin, follows.id)).payment_timing).toBe('advance');

    const saved = await admin.patch(url, { accounting_payment_timing: 'arrears' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      accounting_rate_convention: 'nominal',
      accounting_payment_timing: 'arrears',
      accounting_rounding: 'half_up',
      accounting_precision: 'cent',
    });
    // The lease that leaves the timing to the team is now in arrears, figure for figure as one that chose it.
    const moved = await scheduleOf(admin, follows.id);
    expect(moved).toMatchObject({ payment_timing: 'arrears', payment_timing_source: 'team' });
    expect(moved.rows).toEqual((await scheduleOf(admin, ownArrears.id)).rows);
    expect(moved.initial_liability).not.toBe(before.initial_liability);
    expect(await accountingOf(admin, unsaved.id)).toMatchObject({
      payment_timing: 'arrears',
      payment_timing_source: 'team',
    });
    // The lease with its own timing keeps its schedule, and its stored one was never made stale.
    const kept = await scheduleOf(admin, own.id);
    expect(kept).toMatchObject({ payment_timing: 'advance', payment_timing_source: 'lease' });
    expect(kept.rows).toEqual(before.rows);
    expect(await scheduleState(own.id)).toEqual(ownVersion);

    // The stored schedule of the following lease was made stale in the settings' commit (a new version); the
    // background refresh, started after it, brings it up to date.
    expect((await scheduleState(follows.id)).version).toBe(followsVersion + 1);
    await ctx.app.deps.jobs.drain();
    await ctx.app.deps.jobs.runDue();
    const current = await scheduleState(follows.id);
    expect(current.stored_version).toBe(current.version);
    const stored = await ctx.db
      .selectFrom('lease_accounting_schedule_rows')
      .selectAll()
      .where('lease_id', '=', follows.id)
      .orderBy('month')
      .execute();
    expect(stored.map((row) => presentRow(rowOfStored(row)))).toEqual(moved.rows);

    // The schedule download names the precision and whose reading it is on every row.
    const csv = String(
      (await admin.get(`/app/api/v1/leases/${follows.id}/accounting/schedule/export?format=csv`)).body,
    )
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv.slice(1).every((line) => line.endsWith(',cent (team default)'))).toBe(true);

    // Choosing the reading on the profile makes it the lease's own; a reading that is not one is a 422.
    expect((await profile(follows.id, { payment_timing: 'advance' })).body.data).toMatchObject({
      payment_timing: 'advance',
      payment_timing_source: 'lease',
    });
    const wrong = await profile(follows.id, { rounding: 'up' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ rounding: ['The selected rounding is invalid.'] });
  });
});
