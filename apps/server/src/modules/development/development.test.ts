import { describe, expect, it } from 'vitest';
import type { DevelopmentSchedule } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import {
  buildAgreement,
  buildCompany,
  buildMember,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();
type Client = Awaited<ReturnType<typeof teamWithRoles>>['admin'];

async function areaAgreement(client: Client) {
  const agreement = await buildAgreement(client, {
    type: 'area_development',
    agreement_number: 'ADA-1',
    status: 'open',
  });
  return { agreement, url: `/app/api/v1/agreements/${agreement.id}/development` };
}

const remindersOf = (agreementId: number) =>
  ctx.db
    .selectFrom('reminders')
    .select(['source_key', 'title', 'due_date', 'read_at', 'subject_type', 'subject_id'])
    .where('source_key', 'like', `development:${agreementId}:%`)
    .orderBy('source_key')
    .execute();

describe('development schedules', () => {
  it('flags units past their open-by date that are not open, and reminds each unit still to open', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { agreement, url } = await areaAgreement(admin);
    const store = await buildStore(admin, { name: 'Lakeside' });
    const today = todayIso();
    const saved = await admin.put<{ data: DevelopmentSchedule }>(url, {
      units: [
        { unit_number: 2, open_by: addDaysIso(today, -30), status: 'under_construction' },
        { unit_number: 1, open_by: addDaysIso(today, -400), store_id: store.id, status: 'open' },
        { unit_number: 3, open_by: addDaysIso(today, 200) },
        { unit_number: 4, open_by: addDaysIso(today, -10), status: 'terminated' },
        { unit_number: 5, open_by: today, status: 'site_found' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.behind_schedule).toBe(1);
    expect(
      saved.body.data.units.map((u) => [u.unit_number, u.status, u.behind_schedule, u.store?.name ?? null]),
    ).toEqual([
      [1, 'open', false, 'Lakeside'],
      [2, 'under_construction', true, null],
      [3, 'planned', false, null],
      [4, 'terminated', false, null],
      [5, 'site_found', false, null],
    ]);
    // Units still to open are reminded; a late one stays open (unread), not filed as history.
    const reminders = await remindersOf(agreement.id);
    expect(reminders.map((r) => [r.source_key, r.due_date, r.read_at])).toEqual([
      [`development:${agreement.id}:2`, addDaysIso(today, -30), null],
      [`development:${agreement.id}:3`, addDaysIso(today, 200), null],
      [`development:${agreement.id}:5`, today, null],
    ]);
    expect(reminders[0]).toMatchObject({
      title: 'Unit 2 of agreement ADA-1 is due to open',
      subject_type: 'agreement',
      subject_id: agreement.id,
    });
    const listed = await admin.get<{ data: Array<{ source: string }> }>('/app/api/v1/reminders?per_page=100');
    expect(listed.status).toBe(200);

    // Saving the agreement itself re-syncs its own dates and leaves the schedule's reminders alone.
    expect(
      (await admin.patch(`/app/api/v1/agreements/${agreement.id}`, { agreement_number: 'ADA-1' })).status,
    ).toBe(200);
    expect(await remindersOf(agreement.id)).toHaveLength(3);

    // Opening the late unit clears the flag and its reminder; units left out are removed.
    const opened = await admin.put<{ data: DevelopmentSchedule }>(url, {
      units: [{ unit_number: 2, open_by: addDaysIso(today, -30), store_id: store.id, status: 'open' }],
    });
    expect(opened.body.data).toMatchObject({
      behind_schedule: 0,
      units: [{ unit_number: 2, behind_schedule: false }],
    });
    expect(await remindersOf(agreement.id)).toEqual([]);
    expect((await admin.get<{ data: DevelopmentSchedule }>(url)).body.data.units).toHaveLength(1);
  });

  it('answers per-field messages for bad units and refuses schedules on other agreement types', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url } = await areaAgreement(admin);
    const other = await signIn(ctx, (await buildUser(ctx)).user.email);
    const foreignStore = await buildStore(other, { name: 'Not yours' });
    const bad = await admin.put(url, {
      units: [
        { unit_number: 1, open_by: '2026-02-30', status: 'dreaming' },
        { unit_number: 1, open_by: '2026-03-01', store_id: foreignStore.id },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual([
      'units.0.open_by',
      'units.0.status',
    ]);
    const cross = await admin.put(url, {
      units: [
        { unit_number: 1, open_by: '2026-02-01' },
        { unit_number: 1, open_by: '2026-03-01', store_id: foreignStore.id },
      ],
    });
    expect(cross.status).toBe(422);
    expect(cross.body).toMatchObject({
      errors: {
        'units.1.unit_number': ['The unit number is already taken.'],
        'units.1.store_id': ['The selected store is invalid.'],
      },
    });
    expect((await admin.put(url, {})).status).toBe(422);
    const single = await buildAgreement(admin, { type: 'single_unit' });
    const refused = await admin.put(`/app/api/v1/agreements/${single.id}/development`, {
      units: [{ unit_number: 1, open_by: '2027-01-01' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      errors: { units: ['Only area development agreements have a development schedule.'] },
    });
  });

  it('lets observers read only, refuses franchisee-scoped members and answers another team 404', async () => {
    const { admin, observer, team } = await teamWithRoles(ctx);
    const { url } = await areaAgreement(admin);
    const body = { units: [{ unit_number: 1, open_by: '2027-01-01' }] };
    const read = await observer.get<{ data: DevelopmentSchedule }>(url);
    expect(read.status).toBe(200);
    expect(read.body.data.abilities.update).toBe(false);
    expect((await observer.put(url, body)).status).toBe(403);

    const company = await buildCompany(admin, { name: 'North Franchise', kind: 'franchisee' });
    const member = await buildMember(ctx, team.id, 'manager');
    expect(
      (
        await admin.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
          role: 'manager',
          company_ids: [company.id],
        })
      ).status,
    ).toBe(200);
    const franchisee = await signIn(ctx, member.email);
    expect((await franchisee.get(url)).status).toBe(403);
    expect((await franchisee.put(url, body)).status).toBe(403);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.put(url, body)).status).toBe(404);
  });
});
