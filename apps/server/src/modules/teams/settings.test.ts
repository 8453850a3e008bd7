import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

/** A new team's clock and calendar: UTC until an admin says otherwise, US federal holidays, the common counting. */
const CALENDAR_DEFAULTS = {
  time_zone: 'UTC',
  digest_hour: 7,
  expired_lease_status: 'holdover',
  holiday_calendar: 'us_federal',
  holidays: [],
  lease_months: 'anniversary',
  day_count: 'exclusive',
  percentage_year_start: 'rent_commencement',
  percentage_year_month: null,
  percentage_proration: 'days',
  accounting_rate_convention: 'nominal',
  accounting_payment_timing: 'advance',
  accounting_rounding: 'half_up',
  accounting_precision: 'cent',
};

describe('team reminder settings', () => {
  it('are read by every member and changed only by admins', async () => {
    const { admin, manager, observer, team } = await teamWithRoles(ctx);
    const url = `/app/api/v1/teams/${team.id}/settings`;
    for (const client of [admin, manager, observer]) {
      expect((await client.get(url)).body.data).toEqual({
        lead_days: [180, 90, 30, 7],
        window_days: 180,
        alignment_days: 90,
        ...CALENDAR_DEFAULTS,
      });
    }
    expect((await observer.patch(url, { window_days: 90 })).status).toBe(403);
    expect((await manager.patch(url, { window_days: 90 })).status).toBe(403);
    const saved = await admin.patch(url, { lead_days: [7, 60, 60], window_days: 120, alignment_days: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      lead_days: [60, 7],
      window_days: 120,
      alignment_days: 0,
      ...CALENDAR_DEFAULTS,
    });
    expect((await observer.get(url)).body.data).toEqual(saved.body.data);
  });

  it('accept the form’s comma-separated lead times and name the field of each mistake', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const url = `/app/api/v1/teams/${team.id}/settings`;
    expect((await admin.patch(url, { lead_days: '180, 90 ,30' })).body.data.lead_days).toEqual([180, 90, 30]);
    const bad = await admin.patch(url, { lead_days: '90, soon', window_days: 0, alignment_days: -1 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      lead_days: ['Each of the notice lead times must be a whole number of days between 1 and 3650.'],
      window_days: ['The inbox window must be between 1 and 3650.'],
      alignment_days: ['The alignment tolerance must be between 0 and 3650.'],
    });
    expect((await admin.patch(url, { lead_days: [] })).body.errors).toEqual({
      lead_days: ['The notice lead times field is required.'],
    });
    expect((await admin.patch(url, { lead_days: [1, 2, 3, 4, 5, 6, 7] })).body.errors.lead_days).toEqual([
      'The notice lead times may have at most 6 values.',
    ]);
    expect((await admin.patch(url, { window_days: 1.5 })).body.errors.window_days).toEqual([
      'The inbox window must be an integer.',
    ]);
  });

  it('keep the team’s time zone, digest hour, holiday calendar with its own closures and counting conventions', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const url = `/app/api/v1/teams/${team.id}/settings`;
    const saved = await admin.patch(url, {
      time_zone: 'America/Chicago',
      digest_hour: '8',
      expired_lease_status: 'expired',
      holiday_calendar: 'none',
      holidays: '2026-11-27 Day after Thanksgiving\n2026-12-24  Christmas Eve',
      lease_months: 'first_full_month',
      day_count: 'inclusive',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      time_zone: 'America/Chicago',
      digest_hour: 8,
      expired_lease_status: 'expired',
      holiday_calendar: 'none',
      holidays: [
        { date: '2026-11-27', name: 'Day after Thanksgiving' },
        { date: '2026-12-24', name: 'Christmas Eve' },
      ],
      lease_months: 'first_full_month',
      day_count: 'inclusive',
    });
    const bad = await admin.patch(url, {
      time_zone: 'Europe/Atlantis',
      digest_hour: 24,
      holidays: [
        { date: '2026-02-30', name: 'Nope' },
        { date: '2026-03-01', name: '' },
      ],
    });
    expect(bad.body.errors).toEqual({
      time_zone: ['The time zone must be an IANA name such as America/Chicago.'],
      digest_hour: ['The digest hour must be between 0 and 23.'],
      'holidays.0.date': ['The holiday date is not a valid date.'],
      'holidays.1.name': ['The holiday name field is required.'],
    });
    // Sending the list again replaces it; the other settings stay.
    expect((await admin.patch(url, { holidays: [] })).body.data).toMatchObject({
      holidays: [],
      time_zone: 'America/Chicago',
    });
  });

  it('start a new team on its creator’s time zone, as the browser reports it at sign-up', async () => {
    const make = async (timeZone: string) => {
      const client = ctx.client();
      const email = `zone-${Math.random().toString(36).slice(2)}@example.test`;
      expect(
        (
          await client.post('/app/register', {
            name: 'Zoe Zone',
            email,
            password: 'a long enough password',
            password_confirmation: 'a long enough password',
            time_zone: timeZone,
          })
        ).status,
      ).toBe(201);
      const me = (await client.get('/app/api/v1/users/auth')).body.data;
      return (await client.get(`/app/api/v1/teams/${me.team_id}/settings`)).body.data.time_zone;
    };
    expect(await make('America/Denver')).toBe('America/Denver');
    expect(await make('Not/AZone')).toBe('UTC');
  });

  it('of another team are a 404 for reading and writing', async () => {
    const { admin } = await teamWithRoles(ctx);
    const other = await teamWithRoles(ctx);
    expect((await admin.get(`/app/api/v1/teams/${other.team.id}/settings`)).status).toBe(404);
    expect(
      (await admin.patch(`/app/api/v1/teams/${other.team.id}/settings`, { window_days: 30 })).status,
    ).toBe(404);
    expect((await other.admin.get(`/app/api/v1/teams/${other.team.id}/settings`)).body.data.window_days).toBe(
      180,
    );
  });
});
