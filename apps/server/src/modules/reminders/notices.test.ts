import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../platform/db';
import { useTestApp } from '../../../test/context';
import { buildMember, createVia, mailTo, signIn, teamWithRoles } from '../../../test/factories';
import { addDaysIso, todayIso } from '../leases/dates';
import { deliverReminderNotices } from './digest';

const ctx = useTestApp();

const about = (title: string) => (mails: Array<{ subject: string; text: string }>) =>
  mails.filter((m) => m.subject.includes(title) || m.text.includes(title));

describe('reminder notices', () => {
  it('sends each notice once, at the nearest lead time: far deadlines in the daily digest, the last week at once', async () => {
    const { admin, owner } = await teamWithRoles(ctx);
    const today = todayIso();
    const id = (
      await admin.post('/app/api/v1/reminders', {
        title: 'Option notice due',
        due_date: addDaysIso(today, 25),
        assignee_ids: [owner.id],
      })
    ).body.data.id;
    const notices = async () =>
      (
        await ctx.db
          .selectFrom('reminder_notices')
          .select('lead_days')
          .where('reminder_id', '=', id)
          .orderBy('lead_days', 'desc')
          .execute()
      ).map((n) => n.lead_days);

    await Promise.all([
      deliverReminderNotices(ctx.app.deps, today),
      deliverReminderNotices(ctx.app.deps, today),
    ]);
    await deliverReminderNotices(ctx.app.deps, today);
    expect(await notices()).toEqual([30]);
    const first = about('Option notice due')(await mailTo(ctx, owner.email));
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toMatch(/1 critical date coming up/);
    expect(first[0]!.text).toContain(`/reminders/${id}/comments`);

    // Nineteen days later the 7-day lead time is reached: one immediate mail, then silence again.
    const later = addDaysIso(today, 19);
    await Promise.all([
      deliverReminderNotices(ctx.app.deps, later),
      deliverReminderNotices(ctx.app.deps, later),
    ]);
    await deliverReminderNotices(ctx.app.deps, later);
    expect(await notices()).toEqual([30, 7]);
    const mails = about('Option notice due')(await mailTo(ctx, owner.email));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Due soon: Option notice due (${addDaysIso(today, 25)})`);
    expect(mails[1]!.text).toContain('in 6 days');
  });

  it('groups a day’s notices into one digest per manager and admin, and holds later ones for the next day', async () => {
    const { admin, owner, team } = await teamWithRoles(ctx);
    const manager = await buildMember(ctx, team.id, 'manager');
    const observer = await buildMember(ctx, team.id, 'observer');
    const today = todayIso();
    await admin.post('/app/api/v1/reminders', { title: 'Digest lease A', due_date: addDaysIso(today, 20) });
    await admin.post('/app/api/v1/reminders', { title: 'Digest lease B', due_date: addDaysIso(today, 60) });
    await deliverReminderNotices(ctx.app.deps, today);

    for (const person of [owner, manager]) {
      const digest = about('Digest lease')(await mailTo(ctx, person.email));
      expect(digest).toHaveLength(1);
      expect(digest[0]!.subject).toMatch(/2 critical dates coming up/);
      expect(digest[0]!.text.indexOf('Digest lease A')).toBeLessThan(
        digest[0]!.text.indexOf('Digest lease B'),
      );
    }
    expect(await mailTo(ctx, observer.email)).toEqual([]);

    // A date that comes into view later the same day waits for tomorrow's digest.
    await admin.post('/app/api/v1/reminders', { title: 'Digest lease C', due_date: addDaysIso(today, 40) });
    await deliverReminderNotices(ctx.app.deps, today);
    expect(about('Digest lease')(await mailTo(ctx, manager.email))).toHaveLength(1);
    await deliverReminderNotices(ctx.app.deps, addDaysIso(today, 1));
    const next = about('Digest lease')(await mailTo(ctx, manager.email));
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toMatch(/1 critical date coming up/);
    expect(next[1]!.text).toContain('Digest lease C');
  });

  it('leaves a completed reminder out of the digest', async () => {
    const { admin, owner } = await teamWithRoles(ctx);
    const today = todayIso();
    const id = (
      await admin.post('/app/api/v1/reminders', {
        title: 'Done before digest',
        due_date: addDaysIso(today, 50),
        assignee_ids: [owner.id],
      })
    ).body.data.id;
    // Another instance's scan claimed it already; the digest runs after the user completed it.
    await ctx.app.deps.db
      .insertInto('reminder_notices')
      .values({
        reminder_id: id,
        lead_days: 90,
        due_date: addDaysIso(today, 50),
        sent_at: new Date().toISOString(),
        digested_at: null,
      })
      .execute();
    await admin.patch(`/app/api/v1/reminders/${id}`, { read: true });
    await deliverReminderNotices(ctx.app.deps, today);
    expect(about('Done before digest')(await mailTo(ctx, owner.email))).toEqual([]);
  });

  it('lets a user mute a record or a reminder, and answers 404 for another team’s', async () => {
    const { admin, owner, team } = await teamWithRoles(ctx);
    const manager = await buildMember(ctx, team.id, 'manager');
    const managerClient = await signIn(ctx, manager.email);
    const store = await createVia(admin, 'stores', { name: 'Muted Store' });
    const today = todayIso();
    const id = (
      await admin.post('/app/api/v1/reminders', {
        title: 'Muted store notice',
        due_date: addDaysIso(today, 3),
        subject_type: 'store',
        subject_id: store.id,
      })
    ).body.data.id;

    expect(
      (await managerClient.post('/app/api/v1/mutes', { subject_type: 'store', subject_id: store.id })).status,
    ).toBe(201);
    expect(
      (await managerClient.post('/app/api/v1/mutes', { subject_type: 'store', subject_id: store.id })).status,
    ).toBe(201);
    expect((await managerClient.get('/app/api/v1/mutes')).body.data).toEqual([
      { subject_type: 'store', subject_id: store.id },
    ]);
    expect((await managerClient.get(`/app/api/v1/reminders/${id}`)).body.data.muted).toBe(true);
    expect((await admin.get(`/app/api/v1/reminders/${id}`)).body.data.muted).toBe(false);

    await deliverReminderNotices(ctx.app.deps, today);
    expect(about('Muted store notice')(await mailTo(ctx, manager.email))).toEqual([]);
    expect(about('Muted store notice')(await mailTo(ctx, owner.email))).toHaveLength(1);

    const bad = await managerClient.post('/app/api/v1/mutes', { subject_type: 'planet', subject_id: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['subject_id', 'subject_type']);

    const stranger = (await teamWithRoles(ctx)).observer;
    expect(
      (await stranger.post('/app/api/v1/mutes', { subject_type: 'store', subject_id: store.id })).status,
    ).toBe(404);
    expect(
      (await stranger.post('/app/api/v1/mutes', { subject_type: 'reminder', subject_id: id })).status,
    ).toBe(404);
    expect((await stranger.delete(`/app/api/v1/mutes/store/${store.id}`)).status).toBe(404);
    expect((await managerClient.get('/app/api/v1/mutes')).body.data).toHaveLength(1);

    expect((await managerClient.delete(`/app/api/v1/mutes/store/${store.id}`)).status).toBe(204);
    expect((await managerClient.get(`/app/api/v1/reminders/${id}`)).body.data.muted).toBe(false);
    expect(
      (await managerClient.post('/app/api/v1/mutes', { subject_type: 'reminder', subject_id: id })).status,
    ).toBe(201);
    expect((await managerClient.get(`/app/api/v1/reminders/${id}`)).body.data.muted).toBe(true);
  });
});

// Scale-out (ARCHITECTURE.md §5) runs several instances on PostgreSQL; SQLite is the single-instance
// database, so the race between two instances exists only there.
if (process.env.TEST_DB === 'postgres') {
  describe('reminder notices with two instances', () => {
    it('sends each notice once when two app instances on one database race for it', async () => {
      const database = openDatabase(ctx.databaseUrl, { poolSize: 4 });
      const second = await buildApp({ config: ctx.config, database });
      try {
        const { admin, owner } = await teamWithRoles(ctx);
        const today = todayIso();
        for (const [title, days] of [
          ['Race soon', 2],
          ['Race later', 45],
        ] as const) {
          await admin.post('/app/api/v1/reminders', {
            title,
            due_date: addDaysIso(today, days),
            assignee_ids: [owner.id],
          });
        }
        await Promise.all([
          deliverReminderNotices(ctx.app.deps, today),
          deliverReminderNotices(second.deps, today),
          deliverReminderNotices(second.deps, today),
        ]);
        const mails = about('Race')(await mailTo(ctx, owner.email));
        expect(mails).toHaveLength(2);
        expect(
          mails.filter((m) => m.subject === `Due soon: Race soon (${addDaysIso(today, 2)})`),
        ).toHaveLength(1);
        expect(
          mails.filter((m) => /1 critical date coming up/.test(m.subject) && m.text.includes('Race later')),
        ).toHaveLength(1);
      } finally {
        await second.close();
        await database.close();
      }
    });
  });
}
