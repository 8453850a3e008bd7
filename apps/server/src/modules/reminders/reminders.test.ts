import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';
import { dialectOf } from '../../platform/db';
import { reminderSubjects } from '../../platform/db/migrations/0034-reminder-subjects';

const ctx = useTestApp();

describe('reminders', () => {
  it('lists incomplete and completed, completes and reopens, and keeps comments_count in step', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const created = await admin.post('/app/api/v1/reminders', {
      title: 'Call the landlord',
      due_date: addDaysIso(todayIso(), 10),
      note: 'About CAM',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ read_at: null, comments_count: 0, source: 'manual' });
    expect(
      (await observer.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data.map(
        (r: { id: number }) => r.id,
      ),
    ).toEqual([id]);

    const first = await manager.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Left a voicemail' });
    await admin.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Landlord called back' });
    const comments = await admin.get(`/app/api/v1/reminders/${id}/comments`);
    expect(comments.body.data.map((c: { body: string }) => c.body)).toEqual([
      'Landlord called back',
      'Left a voicemail',
    ]);
    expect((await admin.get(`/app/api/v1/reminders/${id}`)).body.data.comments_count).toBe(2);
    expect((await manager.delete(`/app/api/v1/reminder-comments/${first.body.data.id}`)).status).toBe(204);
    expect((await admin.get(`/app/api/v1/reminders/${id}`)).body.data.comments_count).toBe(1);

    const done = await manager.patch(`/app/api/v1/reminders/${id}`, { read: true });
    expect(done.body.data.read_at).toEqual(expect.any(String));
    expect((await admin.get('/app/api/v1/reminders?filters[status]=incomplete')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/reminders?filters[status]=completed')).body.meta.total).toBe(1);
    expect((await admin.patch(`/app/api/v1/reminders/${id}`, { read: false })).body.data.read_at).toBeNull();
    expect((await observer.post('/app/api/v1/reminders', { title: 'x', due_date: todayIso() })).status).toBe(
      403,
    );
  });

  it('keeps the unread badge and list totals exact across completes, reopens and deletes (they are cached)', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const badge = async () => (await manager.get('/app/api/v1/users/auth')).body.data.notifications;
    const total = async () =>
      (await manager.get('/app/api/v1/reminders?filters[status]=incomplete')).body.meta.total;
    expect([await badge(), await total()]).toEqual([0, 0]);
    const id = (
      await admin.post('/app/api/v1/reminders', { title: 'Counted', due_date: addDaysIso(todayIso(), 3) })
    ).body.data.id;
    expect([await badge(), await total()]).toEqual([1, 1]);
    await manager.patch(`/app/api/v1/reminders/${id}`, { read: true });
    expect([await badge(), await total()]).toEqual([0, 0]);
    await manager.patch(`/app/api/v1/reminders/${id}`, { read: false });
    expect([await badge(), await total()]).toEqual([1, 1]);
    // Pages are cached too: a comment and a mute show in the list at once.
    const listed = async () =>
      (await manager.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data[0];
    expect(await listed()).toMatchObject({ comments_count: 0, muted: false });
    const comment = (await admin.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Called' })).body.data
      .id;
    expect((await listed()).comments_count).toBe(1);
    await manager.post('/app/api/v1/mutes', { subject_type: 'reminder', subject_id: id });
    expect(await listed()).toMatchObject({ comments_count: 1, muted: true });
    expect((await admin.get('/app/api/v1/reminders?filters[status]=incomplete')).body.data[0].muted).toBe(
      false,
    );
    await admin.delete(`/app/api/v1/reminder-comments/${comment}`);
    expect((await listed()).comments_count).toBe(0);
    await admin.delete(`/app/api/v1/reminders/${id}`);
    expect([await badge(), await total()]).toEqual([0, 0]);
  });

  it('snoozes a reminder out of the inbox until its date', async () => {
    const { admin } = await teamWithRoles(ctx);
    const id = (
      await admin.post('/app/api/v1/reminders', { title: 'Snooze me', due_date: addDaysIso(todayIso(), 30) })
    ).body.data.id;
    await admin.patch(`/app/api/v1/reminders/${id}`, { snoozed_until: addDaysIso(todayIso(), 5) });
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(0);
    expect((await admin.get('/app/api/v1/users/auth')).body.data.notifications).toBe(0);
  });

  it('lets observers read and mute reminders, and only managers and admins complete, reopen, snooze, comment on or create them', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const id = (
      await admin.post('/app/api/v1/reminders', {
        title: 'Renew the lease',
        due_date: addDaysIso(todayIso(), 10),
      })
    ).body.data.id;
    const seen = await observer.get(`/app/api/v1/reminders/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.abilities).toEqual({
      update: false,
      complete: false,
      snooze: false,
      delete: false,
      comment: false,
      mute: true,
    });
    expect((await manager.get(`/app/api/v1/reminders/${id}`)).body.data.abilities).toEqual({
      update: true,
      complete: true,
      snooze: true,
      delete: true,
      comment: true,
      mute: true,
    });

    const refused = [
      await observer.patch(`/app/api/v1/reminders/${id}`, { read: true }),
      await observer.patch(`/app/api/v1/reminders/${id}`, { snoozed_until: addDaysIso(todayIso(), 5) }),
      await observer.patch(`/app/api/v1/reminders/${id}`, { assignee_ids: [] }),
      await observer.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Done?' }),
      await observer.post('/app/api/v1/reminders', { title: 'Mine', due_date: todayIso() }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0]!.body.message).toBe('Only managers and admins can change reminders.');
    const after = (await admin.get(`/app/api/v1/reminders/${id}`)).body.data;
    expect(after).toMatchObject({ read_at: null, snoozed_until: null, comments_count: 0 });
    expect((await observer.get(`/app/api/v1/reminders/${id}/comments`)).status).toBe(200);

    expect(
      (await observer.post('/app/api/v1/mutes', { subject_type: 'reminder', subject_id: id })).status,
    ).toBe(201);
    expect((await observer.get(`/app/api/v1/reminders/${id}`)).body.data.muted).toBe(true);
    expect((await admin.get(`/app/api/v1/reminders/${id}`)).body.data.muted).toBe(false);

    expect((await manager.patch(`/app/api/v1/reminders/${id}`, { read: true })).body.data.read_at).toEqual(
      expect.any(String),
    );
    expect(
      (await manager.patch(`/app/api/v1/reminders/${id}`, { read: false })).body.data.read_at,
    ).toBeNull();
    expect(
      (await manager.patch(`/app/api/v1/reminders/${id}`, { snoozed_until: addDaysIso(todayIso(), 5) }))
        .status,
    ).toBe(200);
    expect((await manager.post(`/app/api/v1/reminders/${id}/comments`, { body: 'Called them' })).status).toBe(
      201,
    );
  });

  it('takes as subject only a live record of the same team (a 422 on subject_id otherwise)', async () => {
    const { admin } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const mine = await createVia(admin, 'companies', { name: 'Acme' });
    const theirs = await createVia(stranger, 'companies', { name: 'Globex' });
    const gone = await createVia(admin, 'stores', { name: 'Closed store' });
    expect((await admin.delete(`/app/api/v1/stores/${gone.id}`)).status).toBe(204);
    const due = addDaysIso(todayIso(), 10);

    for (const [subject_type, subject_id] of [
      ['company', theirs.id],
      ['company', 987_654],
      ['store', gone.id],
      ['lease', mine.id],
    ] as const) {
      const response = await admin.post('/app/api/v1/reminders', {
        title: 'Follow up',
        due_date: due,
        subject_type,
        subject_id,
      });
      expect(response.status, `${subject_type} ${subject_id}`).toBe(422);
      expect(response.body.errors.subject_id).toEqual(['The selected subject is invalid.']);
    }
    expect((await stranger.get('/app/api/v1/reminders')).body.meta.total).toBe(0);

    const ok = await admin.post('/app/api/v1/reminders', {
      title: 'Follow up',
      due_date: due,
      subject_type: 'company',
      subject_id: mine.id,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.subject).toEqual({ type: 'company', id: mine.id, name: 'Acme' });
  });

  it('lets go of subjects in another team, or missing, that reminders were given before the check (migration 0034)', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const stranger = await teamWithRoles(ctx);
    const mine = await createVia(admin, 'stores', { name: 'Mine' });
    const theirs = await createVia(stranger.admin, 'stores', { name: 'Theirs' });
    const now = new Date().toISOString();
    const insert = (title: string, subject_id: number) =>
      ctx.db
        .insertInto('reminders')
        .values({
          team_id: team.id,
          subject_type: 'store',
          subject_id,
          source: 'manual',
          title,
          note: null,
          due_date: addDaysIso(todayIso(), 10),
          visible_from: todayIso(),
          created_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const [foreign, missing, own] = [
      await insert('Foreign', theirs.id),
      await insert('Missing', 987_654),
      await insert('Own', mine.id),
    ];
    await reminderSubjects.up(ctx.db, dialectOf(ctx.db));
    const subjectOf = async (id: number) =>
      (await admin.get(`/app/api/v1/reminders/${id}`)).body.data.subject;
    expect(await subjectOf(foreign.id)).toBeNull();
    expect(await subjectOf(missing.id)).toBeNull();
    expect(await subjectOf(own.id)).toEqual({ type: 'store', id: mine.id, name: 'Mine' });
  });

  it('answers 404 to another team for reminders and comments', async () => {
    const { admin } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const id = (await admin.post('/app/api/v1/reminders', { title: 'Private', due_date: todayIso() })).body
      .data.id;
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
    await admin.post('/app/api/v1/reminders', {
      title: 'Renewal notice to landlord',
      due_date: '2031-03-15',
    });
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
    await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      status: 'active',
      expiration_date: addDaysIso(todayIso(), 300),
    });
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(0);
    expect((await manager.patch(`/app/api/v1/teams/${team.id}/settings`, { lead_days: [365] })).status).toBe(
      403,
    );
    const updated = await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { lead_days: [30, 365, 90] });
    expect(updated.body.data).toMatchObject({
      lead_days: [365, 90, 30],
      window_days: 180,
      alignment_days: 90,
    });
    expect((await admin.get('/app/api/v1/reminders')).body.meta.total).toBe(1);
    expect((await admin.patch(`/app/api/v1/teams/${team.id}/settings`, { lead_days: [] })).status).toBe(422);
  });
});
