import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { observeQueries, openDatabase, type DatabaseHandle } from './db';
import { enqueueMail } from './mail';
import { deliverReminderNotices } from '../modules/reminders/digest';
import { RUN_IMPORT, runImportJob } from '../modules/imports/run';
import { addDaysIso, todayIso } from '../modules/leases/dates';
import { useTestApp } from '../../test/context';
import { FakeSmtp } from '../../test/fake-smtp';
import { refreshSchedules } from '../modules/lease-accounting/stored';
import { buildLease, multipartBody, teamWithRoles } from '../../test/factories';
import { testDialect } from '../../test/global-setup';

/**
 * Scale-out: two app instances on one database (and one Redis when there is one) working the
 * same queues at the same moment. Sessions across instances are proven in auth/session-cache.test.ts and
 * SSE across instances (through Redis) in realtime/realtime.test.ts; this file proves the background work:
 * each reminder notice, each outbox mail and each import job happens exactly once.
 */
const ctx = useTestApp();
const smtp = new FakeSmtp();
let instances: FastifyInstance[] = [];
let handles: DatabaseHandle[] = [];

if (!process.env.TEST_REDIS_URL)
  console.log('scale-out.test: no TEST_REDIS_URL, the two instances share the database only (no Redis)');
// Instances that write in overlapping transactions need PostgreSQL, the scale-out database: two SQLite
// connections in one test process would wait on each other's write lock synchronously, blocking the very
// event loop that would commit the other. (SQLite serves one instance; ARCHITECTURE.md.)
const overlappingWrites = testDialect() === 'postgres';
if (!overlappingWrites)
  console.log(
    'scale-out.test: SQLite run, only the outbox race runs here; the reminder and import races run on PostgreSQL',
  );

beforeAll(async () => {
  await smtp.up();
  // The file's own app only makes data here: its workers must not take the work the two instances race for.
  await ctx.app.deps.mail.stop();
  await ctx.app.deps.jobs.stop();
  await ctx.app.deps.push.stop();
  const config = { ...ctx.config, SMTP_URL: smtp.url, REDIS_URL: process.env.TEST_REDIS_URL };
  handles = [openDatabase(ctx.databaseUrl, { poolSize: 3 }), openDatabase(ctx.databaseUrl, { poolSize: 3 })];
  instances = await Promise.all(handles.map((database) => buildApp({ config, database })));
});

afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()));
  await Promise.all(handles.map((handle) => handle.close()));
  await smtp.down();
});

/** Runs both instances' mail senders together until the outbox has nothing left to send. */
async function deliverAllMail() {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await Promise.all(instances.flatMap((app) => [app.deps.mail.deliverDue(), app.deps.mail.deliverDue()]));
    const pending = await ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', 'mail')
      .where('sent_at', 'is', null)
      .execute();
    if (!pending.length) return;
    if (Date.now() > deadline) throw new Error(`${pending.length} mails still unsent`);
  }
}

const subjectsTo = (address: string) =>
  smtp.to(address).map((mail) => /^Subject: (.*)$/m.exec(mail.data)?.[1] ?? '');

describe('two instances at once', () => {
  it('delivers each outbox mail exactly once while both instances send', async () => {
    const addresses = Array.from({ length: 60 }, (_, i) => `outbox-${i}@example.test`);
    for (const to of addresses) await enqueueMail(ctx.db, { to, subject: `Outbox ${to}`, text: 'x' });
    await deliverAllMail();
    for (const to of addresses) expect(subjectsTo(to)).toEqual([`Outbox ${to}`]);
  });
});

