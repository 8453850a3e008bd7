import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { ConfigError, loadConfig } from './config';
import { registerErrorHandler } from './errors';
import { createMailSender, enqueueMail } from './mail';
import { claimDue, doneBefore, purgeDoneQueueRows, QUEUE_RETENTION_DAYS } from './queue';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../app';
import { testDialect } from '../../test/global-setup';
import { transactionRetryingDeadlocks } from './db';

const ctx = useTestApp();

describe('configuration', () => {
  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: must start with postgres/s,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER=s3/,
    );
  });

  it('serves a laptop by default and turns the demo off in production', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      SEED_DEMO: true,
      STORAGE_DRIVER: 'local',
    });
    expect(config.DATABASE_URL).toMatch(/^sqlite:.*storekeep\.sqlite$/);
    expect(loadConfig({ NODE_ENV: 'production', APP_KEY: 'x'.repeat(40) }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_KEY/);
    expect(config.TENANCY_GUARD).toBe('off');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', APP_KEY: 'x'.repeat(40), TENANCY_GUARD: 'enforce' }),
    ).toThrow(/TENANCY_GUARD: is a development aid: off in production/);
  });
});

describe('errors', () => {
  it('answers an unexpected failure with 500 and no internals', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('password_hash column exploded at /srv/app/secret.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server error.' });
    await app.close();
  });

  it('answers a write PostgreSQL rolled back for a concurrent one (deadlock, serialization, a unique value written twice at once) with 409 "try again"', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/deadlock', async () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    app.post('/serialization', async () => {
      throw Object.assign(new Error('could not serialize access due to concurrent update'), {
        code: '40001',
      });
    });
    app.post('/unique', async () => {
      throw Object.assign(new Error('duplicate key value violates unique constraint "stores_team_number"'), {
        code: '23505',
      });
    });
    for (const url of ['/deadlock', '/serialization', '/unique']) {
      const response = await app.inject({ method: 'POST', url });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Someone else changed this at the same moment, so nothing was saved. Please try again.',
      });
    }
    await app.close();
  });
});

describe('the database statement timeout', () => {
  it('answers a statement the timeout cancelled with 503 and says what happened', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/slow', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    const response = await app.inject({ method: 'GET', url: '/slow' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: 'The server took too long to answer this request and stopped it. Please try again later.',
    });
    await app.close();
  });

  // PostgreSQL only: SQLite runs in the process and has no statement timeout to configure.
  if (testDialect() === 'postgres')
    it('cancels an app statement that runs past DATABASE_STATEMENT_TIMEOUT_SECONDS, then serves again', async () => {
      const app = await buildApp({ config: { ...ctx.config, DATABASE_STATEMENT_TIMEOUT_SECONDS: 1 } });
      try {
        // 57014 (query_canceled): the timeout cancelled the sleep; had it run out, the statement would succeed.
        await expect(sql`select pg_sleep(5)`.execute(app.deps.db)).rejects.toMatchObject({ code: '57014' });
        expect((await sql<{ ok: number }>`select 1 as ok`.execute(app.deps.db)).rows).toEqual([{ ok: 1 }]);
      } finally {
        await app.close();
      }
    });
});

