import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addCalendarMonths,
  renewalTerm,
  rollToBusinessDay,
  todayIn,
} from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import {
  buildCompany,
  buildLease,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';

const ctx = useTestApp();

const months = (amount: number) => ({ anchor: 'term_end', amount, unit: 'months', direction: 'before' });
/** "Not earlier than 12 nor later than 6 months before the end of the current term". */
const twelveToSix = { earliest: months(12), latest: months(6), business_day: 'none' };

type Window = {
  sequence: number;
  state: string;
  term_end: string;
  earliest: { date: string; explanation: string } | null;
  latest: { date: string; explanation: string };
};
type Reminder = { id: number; source: string; due_date: string; read_at: string | null; title: string };

async function setup() {
  const roles = await teamWithRoles(ctx);
  const store = await buildStore(roles.admin, { name: 'Harbor Grill Austin' });
  const today = todayIn('UTC');
  // The window is open today: it opened 3 months ago and closes in 3.
  const expiration = addCalendarMonths(today, 9);
  const body = {
    store_id: store.id,
    status: 'active',
    commencement_date: addCalendarMonths(today, -51),
    expiration_date: expiration,
    rent_schedule: [
      { start_date: addCalendarMonths(today, -51), end_date: expiration, monthly_amount: 12_345.67 },
    ],
    options: [
      {
        kind: 'renewal',
        count: 2,
        length_months: 60,
        notice: twelveToSix,
        delivery_method: 'certified mail',
      },
    ],
  };
  const created = await roles.admin.post('/app/api/v1/leases', body);
  expect(created.status).toBe(201);
  return {
    ...roles,
    store,
    today,
    expiration,
    lease: created.body.data as { id: number; options: Array<{ windows: Window[]; deadline: string }> },
  };
}

const leaseReminders = async (
  client: Awaited<ReturnType<typeof setup>>['admin'],
  leaseId: number,
): Promise<Reminder[]> =>
  (
    await client.get(
      `/app/api/v1/reminders?filters[subject_type]=lease&filters[subject_id]=${leaseId}&per_page=100`,
    )
  ).body.data;

describe('option notice windows', () => {
  it('computes chained windows in calendar months with their formulas, and reminds of the open one', async () => {
    const { admin, lease, expiration } = await setup();
    const [first, second] = lease.options[0]!.windows;
    expect(first).toMatchObject({ sequence: 1, state: 'open', term_end: expiration });
    expect(first!.earliest!.date).toBe(addCalendarMonths(expiration, -12));
    expect(first!.latest.date).toBe(addCalendarMonths(expiration, -6));
    expect(first!.latest.explanation).toBe(`6 months before the term end ${expiration}`);
    const nextEnd = renewalTerm(expiration, 60).end;
    expect(second).toMatchObject({ sequence: 2, state: 'future', term_end: nextEnd });
    expect(second!.latest.date).toBe(addCalendarMonths(nextEnd, -6));
    expect(lease.options[0]!.deadline).toBe(first!.latest.date);

    const reminders = await leaseReminders(admin, lease.id);
    const notice = reminders.find((r) => r.source === 'option_notice')!;
    expect(notice).toMatchObject({
      due_date: first!.latest.date,
      read_at: null,
      title: 'Renewal option (1 of 2) notice deadline: Harbor Grill Austin',
    });
    // The window opened three months ago: that date was already past when the lease was entered.
    const opens = reminders.find((r) => r.source === 'option_window')!;
    expect(opens.due_date).toBe(first!.earliest!.date);
    expect(opens.read_at).not.toBeNull();
  });

  it('keeps clients that send notice days working, and refuses incomplete rules per field', async () => {
    const { admin, store } = await setup();
    const legacy = await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      expiration_date: '2040-12-31',
      options: [{ kind: 'renewal', count: 1, length_months: 60, notice_days: 180 }],
    });
    expect(legacy.status).toBe(201);
    expect(legacy.body.data.options[0]).toMatchObject({
      notice_days: 180,
      deadline: '2040-07-04',
      notice: { latest: { anchor: 'term_end', amount: 180, unit: 'days' } },
    });

    const missing = await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      expiration_date: '2040-12-31',
      options: [{ kind: 'termination', notice: { latest: { anchor: 'fixed_date', amount: 0 } } }],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors['options.0.notice.latest.fixed_date']).toEqual([
      'The fixed date field is required.',
    ]);
    const none = await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      options: [{ kind: 'renewal' }],
    });
    expect(none.body.errors['options.0.notice_days']).toEqual(['The notice days field is required.']);
  });

  it('files dates already past when a lease is entered as history, not as unread news', async () => {
    const { admin, store } = await setup();
    const unreadBefore = (await admin.get('/app/api/v1/users/auth')).body.data.notifications;
    const rows = Array.from({ length: 14 }, (_, year) => ({
      start_date: `${2012 + year}-01-01`,
      end_date: `${2012 + year}-12-31`,
      monthly_amount: 9000 + year * 100,
    }));
    const created = await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      status: 'active',
      commencement_date: '2012-01-01',
      expiration_date: '2035-12-31',
      rent_schedule: rows,
    });
    expect(created.status).toBe(201);
    const escalations = (await leaseReminders(admin, created.body.data.id)).filter(
      (r) => r.source === 'rent_escalation',
    );
    expect(escalations).toHaveLength(13);
    expect(escalations.every((r) => r.read_at !== null)).toBe(true);
    expect((await admin.get('/app/api/v1/users/auth')).body.data.notifications).toBe(unreadBefore);
  });
});

