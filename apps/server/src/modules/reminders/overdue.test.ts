import { describe, expect, it } from 'vitest';
import { addCalendarDays, todayIn } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import {
  buildAgreement,
  buildBrand,
  buildLease,
  buildReminder,
  buildStore,
  buildUser,
  mailTo,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import { deliverReminderNotices } from './digest';

const ctx = useTestApp();

const overdueMails = async (email: string, title: string) =>
  (await mailTo(ctx, email)).filter((m) => m.subject.startsWith('Overdue') && m.text.includes(title));

describe('overdue deadlines', () => {
  it('escalate the day after and weekly, to the assignee and the admins and owner, each step once even when ticks race', async () => {
    const { admin, manager, owner, team } = await teamWithRoles(ctx);
    const managerUser = (await manager.get('/app/api/v1/users/auth')).body.data;
    const today = todayIn('UTC');
    const due = addCalendarDays(today, 3);
    const created = await admin.post('/app/api/v1/reminders', {
      title: 'Send the CAM audit request',
      due_date: due,
      assignee_ids: [managerUser.id],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    // On the deadline itself nothing is overdue yet.
    await deliverReminderNotices(ctx.app.deps, due);
    expect(await overdueMails(managerUser.email, 'Send the CAM audit request')).toHaveLength(0);

    const dayAfter = addCalendarDays(due, 1);
    await Promise.all([
      deliverReminderNotices(ctx.app.deps, dayAfter),
      deliverReminderNotices(ctx.app.deps, dayAfter),
      deliverReminderNotices(ctx.app.deps, dayAfter),
    ]);
    await deliverReminderNotices(ctx.app.deps, addCalendarDays(due, 5));
    for (const email of [managerUser.email, owner.email])
      expect(await overdueMails(email, 'Send the CAM audit request')).toHaveLength(1);
    const [mail] = await overdueMails(owner.email, 'Send the CAM audit request');
    expect(mail!.subject).toBe(`Overdue: Send the CAM audit request (was due ${due})`);
    expect(mail!.text).toContain(`/reminders/${id}/comments`);
    const steps = await ctx.db
      .selectFrom('reminder_escalations')
      .select('step')
      .where('reminder_id', '=', id)
      .execute();
    expect(steps.map((s) => s.step)).toEqual([1]);

    // A week later, the second step; then the reminder is completed and nothing more is sent.
    await deliverReminderNotices(ctx.app.deps, addCalendarDays(due, 8));
    expect(await overdueMails(owner.email, 'Send the CAM audit request')).toHaveLength(2);
    expect((await admin.patch(`/app/api/v1/reminders/${id}`, { read: true })).status).toBe(200);
    await deliverReminderNotices(ctx.app.deps, addCalendarDays(due, 15));
    expect(await overdueMails(owner.email, 'Send the CAM audit request')).toHaveLength(2);
    expect(team.id).toBeGreaterThan(0);
  });

  it('shows as its own state: first in the inbox, counted per tab and on the dashboard', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Harbor Grill Dallas' });
    const today = todayIn('UTC');
    // Entered while due, then the date passes: it was news, and now it is overdue.
    const late = (
      await buildReminder(admin, {
        title: 'Renew the liquor license',
        due_date: today,
        subject_type: 'store',
        subject_id: store.id,
      })
    ).id;
    await ctx.db
      .updateTable('reminders')
      .set({ due_date: addCalendarDays(today, -3) })
      .where('id', '=', late)
      .execute();
    await buildReminder(admin, {
      title: 'Order signage',
      due_date: addCalendarDays(today, 5),
    });
    // The cached answers are kept per team write version: a write makes the change visible, as in real use.
    await buildReminder(admin, {
      title: 'Call the broker',
      due_date: addCalendarDays(today, 40),
    });

    const inbox = (await admin.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data;
    expect(inbox.map((r: { title: string; overdue: boolean }) => [r.title, r.overdue])).toEqual([
      ['Renew the liquor license', true],
      ['Order signage', false],
      ['Call the broker', false],
    ]);
    const overdue = (
      await admin.get('/app/api/v1/reminders?filters[status]=incomplete&filters[state]=overdue')
    ).body.data;
    expect(overdue.map((r: { title: string }) => r.title)).toEqual(['Renew the liquor license']);
    expect((await admin.get('/app/api/v1/reminders/counts')).body.data).toEqual({
      overdue: 1,
      upcoming: 2,
      completed: 0,
    });

    const dashboard = (await admin.get('/app/api/v1/dashboard')).body.data;
    expect(dashboard.stats.overdue).toBe(1);
    expect(dashboard.overdue).toEqual([
      expect.objectContaining({
        id: late,
        title: 'Renew the liquor license',
        due_date: addCalendarDays(today, -3),
      }),
    ]);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get('/app/api/v1/reminders/counts')).body.data).toEqual({
      overdue: 0,
      upcoming: 0,
      completed: 0,
    });
  });

  it('takes "today" from the team’s time zone', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    // Kiritimati is UTC+14: its date is ahead of every server clock most of the day.
    expect(
      (await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { time_zone: 'Pacific/Kiritimati' }))
        .status,
    ).toBe(200);
    const theirToday = todayIn('Pacific/Kiritimati');
    const utcToday = todayIn('UTC');
    const id = (await buildReminder(admin, { title: 'Pay the deposit', due_date: utcToday })).id;
    const reminder = (await admin.get(`/app/api/v1/reminders/${id}`)).body.data;
    expect(reminder.overdue).toBe(theirToday > utcToday);
    expect(
      (await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { time_zone: 'Mars/Olympus' })).body.errors
        .time_zone,
    ).toEqual(['The time zone must be an IANA name such as America/Chicago.']);
  });
});