describe('mail outbox', () => {
  it('writes an .eml file per message and marks it sent', async () => {
    await enqueueMail(ctx.db, {
      to: 'eml@example.test',
      subject: 'Hello',
      text: 'Open https://example.test/x',
    });
    expect(await ctx.app.deps.mail.deliverDue()).toBeGreaterThanOrEqual(1);
    const files = fs.readdirSync(path.join(ctx.dataDir, 'mail'));
    const content = files
      .map((f) => fs.readFileSync(path.join(ctx.dataDir, 'mail', f), 'utf8'))
      .find((c) => c.includes('eml@example.test'));
    expect(content).toMatch(/Subject: Hello/);
    const row = await ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('payload', 'like', '%eml@example.test%')
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it('retries a failed delivery later instead of losing it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    // Nothing listens on port 1: every SMTP attempt fails at once.
    const sender = createMailSender({
      db: ctx.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: 'x@example.test',
      mailDir: dir,
      log: ctx.app.log,
    });
    await ctx.db.deleteFrom('outbox').execute();
    await enqueueMail(ctx.db, { to: 'retry@example.test', subject: 'Retry', text: 'x' });
    expect(await sender.deliverDue()).toBe(0);
    const row = await ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, claimed_at: null });
    expect(row.last_error).toBeTruthy();
    expect(row.available_at > new Date().toISOString()).toBe(true);
    // Not due yet: a second run does not hammer the failing server.
    expect(await sender.deliverDue()).toBe(0);
    expect((await ctx.db.selectFrom('outbox').select('attempts').executeTakeFirstOrThrow()).attempts).toBe(1);
  });
});

