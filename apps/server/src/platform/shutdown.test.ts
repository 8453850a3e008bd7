import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from './db';
import { drain } from './shutdown';
import { useTestApp } from '../../test/context';
import { buildUser, signIn } from '../../test/factories';
import { killServers, startServer } from '../../test/server-process';

/**
 * Stopping the server (`docker stop`, Ctrl-C, a rolling deploy): SIGTERM sent to `npm start`'s process
 * reaches the server, which stops taking new connections, answers every request it had started, and exits 0.
 */
const ctx = useTestApp();
afterAll(killServers);

type Outcome = { connected: boolean; status?: number; body?: Buffer; error?: string };

/** One GET on its own connection, recording whether the connection was made before anything failed. */
function get(
  base: string,
  path: string,
  token: string,
): { outcome: Outcome; done: Promise<void>; connected: Promise<void> } {
  const outcome: Outcome = { connected: false };
  let markConnected!: () => void;
  const connected = new Promise<void>((resolve) => (markConnected = resolve));
  const done = new Promise<void>((resolve) => {
    const request = http.get(
      `${base}${path}`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          Object.assign(outcome, { status: response.statusCode, body: Buffer.concat(chunks) });
          resolve();
        });
        response.on('error', (error) => {
          outcome.error = error.message;
          resolve();
        });
      },
    );
    request.on('socket', (socket) =>
      socket.once('connect', () => {
        outcome.connected = true;
        markConnected();
      }),
    );
    request.on('error', (error) => {
      outcome.error = error.message;
      markConnected();
      resolve();
    });
  });
  return { outcome, done, connected };
}

describe('SIGTERM', () => {
  it(
    'drains through scripts/start.mjs: every started request gets its whole answer, /readyz stops answering ok, exit 0',
    { timeout: 90_000 },
    async () => {
      const { user } = await buildUser(ctx);
      const session = await signIn(ctx, user.email);
      const token = (
        await session.post('/app/api/v1/tokens', { name: 'shutdown test', abilities: 'read-write' })
      ).body.data.plain_text_token as string;
      for (let i = 0; i < 120; i++)
        expect(
          (await session.post('/app/api/v1/stores', { name: `Drain ${i}`, store_number: `D${i}` })).status,
        ).toBe(201);

      const server = await startServer({
        entry: 'start.mjs',
        dataDir: ctx.dataDir,
        env: { DATABASE_URL: ctx.databaseUrl, SHUTDOWN_GRACE_SECONDS: '25', LOG_LEVEL: 'info' },
      });
      // A burst of list requests and whole-team exports (streamed ZIPs) keeps the server busy when the signal arrives.
      const lists = Array.from({ length: 30 }, () =>
        get(server.base, '/app/api/v1/stores?per_page=100', token),
      );
      const exports = Array.from({ length: 10 }, () => get(server.base, '/app/api/v1/team-export', token));
      const burst = [...lists, ...exports];
      // An open event stream never ends by itself: the drain must end it, or the server could not close.
      const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            `${server.base}/app/api/v1/events`,
            { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
            resolve,
          )
          .on('error', reject),
      );
      expect(stream.statusCode).toBe(200);
      const streamEnded = new Promise<string>((resolve) => {
        stream.on('data', () => undefined);
        stream.once('end', () => resolve('ended'));
        stream.once('error', (error) => resolve(error.message));
      });
      await Promise.all(burst.map((request) => request.connected));
      // Signalled once the server has received every request of the burst (the "incoming request" log line
      // Fastify writes after routing): a request that comes later rightly gets 503 or a closed port.
      await server.outputMatches(
        /\/app\/api\/v1\/(stores|team-export)[^\n]*"msg":"incoming request"/,
        burst.length,
      );
      expect(burst.every((request) => request.outcome.connected)).toBe(true);
      server.child.kill('SIGTERM');

      // A load balancer's probe soon stops finding the instance ready (503, then the port closes).
      let probe: number | 'refused' = 200;
      while (probe === 200) {
        probe = await fetch(`${server.base}/readyz`).then(
          (response) => response.status,
          () => 'refused' as const,
        );
      }
      await Promise.all(burst.map((request) => request.done));
      const code = await server.exited;
      expect(await streamEnded).toBe('ended');

      expect([503, 'refused']).toContain(probe);
      const listed = lists.map(({ outcome }) => ({
        status: outcome.status,
        error: outcome.error,
        rows:
          outcome.status === 200
            ? (JSON.parse(outcome.body!.toString()) as { data: unknown[] }).data.length
            : outcome.body?.toString(),
      }));
      expect(listed).toEqual(lists.map(() => ({ status: 200, error: undefined, rows: 100 })));
      // A whole ZIP ends with its end-of-central-directory record.
      const exported = exports.map(({ outcome }) => ({
        status: outcome.status,
        error: outcome.error,
        zip: outcome.body?.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06])),
      }));
      expect(exported).toEqual(exports.map(() => ({ status: 200, error: undefined, zip: true })));
      expect({ code, output: server.output() }).toEqual({ code: 0, output: expect.any(String) });
    },
  );
});