describe('the inbox’s multi-select', () => {
  it('completes, snoozes and assigns several reminders at once, all or none, and only the team’s own', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const managerUser = (await manager.get('/app/api/v1/users/auth')).body.data;
    const today = todayIn('UTC');
    const make = async (title: string) =>
      (await buildReminder(admin, { title, due_date: addCalendarDays(today, 5) })).id;
    const [a, b, c] = [await make('Bulk A'), await make('Bulk B'), await make('Bulk C')];

    expect((await observer.post('/app/api/v1/reminders/bulk', { ids: [a, b], read: true })).status).toBe(403);
    const assigned = await admin.post('/app/api/v1/reminders/bulk', {
      ids: [a, b],
      assignee_ids: [managerUser.id],
    });
    expect(assigned.body.data).toEqual({ updated: 2 });
    const mine = (await manager.get(`/app/api/v1/reminders?filters[assignee_id]=${managerUser.id}`)).body
      .data;
    expect(mine.map((r: { title: string }) => r.title).sort()).toEqual(['Bulk A', 'Bulk B']);
    expect((await manager.post('/app/api/v1/reminders/bulk', { ids: [a, b], read: true })).status).toBe(200);
    expect((await admin.get('/app/api/v1/reminders/counts')).body.data).toMatchObject({
      completed: 2,
      upcoming: 1,
    });

    // Another team's reminder in the list: nothing changes, and the answer names it.
    const other = await teamWithRoles(ctx);
    const foreign = (await buildReminder(other.admin, { title: 'Not yours', due_date: today })).id;
    const refused = await admin.post('/app/api/v1/reminders/bulk', {
      ids: [c, foreign],
      snoozed_until: addCalendarDays(today, 3),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids).toEqual([`The selected reminders are invalid: ${foreign}.`]);
    expect((await admin.get(`/app/api/v1/reminders/${c}`)).body.data.snoozed_until).toBeNull();
    expect((await other.admin.get(`/app/api/v1/reminders/${foreign}`)).body.data.snoozed_until).toBeNull();
    expect((await admin.post('/app/api/v1/reminders/bulk', { ids: [c] })).status).toBe(422);
  });
});