if (overlappingWrites) {
  describe('two instances at once (PostgreSQL)', () => {
    it('sends each reminder notice exactly once when both instances run the hourly tick together', async () => {
      const { admin, owner } = await teamWithRoles(ctx);
      const today = todayIso();
      // Within a week: one mail per reminder at once; further out: one daily digest listing them.
      for (let i = 0; i < 8; i++)
        expect(
          (
            await admin.post('/app/api/v1/reminders', {
              title: `Soon ${i}`,
              due_date: addDaysIso(today, 3),
              assignee_ids: [owner.id],
            })
          ).status,
        ).toBe(201);
      for (let i = 0; i < 4; i++)
        expect(
          (
            await admin.post('/app/api/v1/reminders', {
              title: `Later ${i}`,
              due_date: addDaysIso(today, 20),
              assignee_ids: [owner.id],
            })
          ).status,
        ).toBe(201);

      await Promise.all(
        instances.flatMap((app) => [
          deliverReminderNotices(app.deps, today),
          deliverReminderNotices(app.deps, today),
        ]),
      );
      await deliverAllMail();

      const subjects = subjectsTo(owner.email).sort();
      const soon = Array.from({ length: 8 }, (_, i) => `Due soon: Soon ${i} (${addDaysIso(today, 3)})`);
      expect(subjects.filter((s) => s.startsWith('Due soon'))).toEqual(soon);
      const digests = subjects.filter((s) => s.includes('critical date'));
      expect(digests).toHaveLength(1);
      expect(digests[0]).toMatch(/4 critical dates coming up/);
    });

    it('escalates a missed deadline once and moves an expired lease once when both instances tick together', async () => {
      const { admin, owner } = await teamWithRoles(ctx);
      const today = todayIso();
      const store = (await admin.post('/app/api/v1/stores', { name: 'Race Street' })).body.data;
      const lease = (
        await admin.post('/app/api/v1/leases', {
          store_id: store.id,
          status: 'active',
          expiration_date: addDaysIso(today, 2),
        })
      ).body.data;
      expect(
        (
          await admin.post('/app/api/v1/reminders', {
            title: 'Missed twice over',
            due_date: addDaysIso(today, 3),
            assignee_ids: [owner.id],
          })
        ).status,
      ).toBe(201);

      // Five days on: the reminder is two days overdue and the lease three days past its expiration.
      const later = addDaysIso(today, 5);
      await Promise.all(
        instances.flatMap((app) => [
          deliverReminderNotices(app.deps, later),
          deliverReminderNotices(app.deps, later),
        ]),
      );
      await deliverAllMail();

      // One message with both missed deadlines (the reminder and the lease's expiration), not one per instance or tick.
      expect(subjectsTo(owner.email).filter((s) => /overdue/i.test(s))).toEqual([
        expect.stringMatching(/2 critical dates are overdue$/),
      ]);
      expect((await admin.get(`/app/api/v1/leases/${lease.id}`)).body.data.status).toBe('holdover');
      const history = (await admin.get(`/app/api/v1/leases/${lease.id}/history`)).body.data;
      expect(history.filter((entry: { kind: string }) => entry.kind === 'status')).toHaveLength(1);
    });

    it('gives each import job to exactly one instance and imports every row once', async () => {
      const { admin } = await teamWithRoles(ctx);
      const runs: Array<{ instance: number; job: number }> = [];
      instances.forEach((app, instance) =>
        app.deps.jobs.register(RUN_IMPORT, async (job) => {
          runs.push({ instance, job: job.id });
          await runImportJob(app.deps, job);
        }),
      );
      const ids: number[] = [];
      for (let file = 0; file < 4; file++) {
        const csv = `Store number,Name\n${Array.from({ length: 25 }, (_, i) => `${file * 100 + i},Scale ${file}-${i}`).join('\n')}`;
        const { body, headers } = multipartBody({ type: 'stores' }, [
          { field: 'file', name: `s${file}.csv`, content: Buffer.from(csv) },
        ]);
        const uploaded = await admin.request('POST', '/app/api/v1/imports', body, headers);
        expect(uploaded.status).toBe(201);
        const run = await admin.post(`/app/api/v1/imports/${uploaded.body.data.id}/run`, {
          mapping: uploaded.body.data.mapping,
          mode: 'create_update',
          match_key: 'store_number',
        });
        expect(run.status).toBe(202);
        ids.push(uploaded.body.data.id);
      }

      await Promise.all(instances.flatMap((app) => [app.deps.jobs.runDue(), app.deps.jobs.runDue()]));
      await Promise.all(instances.map((app) => app.deps.jobs.drain()));

      const jobs = await ctx.db
        .selectFrom('jobs')
        .select(['id', 'finished_at'])
        .where('kind', '=', RUN_IMPORT)
        .execute();
      expect(jobs).toHaveLength(4);
      expect(jobs.every((job) => job.finished_at !== null)).toBe(true);
      expect(runs.map((run) => run.job).sort((x, y) => x - y)).toEqual(
        jobs.map((job) => job.id).sort((x, y) => x - y),
      );
      for (const id of ids)
        expect((await admin.get(`/app/api/v1/imports/${id}`)).body.data).toMatchObject({
          status: 'completed',
          created_count: 25,
        });
      expect((await admin.get('/app/api/v1/stores?per_page=1')).body.meta.total).toBe(100);
    });

    it('computes each stale lease schedule once when both instances refresh the same team together', async () => {
      const { admin, team } = await teamWithRoles(ctx);
      await admin.put('/app/api/v1/lease-accounting/settings', {
        borrowing_rates: [{ up_to_months: 120, rate: 5 }],
      });
      for (let i = 0; i < 24; i++) {
        const lease = await buildLease(admin, {
          reference: `SO-${i}`,
          status: 'active',
          commencement_date: '2025-01-01',
          expiration_date: '2029-12-31',
          rent_schedule: [{ start_date: '2025-01-01', end_date: '2029-12-31', monthly_amount: 5000 + i }],
        });
        expect((await admin.put(`/app/api/v1/leases/${lease.id}/accounting`, {})).status).toBe(200);
      }
      // New rates make all 24 stale; both instances refresh the team at once, twice each (the job and a
      // month's journal on each, say).
      await admin.put('/app/api/v1/lease-accounting/settings', {
        borrowing_rates: [{ up_to_months: 120, rate: 6 }],
      });
      const stored = handles.map(() => 0);
      const stops = handles.map((handle, index) =>
        observeQueries(handle.db, (query) => {
          if (/^update "lease_accounting_schedules" set "stored_version"/.test(query.sql))
            stored[index] = stored[index]! + 1;
        }),
      );
      try {
        await Promise.all(
          instances.flatMap((app) => [
            refreshSchedules(app.deps, team.id, { batch: 4 }),
            refreshSchedules(app.deps, team.id, { batch: 4, wait: true }),
          ]),
        );
      } finally {
        for (const stop of stops) stop();
      }
      // Both instances took a share, and there is one "stored at this version" per lease over both: no lease
      // was computed twice.
      expect(stored.every((count) => count > 0)).toBe(true);
      expect(stored[0]! + stored[1]!).toBe(24);
      const states = await ctx.db
        .selectFrom('lease_accounting_schedules')
        .select(['version', 'stored_version', 'claimed_by'])
        .where('team_id', '=', team.id)
        .execute();
      expect(states).toHaveLength(24);
      expect(states.every((row) => row.stored_version === row.version && row.claimed_by === null)).toBe(true);
    });
  });
}