describe('exercising and waiving options', () => {
  it('exercises the open renewal: the expiration, rent rows and the next window follow, and the history keeps the change', async () => {
    const { admin, observer, lease, expiration, today } = await setup();
    expect(
      (
        await observer.post(`/app/api/v1/leases/${lease.id}/options/0/exercise`, {
          rent_method: 'percent',
          percent: 3,
        })
      ).status,
    ).toBe(403);

    const response = await admin.post(`/app/api/v1/leases/${lease.id}/options/0/exercise`, {
      rent_method: 'percent',
      percent: 3,
      delivery_method: 'courier',
    });
    expect(response.status).toBe(200);
    const renewal = renewalTerm(expiration, 60);
    const exercised = response.body.data;
    expect(exercised.expiration_date).toBe(renewal.end);
    expect(exercised.rent_schedule.at(-1)).toEqual({
      start_date: renewal.start,
      end_date: renewal.end,
      monthly_amount: 12_716.04,
      amount_per_sqft: null,
    });
    const option = exercised.options[0];
    expect(option).toMatchObject({ exercised_count: 1, status: 'open', delivery_method: 'courier' });
    expect(option.windows.map((w: Window) => [w.state, w.term_end])).toEqual([
      ['exercised', expiration],
      ['open', renewal.end],
    ]);
    expect(option.deadline).toBe(addCalendarMonths(renewal.end, -6));

    const reminders = await leaseReminders(admin, lease.id);
    const notices = reminders
      .filter((r) => r.source === 'option_notice')
      .sort((a, b) => (a.due_date < b.due_date ? -1 : 1));
    expect(notices.map((r) => [r.due_date, r.read_at !== null])).toEqual([
      [addCalendarMonths(expiration, -6), true],
      [addCalendarMonths(renewal.end, -6), false],
    ]);
    expect(notices[1]!.title).toBe('Renewal option (2 of 2) notice deadline: Harbor Grill Austin');

    const history = (await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data;
    expect(history[0]).toMatchObject({
      kind: 'exercise',
      summary: `Renewal option (1 of 2) exercised: notice given ${today} by courier; term extended to ${renewal.end}`,
    });
    expect(history[0].changes.expiration_date).toEqual([expiration, renewal.end]);
    expect(history[0].changes['options.0.deadline']).toEqual([
      addCalendarMonths(expiration, -6),
      addCalendarMonths(renewal.end, -6),
    ]);
    const before = (await admin.get(`/app/api/v1/leases/${lease.id}/history/${history[0].id}`)).body.data;
    expect(before.lease.expiration_date).toBe(expiration);

    // The second renewal's window is not open yet: nothing to exercise now.
    const early = await admin.post(`/app/api/v1/leases/${lease.id}/options/0/exercise`, {
      rent_method: 'fixed',
      monthly_amount: 15_000,
    });
    expect(early.status).toBe(422);
    expect(early.body.errors.exercised_on[0]).toMatch(/^The notice window opens on /);
  });

  it('exercised at fair market value, the renewal rent is a date of its own until a rent row covers the renewal', async () => {
    const { admin, store, expiration } = await setup();
    // One renewal only: exercising it closes the option, and the rent still to agree must not go with it.
    const lease = await buildLease(admin, {
      store_id: store.id,
      status: 'active',
      commencement_date: addCalendarMonths(expiration, -60),
      expiration_date: expiration,
      rent_schedule: [
        { start_date: addCalendarMonths(expiration, -60), end_date: expiration, monthly_amount: 9000 },
      ],
      options: [{ kind: 'renewal', count: 1, length_months: 60, notice: twelveToSix }],
    });
    const exercised = (
      await admin.post(`/app/api/v1/leases/${lease.id}/options/0/exercise`, {
        rent_method: 'fair_market_value',
      })
    ).body.data;
    expect(exercised.options[0].status).toBe('exercised');
    const renewal = renewalTerm(expiration, 60);
    expect(exercised.rent_schedule.at(-1).end_date).toBe(expiration);
    const rentDate = (await leaseReminders(admin, lease.id)).find((r) => r.source === 'renewal_rent');
    expect(rentDate).toMatchObject({
      due_date: renewal.start,
      read_at: null,
      title: 'Renewal rent to agree (fair market value): Harbor Grill Austin',
    });
    const agreed = [
      ...exercised.rent_schedule,
      { start_date: renewal.start, end_date: renewal.end, monthly_amount: 13_000 },
    ];
    expect((await admin.patch(`/app/api/v1/leases/${lease.id}`, { rent_schedule: agreed })).status).toBe(200);
    expect((await leaseReminders(admin, lease.id)).some((r) => r.source === 'renewal_rent')).toBe(false);
  });

  it('waives an option: its reminders close as waived and it cannot be exercised afterwards', async () => {
    const { admin, manager, lease } = await setup();
    const waived = await manager.post(`/app/api/v1/leases/${lease.id}/options/0/waive`, {
      reason: 'Relocating',
    });
    expect(waived.status).toBe(200);
    expect(waived.body.data.options[0].windows.map((w: Window) => w.state)).toEqual(['waived', 'waived']);
    expect(waived.body.data.options[0].deadline).toBeNull();
    const notices = (await leaseReminders(admin, lease.id)).filter((r) => r.source === 'option_notice');
    expect(notices.every((r) => r.read_at !== null)).toBe(true);
    expect(
      (
        await admin.post(`/app/api/v1/leases/${lease.id}/options/0/exercise`, {
          rent_method: 'percent',
          percent: 0,
        })
      ).status,
    ).toBe(409);
    expect((await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data[0]).toMatchObject({
      kind: 'waive',
      summary: 'Renewal option waived: Relocating',
    });
  });

  it('stamps computed dates as verified until an input changes', async () => {
    const { admin, observer, lease, expiration } = await setup();
    expect((await observer.post(`/app/api/v1/leases/${lease.id}/options/0/verify`)).status).toBe(403);
    const verified = await admin.post(`/app/api/v1/leases/${lease.id}/options/0/verify`);
    expect(verified.body.data.options[0].verified).toMatchObject({
      by: expect.any(String),
      at: expect.any(String),
    });
    // An unrelated edit keeps the stamp; moving the expiration moves the deadline and clears it.
    expect(
      (await admin.patch(`/app/api/v1/leases/${lease.id}`, { reference: 'L-7' })).body.data.options[0]
        .verified,
    ).not.toBeNull();
    const moved = await admin.patch(`/app/api/v1/leases/${lease.id}`, {
      expiration_date: addCalendarMonths(expiration, 1),
    });
    expect(moved.body.data.options[0].verified).toBeNull();
    const history = (await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data;
    expect(history[0].changes['options.0.deadline']).toEqual([
      addCalendarMonths(expiration, -6),
      addCalendarMonths(addCalendarMonths(expiration, 1), -6),
    ]);
  });

  it('moves computed dates when the team adds a closure on a deadline, in the background, and says so in the history', async () => {
    const { admin, store, team, expiration } = await setup();
    const created = await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      expiration_date: addCalendarDays(expiration, 40),
      options: [
        {
          kind: 'renewal',
          count: 1,
          length_months: 60,
          notice: { ...twelveToSix, business_day: 'previous' },
        },
      ],
    });
    const before = created.body.data.options[0].deadline as string;
    const holidays = [{ date: before, name: 'Office closed' }];
    expect((await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { holidays })).status).toBe(200);
    await ctx.app.deps.jobs.runDue();
    const expected = rollToBusinessDay(before, 'previous', {
      base: 'us_federal',
      added: holidays,
      removed: [],
    }).date;
    const lease = (await admin.get(`/app/api/v1/leases/${created.body.data.id}`)).body.data;
    expect(lease.options[0].deadline).toBe(expected);
    expect(lease.options[0].windows[0].latest.explanation).toMatch(
      /Office closed, moved back|past Office closed/,
    );
    const reminder = (await leaseReminders(admin, lease.id)).find((r) => r.source === 'option_notice')!;
    expect(reminder.due_date).toBe(expected);
    const history = (await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data;
    expect(history[0]).toMatchObject({
      summary: 'Option dates recomputed: the team’s calendar or counting rules changed',
    });
    expect(history[0].changes['options.0.deadline']).toEqual([before, expected]);
  });

  it('names the companies a changed reference field points to in the history', async () => {
    const { admin, lease } = await setup();
    const landlord = await buildCompany(admin, { name: 'Bayside Properties', kind: 'landlord' });
    expect((await admin.patch(`/app/api/v1/leases/${lease.id}`, { landlord_id: landlord.id })).status).toBe(
      200,
    );
    const history = (await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data;
    expect(history[0].changes.landlord_id).toEqual([null, { id: landlord.id, name: 'Bayside Properties' }]);
  });

  it('answers 404 to another team on every option and history route', async () => {
    const { lease } = await setup();
    const other = await signIn(ctx, (await buildUser(ctx)).user.email);
    for (const path of ['options/0/exercise', 'options/0/waive', 'options/0/verify', 'amendments']) {
      expect(
        (
          await other.post(`/app/api/v1/leases/${lease.id}/${path}`, {
            rent_method: 'percent',
            percent: 1,
            summary: 'x',
          })
        ).status,
      ).toBe(404);
    }
    expect((await other.get(`/app/api/v1/leases/${lease.id}/history`)).status).toBe(404);
    expect((await other.get(`/app/api/v1/leases/${lease.id}/history/1`)).status).toBe(404);
  });
});
