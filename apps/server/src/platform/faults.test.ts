import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { purgeTrash } from '../modules/trash/service';
import { sweepOrphanBlobs } from './blobs';
import { openDatabase, type DatabaseHandle } from './db';
import { createMailSender, enqueueMail, MAIL_MAX_ATTEMPTS } from './mail';
import type { Storage } from './storage';
import { TestClient } from '../../test/client';
import { useTestApp } from '../../test/context';
import { FakeSmtp } from '../../test/fake-smtp';
import { buildUser, multipartBody, PASSWORD, signIn } from '../../test/factories';
import { testDialect } from '../../test/global-setup';
import { TcpProxy } from '../../test/tcp-proxy';

/**
 * Dependencies failing: the database cut off under load, Redis down, SMTP down, blob storage
 * failing. Outages are simulated in front of the shared servers (a proxy, a dead port, a stub), never
 * by stopping them.
 */
const ctx = useTestApp();
const opened: Array<{ app: FastifyInstance; handle: DatabaseHandle }> = [];

afterAll(async () => {
  for (const { app, handle } of opened) {
    await app.close();
    await handle.close();
  }
});

/** A second app on the file's database (or on `databaseUrl`), with config and storage overrides. */
async function instance(
  options: { databaseUrl?: string; env?: Record<string, string>; storage?: Storage } = {},
) {
  const handle = openDatabase(options.databaseUrl ?? ctx.databaseUrl, { poolSize: 4 });
  const app = await buildApp({
    config: { ...ctx.config, ...options.env },
    database: handle,
    storage: options.storage,
  });
  opened.push({ app, handle });
  return app;
}

async function tokenFor(email: string): Promise<string> {
  const session = await signIn(ctx, email);
  return (await session.post('/app/api/v1/tokens', { name: 'faults', abilities: 'read-write' })).body.data
    .plain_text_token;
}

/** A port nothing listens on. */
function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it holds; the deadline is generous because reconnect back-off stretches on a loaded machine. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `connectionTimeoutMillis` of the app's PostgreSQL pool (platform/db). */
const POOL_CONNECT_TIMEOUT_MS = 5000;

// The database going away is tested on PostgreSQL, the networked one (SQLite is a file inside the process).
if (testDialect() === 'postgres') {
  describe('PostgreSQL going away under load', () => {
    const url = new URL(ctx.databaseUrl || 'postgres://127.0.0.1:5432/x');
    let proxy: TcpProxy;
    beforeAll(async () => {
      url.href = ctx.databaseUrl;
      proxy = await new TcpProxy(url.hostname, Number(url.port || 5432)).start();
    });
    afterAll(() => proxy.cut());

    it('answers 503 fast while it is cut off (readyz too), then serves again without a restart', async () => {
      const { user } = await buildUser(ctx);
      const token = await tokenFor(user.email);
      const proxied = new URL(ctx.databaseUrl);
      proxied.host = `127.0.0.1:${proxy.port}`;
      const app = await instance({ databaseUrl: proxied.href });
      const client = new TestClient(app).withToken(token);
      expect((await client.post('/app/api/v1/stores', { name: 'Before the outage' })).status).toBe(201);

      // Load: a steady stream of reads and writes, cut in the middle.
      let stop = false;
      const statuses: number[] = [];
      const bodies: unknown[] = [];
      const worker = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const response =
            i % 2
              ? await client.get('/app/api/v1/stores?per_page=5')
              : await client.post('/app/api/v1/stores', { name: `Load ${n}-${i}` });
          statuses.push(response.status);
          if (response.status === 503) bodies.push(response.body);
        }
      };
      const load = Promise.all([0, 1, 2, 3].map(worker));
      await until('some load', async () => statuses.length >= 8);
      await proxy.cut();

      // Refused connections fail at once; nothing waits out the pool's connect timeout. A timer of that
      // timeout, set before the requests start, fires before any request that waited it out could answer.
      let timer: NodeJS.Timeout | undefined;
      const poolGaveUp = new Promise<'pool timeout'>((resolve) => {
        timer = setTimeout(() => resolve('pool timeout'), POOL_CONNECT_TIMEOUT_MS);
      });
      const requests = Promise.all(
        Array.from({ length: 6 }, () => client.get('/app/api/v1/stores?per_page=5')),
      );
      const first = await Promise.race([requests, poolGaveUp]);
      clearTimeout(timer);
      expect(first).not.toBe('pool timeout');
      const during = await requests;
      for (const response of during) {
        expect(response.status).toBe(503);
        expect(response.body).toEqual({
          message: 'The service is temporarily unavailable. Please try again in a moment.',
        });
        expect(response.headers['retry-after']).toBe('5');
      }
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      stop = true;
      await load;
      // Only successes and clean 503s while the database went away: no 500, nothing hung.
      expect(statuses.filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      for (const body of bodies)
        expect(body).toEqual({ message: expect.stringMatching(/temporarily unavailable/) });

      await proxy.restore();
      await until(
        'readyz to be green again',
        async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200,
      );
      expect((await client.post('/app/api/v1/stores', { name: 'After the outage' })).status).toBe(201);
      const names = (await client.get('/app/api/v1/stores?per_page=100&search=outage')).body.data
        .map((s: { name: string }) => s.name)
        .sort();
      expect(names).toEqual(['After the outage', 'Before the outage']);
    });
  });
}