describe('SIGTERM to npm start', () => {
  it(
    'reaches the server although the shell npm runs it in dies of the signal',
    { timeout: 60_000 },
    async () => {
      const server = await startServer({
        entry: 'npm start',
        dataDir: ctx.dataDir,
        env: { DATABASE_URL: ctx.databaseUrl, LOG_LEVEL: 'info' },
      });
      server.child.kill('SIGTERM');
      await server.outputMatches(/"msg":"shutting down/, 1);
      // Every process of the tree has exited once none holds the output pipe any more.
      await server.outputClosed;
      const probe = await fetch(`${server.base}/readyz`).then(
        (response) => response.status,
        () => 'refused' as const,
      );
      expect(probe).toBe('refused');
    },
  );
});

describe('drain', () => {
  /** An app of its own, listening, with a request held in flight until the test releases it. */
  async function appWithRequestInFlight() {
    const handle = openDatabase(ctx.databaseUrl, { poolSize: 2 });
    const app = await buildApp({ config: ctx.config, database: handle });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inRoute = new Promise<void>((resolve) => (entered = resolve));
    app.get('/slow', { config: { guard: 'public' } }, async () => {
      entered();
      await released;
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answer = fetch(`http://127.0.0.1:${port}/slow`).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
    await inRoute;
    return { app, release, answer, close: () => handle.close() };
  }

  it('answers /readyz 503 while a running request finishes, then reports drained', async () => {
    const { app, release, answer, close } = await appWithRequestInFlight();
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    const drained = drain(app, 10_000);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    release();
    expect(await answer).toEqual({ status: 200, body: { done: true } });
    expect(await drained).toBe(true);
    await close();
  });

  it('closes a keep-alive connection whose answer was streaming when the drain began, once that answer ends', async () => {
    const handle = openDatabase(ctx.databaseUrl, { poolSize: 2 });
    const app = await buildApp({ config: ctx.config, database: handle });
    const body = new PassThrough();
    app.get('/stream', { config: { guard: 'public' } }, (_request, reply) =>
      reply.type('text/plain').send(body),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    body.write('first ');
    // The headers are out, without `connection: close`: the client keeps the connection for its next request.
    const response = await fetch(`http://127.0.0.1:${port}/stream`);
    expect(response.headers.get('connection')).toBe('keep-alive');
    // The answer ends only once the server has begun to close, when Node no longer closes idle connections by
    // itself: one left open would hold the close until the keep-alive timeout (72 s), past the grace period.
    const close = app.server.close.bind(app.server);
    app.server.close = (callback) => {
      close(callback);
      body.end('last');
      return app.server;
    };
    const drained = drain(app, 5_000);
    expect(await response.text()).toBe('first last');
    expect(await drained).toBe(true);
    await handle.close();
  });

  it('reports not drained when the grace period runs out first', async () => {
    const { app, release, answer, close } = await appWithRequestInFlight();
    expect(await drain(app, 200)).toBe(false);
    release();
    expect((await answer).status).toBe(200);
    await close();
  });

  it('lets the running job finish and claims no other', async () => {
    const { team } = await buildUser(ctx);
    const handle = openDatabase(ctx.databaseUrl, { poolSize: 2 });
    const app = await buildApp({ config: ctx.config, database: handle });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    app.deps.jobs.register('test.slow', async () => {
      entered();
      await released;
    });
    const enqueue = async () => {
      const now = new Date().toISOString();
      const row = { kind: 'test.slow', team_id: team.id, payload: '{}', available_at: now, created_at: now };
      return (await ctx.db.insertInto('jobs').values(row).returning('id').executeTakeFirstOrThrow()).id;
    };
    const first = await enqueue();
    void app.deps.jobs.runDue();
    await running;

    const drained = drain(app, 10_000);
    const second = await enqueue();
    release();
    expect(await drained).toBe(true);
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'finished_at', 'claimed_at'])
      .where('id', 'in', [first, second])
      .orderBy('id')
      .execute();
    expect(
      jobs.map((job) => ({
        id: job.id,
        finished: job.finished_at !== null,
        claimed: job.claimed_at !== null,
      })),
    ).toEqual([
      { id: first, finished: true, claimed: true },
      { id: second, finished: false, claimed: false },
    ]);
    await handle.close();
  });
});
