import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';

const ctx = useTestApp();

describe('reminders', () => {
  it('lists incomplete and completed, completes and reopens, and keeps comments_count in step', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const created = await admin.post('/app/api/v1/reminders', { title: 'Call the landlord', due_date: addDaysIso(todayIso(), 10), note: 'About CAM' });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ read_at: null, comments_count: 0, source: 'manual' });
    expect((await observer.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data.map((r: { id: number }) => r.id)).toEqual([id]);

    const first = await observer.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Left a voicemail' });
    await admin.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Landlord called back' });
    const comments = await admin.get(`/app/api/v1/reminders/${id}/comments`);
    expect(comments.body.data.map((c: { body: string }) => c.body)).toEqual(['Landlord called back', 'Left a voicemail']);
    expect((await admin.get(`/app/api/v1/reminders/${id}`)).body.data.comments_count).toBe(2);
    expect((await observer.delete(`/app/api/v1/reminder-comments/${first.body.data.id}`)).status).toBe(204);
    expect((await admin.get(`/app/api/v1/reminders/${id}`)).body.data.comments_count).toBe(1);

    const done = await observer.patch(`/app/api/v1/reminders/${id}`, { read: true });
    expect(done.body.data.read_at).toEqual(expect.any(String));
    expect((await admin.get('/app/api/v1/reminders?filters[status]=incomplete')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/reminders?filters[status]=completed')).body.meta.total).toBe(1);
    expect((await admin.patch(`/app/api/v1/reminders/${id}`, { read: false })).body.data.read_at).toBeNull();
    expect((await observer.post('/app/api/v1/reminders', { title: 'x', due_date: todayIso() })).status).toBe(403);
  });

  it('keeps the unread badge and list totals exact across completes, reopens and deletes (they are cached)', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const badge = async () => (await manager.get('/app/api/v1/users/auth')).body.data.notifications;
    const total = async () => (await manager.get('/app/api/v1/reminders?filters[status]=incomplete')).body.meta.total;
    expect([await badge(), await total()]).toEqual([0, 0]);
    const id = (await admin.post('/app/api/v1/reminders', { title: 'Counted', due_date: addDaysIso(todayIso(), 3) })).body.data.id;
    expect([await badge(), await total()]).toEqual([1, 1]);
    await manager.patch(`/app/api/v1/reminders/${id}`, { read: true });
    expect([await badge(), await total()]).toEqual([0, 0]);
    await manager.patch(`/app/api/v1/reminders/${id}`, { read: false });
    expect([await badge(), await total()]).toEqual([1, 1]);
    // Pages are cached too: a comment and a mute show in the list at once.
    const listed = async () => (await manager.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data[0];
    expect(await listed()).toMatchObject({ comments_count: 0, muted: false });
    const comment = (await admin.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Called' })).body.data.id;
    expect((await listed()).comments_count).toBe(1);
    await manager.post('/app/api/v1/mutes', { subject_type: 'reminder', subject_id: id });
    expect(await listed()).toMatchObject({ comments_count: 1, muted: true });
    expect((await admin.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data[0].muted).toBe(false);
    await admin.delete(`/app/api/v1/reminder-comments/${comment}`);
    expect((await listed()).comments_count).toBe(0);
    await admin.delete(`/app/api/v1/reminders/${id}`);
    expect([await badge(), await total()]).toEqual([0, 0]);
  });

  it('snoozes a reminder out of the inbox until its date', async () => {
    const { admin } = await teamWithRoles(ctx);
    const id = (await admin.post('/app/api/v1/reminders', { title: 'Snooze me', due_date: addDaysIso(todayIso(), 30) })).body.data.id;
    await admin.patch(`/app/api/v1/reminders/${id}`, { snoozed_until: addDaysIso(todayIso(), 5) });
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/users/auth')).body.data.notifications).toBe(0);
  });

  it('answers 404 to another team for reminders and comments', async () => {
    const { admin } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const id = (await admin.post('/app/api/v1/reminders', { title: 'Private', due_date: todayIso() })).body.data.id;
    const comment = (await admin.post(`/app/api/v1/reminders/${id}/comments`, { body: 'mine' })).body.data.id;
    expect((await stranger.get(`/app/api/v1/reminders/${id}`)).status).toBe(404);
    expect((await stranger.patch(`/app/api/v1/reminders/${id}`, { read: true })).status).toBe(404);
    expect((await stranger.get(`/app/api/v1/reminders/${id}/comments`)).status).toBe(404);
    expect((await stranger.post(`/app/api/v1/reminders/${id}/comments`, { body: 'x' })).status).toBe(404);
    expect((await stranger.delete(`/app/api/v1/reminder-comments/${comment}`)).status).toBe(404);
    expect((await stranger.delete(`/app/api/v1/reminders/${id}`)).status).toBe(404);
  });
});

describe('calendar feed and lead times', () => {
  it('serves a secret, revocable iCalendar feed of open critical dates', async () => {
    const { admin } = await teamWithRoles(ctx);
    await admin.post('/app/api/v1/reminders', { title: 'Renewal notice to landlord', due_date: '2031-03-15' });
    const feed = await admin.post('/app/api/v1/calendar-feed');
    expect(feed.status).toBe(201);
    const path = new URL(feed.body.data.url).pathname;
    const ics = await ctx.client().get(path);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.body).toContain('SUMMARY:Renewal notice to landlord');
    expect(ics.body).toContain('DTSTART;VALUE=DATE:20310315');
    await admin.delete('/app/api/v1/calendar-feed');
    expect((await ctx.client().get(path)).status).toBe(404);
  });

  it('lets admins change lead times, which moves reminders into view', async () => {
    const { admin, manager, team } = await teamWithRoles(ctx);
    const store = await createVia(admin, 'stores', { name: 'Far Future' });
    await admin.post('/app/api/v1/leases', { store_id: store.id, status: 'active', expiration_date: addDaysIso(todayIso(), 300) });
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(0);
    expect((await manager.patch(`/app/api/v1/teams/${team.id}/settings`, { lead_days: [365] })).status).toBe(403);
    const updated = await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { lead_days: [30, 365, 90] });
    expect(updated.body.data).toEqual({ lead_days: [365, 90, 30], window_days: 180, alignment_days: 90 });
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(1);
    expect((await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { lead_days: [] })).status).toBe(422);
  });
});