describe('Redis down', () => {
  it('keeps serving: logins count attempts in memory, realtime delivers on this instance, no 500s', async () => {
    const app = await instance({ env: { REDIS_URL: `redis://127.0.0.1:${await deadPort()}` } });
    const { user } = await buildUser(ctx);
    const client = new TestClient(app);
    expect((await client.post('/app/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    expect((await client.get('/app/api/v1/users/auth')).status).toBe(200);

    // The login rate limit still holds (each instance counting alone) instead of failing open or with 500s.
    const stranger = new TestClient(app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (await stranger.post('/app/login', { email: user.email, password: 'wrong password here' })).status,
      );
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const heard: unknown[] = [];
    const unsubscribe = app.deps.realtime.subscribe([`user.${user.id}`], (event) => heard.push(event));
    app.deps.realtime.publish(`user.${user.id}`, { type: 'notifications', data: { count: 1 } });
    await until('the event on this instance', async () => heard.length === 1);
    unsubscribe();
    expect(heard).toEqual([{ type: 'notifications', data: { count: 1 } }]);
  });
});

// A Redis that goes away while instances use it, and comes back: only with a Redis to put a proxy in front of.
if (process.env.TEST_REDIS_URL) {
  describe('Redis cut off and restored', () => {
    it('serves through the outage and shares events between instances again afterwards, streams opened meanwhile included', async () => {
      const target = new URL(process.env.TEST_REDIS_URL!);
      const proxy = await new TcpProxy(target.hostname, Number(target.port || 6379)).start();
      try {
        const env = { REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
        const [a, b] = [await instance({ env }), await instance({ env })];
        const { user } = await buildUser(ctx);
        const heard: string[] = [];
        const channel = `user.${user.id}`;
        b.deps.realtime.subscribe([channel], (event) => heard.push(String(event.data)));
        await until('events to cross instances', async () => {
          a.deps.realtime.publish(channel, { type: 'ping', data: 'before' });
          return heard.includes('before');
        });

        await proxy.cut();
        const client = new TestClient(a);
        expect((await client.post('/app/login', { email: user.email, password: PASSWORD })).status).toBe(200);
        expect((await client.get('/app/api/v1/users/auth')).status).toBe(200);
        // A stream opened on B during the outage.
        const late: string[] = [];
        b.deps.realtime.subscribe([`${channel}.late`], (event) => late.push(String(event.data)));

        await proxy.restore();
        await until('events to cross instances again', async () => {
          a.deps.realtime.publish(channel, { type: 'ping', data: 'after' });
          a.deps.realtime.publish(`${channel}.late`, { type: 'ping', data: 'late' });
          return heard.includes('after') && late.includes('late');
        });
      } finally {
        await proxy.cut();
      }
    }, 60_000);
  });
}

describe('SMTP down', () => {
  it('keeps the mail in the outbox, retries with growing back-off past the old five attempts, and delivers when SMTP is back', async () => {
    await ctx.app.deps.mail.stop();
    const smtp = await new FakeSmtp().up();
    await smtp.down();
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
    const sender = createMailSender({
      db: ctx.db,
      smtpUrl: smtp.url,
      from: 'x@example.test',
      mailDir,
      log: ctx.app.log,
    });
    const to = 'outage@example.test';
    await enqueueMail(ctx.db, { to, subject: 'Sent after the outage', text: 'x' });
    const row = () =>
      ctx.db.selectFrom('outbox').selectAll().where('payload', 'like', `%${to}%`).executeTakeFirstOrThrow();
    /** Time passing: the row is due now. */
    const due = () =>
      ctx.db
        .updateTable('outbox')
        .set({ available_at: new Date(Date.now() - 1000).toISOString() })
        .where('payload', 'like', `%${to}%`)
        .execute();

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      const before = Date.now();
      expect(await sender.deliverDue()).toBe(0);
      const after = await row();
      expect(after).toMatchObject({ attempts: attempt, sent_at: null, failed_at: null, claimed_at: null });
      delays.push(Date.parse(after.available_at) - before);
      // Not due yet: another run does not hammer the server.
      expect(await sender.deliverDue()).toBe(0);
      expect((await row()).attempts).toBe(attempt);
      await due();
    }
    // 2 s, 4 s, 8 s, … doubling each time.
    for (let i = 1; i < delays.length; i++) expect(delays[i]! / delays[i - 1]!).toBeCloseTo(2, 0);
    expect(MAIL_MAX_ATTEMPTS).toBeGreaterThanOrEqual(20);

    await smtp.up();
    try {
      expect(await sender.deliverDue()).toBe(1);
      expect(smtp.to(to)).toHaveLength(1);
      expect((await row()).sent_at).not.toBeNull();
    } finally {
      await sender.stop();
      await smtp.down();
    }
  });
});

describe('storage failing', () => {
  const failing: Storage = {
    driver: 'local',
    async put(_key, body) {
      if (!Buffer.isBuffer(body)) (body as Readable).resume();
      throw Object.assign(new Error('EIO: i/o error, write /secret/path/doc'), { code: 'EIO' });
    },
    async read() {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    },
    async delete() {},
  };

  it('answers an upload with a clean 503 and keeps no document row or pending blob', async () => {
    const app = await instance({ storage: failing });
    const { user, team } = await buildUser(ctx);
    const client = new TestClient(app);
    expect((await client.post('/app/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    const { body, headers } = multipartBody({ title: 'Lease scan' }, [
      { field: 'file', name: 'lease.txt', content: Buffer.from('lease text '.repeat(1000)) },
    ]);
    const response = await client.request('POST', '/app/api/v1/documents', body, headers);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/EIO|secret|path/);
    expect(
      await ctx.db.selectFrom('documents').select('id').where('team_id', '=', team.id).execute(),
    ).toEqual([]);
    expect(await ctx.db.selectFrom('pending_blobs').select('key').execute()).toEqual([]);
  });

  it('answers the download of a blob that is gone with a 404 that says so, and of a failing store with a 503', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const { body, headers } = multipartBody({ title: 'Vanishing' }, [
      { field: 'file', name: 'v.txt', content: Buffer.from('soon gone') },
    ]);
    const document = (await client.request('POST', '/app/api/v1/documents', body, headers)).body.data;
    const version = (await client.get(`/app/api/v1/documents/${document.id}/versions`)).body.data[0];
    const link = new URL(version.url, 'http://localhost');
    expect((await client.get(link.pathname + link.search)).status).toBe(200);

    const failingApp = await instance({ storage: failing });
    const broken = await failingApp.inject({ method: 'GET', url: link.pathname + link.search });
    expect(broken.statusCode).toBe(503);
    expect(broken.json()).toEqual({
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });

    const blob = await ctx.db
      .selectFrom('document_versions')
      .select('blob_key')
      .where('id', '=', version.id)
      .executeTakeFirstOrThrow();
    await ctx.app.deps.storage.delete(blob.blob_key);
    const missing = await client.get(link.pathname + link.search);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'The file of this document is missing from storage.' });
  });

  it('leaves the blobs of a purge the store failed to delete to the orphan sweep, not orphaned for good', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const { body, headers } = multipartBody({ title: 'Old lease' }, [
      { field: 'file', name: 'old.txt', content: Buffer.from('purged soon') },
    ]);
    const document = (await client.request('POST', '/app/api/v1/documents', body, headers)).body.data;
    expect((await client.delete(`/app/api/v1/documents/${document.id}`)).status).toBe(204);
    await ctx.db
      .updateTable('documents')
      .set({ deleted_at: new Date(Date.now() - 60 * 86_400_000).toISOString() })
      .where('id', '=', document.id)
      .execute();
    const { blob_key: key } = await ctx.db
      .selectFrom('document_versions')
      .select('blob_key')
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow();
    const file = path.join(ctx.dataDir, 'files', key.slice(0, 2), key);
    expect(fs.existsSync(file)).toBe(true);

    // The purge commits, then its blob delete fails (as a process killed at that moment would never run it).
    const stuck = await instance({
      storage: { ...ctx.app.deps.storage, delete: () => Promise.reject(new Error('store down')) },
    });
    await purgeTrash(stuck.deps);
    expect(
      await ctx.db.selectFrom('documents').select('id').where('team_id', '=', team.id).execute(),
    ).toEqual([]);
    expect(fs.existsSync(file)).toBe(true);
    expect(await ctx.db.selectFrom('pending_blobs').select('key').where('key', '=', key).execute()).toEqual([
      { key },
    ]);

    // The next hourly sweep (the store working again) deletes it.
    expect(await sweepOrphanBlobs(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file)).toBe(false);
    expect(await ctx.db.selectFrom('pending_blobs').select('key').where('key', '=', key).execute()).toEqual(
      [],
    );
  });
});
