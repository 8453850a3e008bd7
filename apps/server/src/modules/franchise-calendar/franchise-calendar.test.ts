import { describe, expect, it } from 'vitest';
import type { FranchiseCalendarEntry, FranchiseCalendarSettings, Registration } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { buildCompany, buildMember, buildUser, signIn, teamWithRoles } from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();
const base = '/app/api/v1/franchise-calendar';

const calendarReminders = (teamId: number) =>
  ctx.db
    .selectFrom('reminders')
    .select(['source_key', 'title', 'due_date', 'subject_type', 'source'])
    .where('team_id', '=', teamId)
    .where('source', '=', 'franchise_calendar')
    .orderBy('due_date')
    .execute();

describe('franchise disclosure calendar', () => {
  it('derives the FDD update deadline from the fiscal year end and reminds each computed date', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const before = await admin.get<{ data: FranchiseCalendarSettings }>(`${base}/settings`);
    expect(before.body.data).toMatchObject({ fiscal_year_end: null, fdd_update_days: 120 });
    expect((await admin.get<{ data: FranchiseCalendarEntry[] }>(base)).body.data).toEqual([]);

    const saved = await admin.put<{ data: FranchiseCalendarSettings }>(`${base}/settings`, {
      fiscal_year_end: '12-31',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ fiscal_year_end: '12-31', fdd_update_days: 120 });
    const calendar = (await admin.get<{ data: FranchiseCalendarEntry[] }>(base)).body.data;
    // December 31 + 120 days is April 30 (of a common year); 18 months hold one or two of them.
    expect(calendar.length).toBeGreaterThanOrEqual(1);
    expect(calendar.every((e) => e.kind === 'fdd_update' && /-04-(29|30)$/.test(e.due_date))).toBe(true);
    expect(calendar.every((e) => e.due_date >= todayIso())).toBe(true);
    const reminders = await calendarReminders(team.id);
    expect(reminders.length).toBeGreaterThanOrEqual(calendar.length);
    expect(reminders[0]).toMatchObject({ subject_type: null, title: 'Annual FDD update due' });
    // The reminders list shows a reminder about no record.
    expect((await admin.get('/app/api/v1/reminders')).status).toBe(200);

    // Editable days move the deadline and its reminders.
    await admin.put(`${base}/settings`, { fiscal_year_end: '06-30', fdd_update_days: 90 });
    const moved = (await admin.get<{ data: FranchiseCalendarEntry[] }>(base)).body.data;
    expect(moved.every((e) => e.due_date.endsWith('-09-28'))).toBe(true);
    expect((await calendarReminders(team.id)).every((r) => r.due_date.endsWith('-09-28'))).toBe(true);
  });

  it('keeps registration rules as editable rows that yield renewal dates, and seeds the documented list on request', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    await admin.put(`${base}/settings`, { fiscal_year_end: '12-31', add_default_registrations: true });
    const seeded = (await admin.get<{ data: Registration[] }>(`${base}/registrations`)).body.data;
    expect(seeded.map((r) => r.state)).toContain('CA');
    expect(seeded.find((r) => r.state === 'CA')).toMatchObject({ basis: 'fiscal_year_end', days: 120 });
    // Effective-date states need the date before they yield anything.
    expect(seeded.find((r) => r.state === 'WA')).toMatchObject({ basis: 'effective_date', next_due: null });
    // Asking again does not duplicate the list.
    await admin.put(`${base}/settings`, { fiscal_year_end: '12-31', add_default_registrations: true });
    expect((await admin.get<{ data: Registration[] }>(`${base}/registrations`)).body.data).toHaveLength(
      seeded.length,
    );

    const effective = addDaysIso(todayIso(), -100);
    const created = await admin.post<{ data: Registration }>(`${base}/registrations`, {
      state: 'or',
      basis: 'effective_date',
      days: 0,
      last_effective_date: effective,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      state: 'OR',
      next_due: `${Number(effective.slice(0, 4)) + 1}${effective.slice(4)}`,
    });
    const fixed = await admin.put<{ data: Registration }>(`${base}/registrations/${created.body.data.id}`, {
      state: 'OR',
      basis: 'fixed_date',
      fixed_date: '06-30',
    });
    expect(fixed.body.data).toMatchObject({ basis: 'fixed_date', days: null, fixed_date: '06-30' });
    expect(fixed.body.data.next_due).toMatch(/-06-30$/);
    const calendar = (await admin.get<{ data: FranchiseCalendarEntry[] }>(base)).body.data;
    expect(calendar.filter((e) => e.state === 'OR').every((e) => e.due_date.endsWith('-06-30'))).toBe(true);
    expect(calendar.some((e) => e.state === 'CA' && e.kind === 'registration_renewal')).toBe(true);
    const key = `franchise_calendar:registration:${created.body.data.id}:`;
    expect((await calendarReminders(team.id)).some((r) => r.source_key!.startsWith(key))).toBe(true);

    expect((await admin.delete(`${base}/registrations/${created.body.data.id}`)).status).toBe(204);
    expect((await calendarReminders(team.id)).some((r) => r.source_key!.startsWith(key))).toBe(false);
    expect((await admin.get(`${base}/registrations/${created.body.data.id}`)).status).toBe(404);
  });

  it('answers per-field messages', async () => {
    const { admin } = await teamWithRoles(ctx);
    const settings = await admin.put(`${base}/settings`, { fiscal_year_end: '02-30', fdd_update_days: 0 });
    expect(settings.status).toBe(422);
    expect(Object.keys((settings.body as { errors: object }).errors).sort()).toEqual([
      'fdd_update_days',
      'fiscal_year_end',
    ]);
    const rule = await admin.post(`${base}/registrations`, { state: 'Cal', basis: 'fixed_date' });
    expect(rule.status).toBe(422);
    expect(Object.keys((rule.body as { errors: object }).errors).sort()).toEqual(['fixed_date', 'state']);
    const noDays = await admin.post(`${base}/registrations`, { state: 'NY', basis: 'fiscal_year_end' });
    expect(noDays.body).toMatchObject({ errors: { days: ['The days field is required for this basis.'] } });
  });

  it('lets members read, only admins change, refuses franchisee-scoped members and hides other teams’ rules', async () => {
    const { admin, manager, observer, team } = await teamWithRoles(ctx);
    const rule = (
      await admin.post<{ data: Registration }>(`${base}/registrations`, {
        state: 'NY',
        basis: 'fiscal_year_end',
        days: 120,
      })
    ).body.data;
    const body = { state: 'NY', basis: 'fiscal_year_end', days: 90 };
    for (const member of [observer, manager]) {
      expect((await member.get(base)).status).toBe(200);
      expect((await member.get(`${base}/registrations`)).status).toBe(200);
      const read = await member.get<{ data: FranchiseCalendarSettings }>(`${base}/settings`);
      expect(read.body.data.abilities.update).toBe(false);
      expect((await member.put(`${base}/settings`, { fiscal_year_end: '12-31' })).status).toBe(403);
      expect((await member.post(`${base}/registrations`, body)).status).toBe(403);
      expect((await member.put(`${base}/registrations/${rule.id}`, body)).status).toBe(403);
      expect((await member.delete(`${base}/registrations/${rule.id}`)).status).toBe(403);
    }

    const company = await buildCompany(admin, { name: 'North Franchise', kind: 'franchisee' });
    const limited = await buildMember(ctx, team.id, 'manager');
    await admin.patch(`/app/api/v1/teams/${team.id}/members/${limited.id}`, {
      role: 'manager',
      company_ids: [company.id],
    });
    const franchisee = await signIn(ctx, limited.email);
    expect((await franchisee.get(base)).status).toBe(403);
    expect((await franchisee.get(`${base}/registrations`)).status).toBe(403);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.put(`${base}/registrations/${rule.id}`, body)).status).toBe(404);
    expect((await stranger.delete(`${base}/registrations/${rule.id}`)).status).toBe(404);
    expect((await stranger.get<{ data: Registration[] }>(`${base}/registrations`)).body.data).toEqual([]);
  });
});