describe('the inbox’s filters', () => {
  it('finds a store’s or a brand’s reminders: about it, its leases and the agreements that cover it', async () => {
    const { admin } = await teamWithRoles(ctx);
    const brand = await buildBrand(admin, { name: 'Filter Grill' });
    const [north, south] = [
      await buildStore(admin, { name: 'North', brand_id: brand.id }),
      await buildStore(admin, { name: 'South' }),
    ];
    const today = todayIn('UTC');
    await buildLease(admin, {
      store_id: north.id,
      status: 'active',
      expiration_date: addCalendarDays(today, 30),
    });
    await buildAgreement(admin, {
      brand_id: brand.id,
      store_ids: [north.id],
      status: 'open',
      expiration_date: addCalendarDays(today, 40),
    });
    await buildReminder(admin, {
      title: 'North signage',
      due_date: addCalendarDays(today, 5),
      subject_type: 'store',
      subject_id: north.id,
    });
    await buildReminder(admin, {
      title: 'South permit',
      due_date: addCalendarDays(today, 6),
      subject_type: 'store',
      subject_id: south.id,
    });
    const titles = async (query: string) =>
      ((await admin.get(`/app/api/v1/reminders?${query}&per_page=50`)).body.data as Array<{ title: string }>)
        .map((r) => r.title)
        .sort();
    expect(await titles(`filters[store_id]=${north.id}`)).toEqual([
      'Franchise agreement expires: Filter Grill',
      'Lease expires: North',
      'North signage',
    ]);
    expect(await titles(`filters[store_id]=${south.id}`)).toEqual(['South permit']);
    expect(await titles(`filters[brand_id]=${brand.id}`)).toEqual([
      'Franchise agreement expires: Filter Grill',
      'Lease expires: North',
      'North signage',
    ]);
    expect(await titles(`filters[subject_type]=lease&filters[store_id]=${north.id}`)).toEqual([
      'Lease expires: North',
    ]);
  });
});

describe('statuses that follow the calendar', () => {
  it('moves expired leases to holdover (or expired), expired agreements to expired and lapses missed options, once, audited', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Harbor Grill Plano' });
    const brand = await buildBrand(admin, { name: 'Harbor Grill' });
    const today = todayIn('UTC');
    const inTenDays = addCalendarDays(today, 10);
    const lease = await buildLease(admin, {
      store_id: store.id,
      status: 'active',
      commencement_date: '2020-01-01',
      expiration_date: inTenDays,
      options: [{ kind: 'renewal', count: 1, length_months: 60, notice_days: 5 }],
    });
    const agreement = await buildAgreement(admin, {
      brand_id: brand.id,
      status: 'open',
      effective_date: '2020-01-01',
      expiration_date: inTenDays,
    });
    expect(lease.options[0]?.deadline).toBe(addCalendarDays(inTenDays, -5));

    const later = addCalendarDays(inTenDays, 1);
    await Promise.all([
      deliverReminderNotices(ctx.app.deps, later),
      deliverReminderNotices(ctx.app.deps, later),
    ]);
    const after = (await admin.get(`/app/api/v1/leases/${lease.id}`)).body.data;
    expect(after.status).toBe('holdover');
    expect(after.options[0].status).toBe('lapsed');
    expect((await admin.get(`/app/api/v1/agreements/${agreement.id}`)).body.data.status).toBe('expired');

    const history = (await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data;
    expect(history.map((h: { kind: string }) => h.kind).sort()).toEqual(['lapse', 'status']);
    expect(history.find((h: { kind: string }) => h.kind === 'lapse').summary).toBe(
      `Renewal option lapsed: no notice was given by ${addCalendarDays(inTenDays, -5)}`,
    );
    const audit = await ctx.db
      .selectFrom('activities')
      .select(['subject_type', 'changes'])
      .where('team_id', '=', team.id)
      .where('user_id', 'is', null)
      .execute();
    expect(audit).toHaveLength(3);
    const notice = (
      await admin.get(
        `/app/api/v1/reminders?filters[subject_type]=lease&filters[subject_id]=${lease.id}&filters[source]=option_notice`,
      )
    ).body.data[0];
    expect(notice).toMatchObject({ closed_reason: 'lapsed' });
    expect(notice.read_at).not.toBeNull();

    // A team that calls expired leases expired.
    const other = await teamWithRoles(ctx);
    await other.admin.patch(`/app/api/v1/teams/${other.team.id}/settings`, {
      expired_lease_status: 'expired',
    });
    const otherStore = await buildStore(other.admin, { name: 'Harbor Grill Waco' });
    const otherLease = await buildLease(other.admin, {
      store_id: otherStore.id,
      status: 'active',
      expiration_date: inTenDays,
    });
    await deliverReminderNotices(ctx.app.deps, later);
    expect((await other.admin.get(`/app/api/v1/leases/${otherLease.id}`)).body.data.status).toBe('expired');
  });
});