/** How the database would run a statement: SQLite's EXPLAIN QUERY PLAN details or PostgreSQL's EXPLAIN lines. */
async function planOf(query: { compile(): CompiledQuery }) {
  const { sql: text, parameters } = query.compile();
  const sqlite = testDialect() === 'sqlite';
  const { rows } = await ctx.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${sqlite ? 'explain query plan' : 'explain'} ${text}`, [...parameters]),
  );
  return rows.map((row) => (sqlite ? row.detail! : row['QUERY PLAN']!)).join('\n');
}

/**
 * 2,000 mails and pushes sent and as many jobs finished a day ago, 500 rows a statement: what the queue tables hold
 * besides their few pending rows. PostgreSQL's autovacuum keeps statistics, so they are taken here; the app's
 * SQLite has none for these tables (no ANALYZE), and its planner then picks by the shape of the statement alone.
 */
async function fillQueuesWithDoneRows() {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const done = { payload: '{}', available_at: yesterday, created_at: yesterday };
  for (let at = 0; at < 2000; at += 500) {
    const slice = Array.from({ length: 500 }, (_, i) => i);
    await ctx.db
      .insertInto('outbox')
      .values(slice.map((i) => ({ ...done, kind: i % 2 ? 'mail' : 'push', sent_at: yesterday })))
      .execute();
    await ctx.db
      .insertInto('jobs')
      .values(slice.map(() => ({ ...done, kind: 'documents.extract', finished_at: yesterday })))
      .execute();
  }
  if (testDialect() === 'postgres') await sql`analyze outbox, jobs`.execute(ctx.db);
}

describe('queue claims', () => {
  it('find the due rows through the pending indexes, however many rows were done before', async () => {
    await fillQueuesWithDoneRows();

    // A whole-table read shows as "SCAN outbox" (SQLite) or "Seq Scan on outbox" (PostgreSQL); a walk of the
    // primary key in id order would not name the pending index. Either reads every mail ever sent.
    const mail = await planOf(claimDue(ctx.db, { table: 'outbox', kinds: ['mail'] }));
    expect(mail).toContain('outbox_pending_index');
    expect(mail).not.toMatch(/SCAN outbox\b|Seq Scan on outbox/);
    const jobs = await planOf(claimDue(ctx.db, { table: 'jobs', batch: 2 }));
    expect(jobs).toContain('jobs_due_index');
    expect(jobs).not.toMatch(/SCAN jobs\b|Seq Scan on jobs/);
  });

  it('take the earliest due rows first and leave the ones not yet due', async () => {
    await ctx.db.deleteFrom('outbox').execute();
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const row = (subject: string, availableAt: string) => ({
      kind: 'mail',
      payload: JSON.stringify({ subject }),
      available_at: availableAt,
      created_at: at(-60),
    });
    // Inserted out of due order: the retried one fell due before the newer one.
    await ctx.db
      .insertInto('outbox')
      .values([row('new', at(-1)), row('retried', at(-30)), row('later', at(30))])
      .execute();
    const claimed = await claimDue(ctx.db, { table: 'outbox', batch: 1 }).execute();
    expect(claimed.map((r) => JSON.parse(r.payload).subject)).toEqual(['retried']);
    const rest = await claimDue(ctx.db, { table: 'outbox' }).execute();
    expect(rest.map((r) => JSON.parse(r.payload).subject)).toEqual(['new']);
  });
});

describe('queue retention', () => {
  it('removes mail delivered and jobs finished over a month ago, and keeps the rest', async () => {
    await ctx.db.deleteFrom('outbox').execute();
    await ctx.db.deleteFrom('jobs').execute();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const mail = (
      subject: string,
      created: number,
      done: Partial<Record<'sent_at' | 'failed_at', string>>,
    ) => ({
      kind: 'mail',
      payload: JSON.stringify({ subject }),
      available_at: daysAgo(created),
      created_at: daysAgo(created),
      ...done,
    });
    await ctx.db
      .insertInto('outbox')
      .values([
        mail('sent long ago', 45, { sent_at: daysAgo(QUEUE_RETENTION_DAYS + 1) }),
        mail('sent lately', 45, { sent_at: daysAgo(QUEUE_RETENTION_DAYS - 1) }),
        mail('failed long ago', 45, { failed_at: daysAgo(40) }),
        mail('still queued', 45, {}),
      ])
      .execute();
    const job = (kind: string, finished?: string) => ({
      kind,
      payload: '{}',
      available_at: daysAgo(45),
      created_at: daysAgo(45),
      finished_at: finished ?? null,
    });
    await ctx.db
      .insertInto('jobs')
      .values([
        job('finished long ago', daysAgo(QUEUE_RETENTION_DAYS + 1)),
        job('finished lately', daysAgo(1)),
        job('waiting'),
      ])
      .execute();

    expect(await purgeDoneQueueRows(ctx.db)).toBe(2);
    const subjects = await ctx.db.selectFrom('outbox').select('payload').orderBy('id').execute();
    expect(subjects.map((r) => JSON.parse(r.payload).subject)).toEqual([
      'sent lately',
      'failed long ago',
      'still queued',
    ]);
    const kinds = await ctx.db.selectFrom('jobs').select('kind').orderBy('id').execute();
    expect(kinds.map((r) => r.kind)).toEqual(['finished lately', 'waiting']);
    // A second instance running the same purge finds nothing more.
    expect(await purgeDoneQueueRows(ctx.db)).toBe(0);
  });

  it('finds the old rows through the indexes by the time they were done, not by reading every row', async () => {
    // What the hourly purge meets: recent rows, and none yet past the retention.
    await fillQueuesWithDoneRows();
    const cutoff = new Date(Date.now() - QUEUE_RETENTION_DAYS * 86_400_000).toISOString();
    for (const [table, index] of [
      ['outbox', 'outbox_sent_index'],
      ['jobs', 'jobs_finished_index'],
    ] as const) {
      const plan = await planOf(doneBefore(ctx.db, table, cutoff).limit(5000));
      expect(plan).toContain(index);
      expect(plan).not.toMatch(new RegExp(`SCAN ${table}\\b|Seq Scan on ${table}`));
    }
  });
});

describe('transactions that lose a deadlock', () => {
  const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

  it('run again when PostgreSQL picked them as the victim, and rethrow anything else at once', async () => {
    let calls = 0;
    const result = await transactionRetryingDeadlocks(ctx.app.deps.db, async () => {
      calls += 1;
      if (calls === 1) throw deadlock();
      return 'done';
    });
    expect([result, calls]).toEqual(['done', 2]);

    let other = 0;
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      transactionRetryingDeadlocks(ctx.app.deps.db, async () => ((other += 1), Promise.reject(unique))),
    ).rejects.toBe(unique);
    expect(other).toBe(1);

    let always = 0;
    await expect(
      transactionRetryingDeadlocks(ctx.app.deps.db, async () => ((always += 1), Promise.reject(deadlock()))),
    ).rejects.toThrow('deadlock detected');
    expect(always).toBe(3);
  });
});
