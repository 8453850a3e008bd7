import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { useTestApp } from '../../test/context';
import { buildUser, signIn } from '../../test/factories';
import { killServers, startServer, type ServerProcess } from '../../test/server-process';

/**
 * WORKERS=2 (platform/cluster.ts), as an operator runs it: the build, one port, two worker processes on the
 * test's database (SQLite in WAL mode shared by the processes, or PostgreSQL).
 */
const ctx = useTestApp();
afterAll(killServers);

/** A GET on a connection of its own: the cluster hands out connections, not requests, round-robin. */
function getFresh(base: string, path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) =>
    http
      .get(`${base}${path}`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject),
  );
}

/** An event stream on a connection of its own; collects the events' names and data as they come. */
function openEvents(base: string, token: string) {
  const events: Array<{ type: string; data: unknown }> = [];
  let request: http.ClientRequest | undefined;
  const opened = new Promise<void>((resolve, reject) => {
    request = http
      .get(
        `${base}/app/api/v1/events`,
        { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
        (response) => {
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const type = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (type && data) events.push({ type, data: JSON.parse(data) });
            }
          });
          resolve();
        },
      )
      .on('error', reject);
  });
  return { events, opened, close: () => request?.destroy() };
}

/** The pids in the server's request log lines (pino writes each line's process id). */
const requestPids = (server: ServerProcess) =>
  new Set(
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"msg":"request completed"'))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('WORKERS=2', () => {
  it(
    'serves one port from two worker processes, runs a background job once, relays realtime events between them, and drains on SIGTERM',
    { timeout: 90_000 },
    async () => {
      const { user } = await buildUser(ctx);
      const session = await signIn(ctx, user.email);
      const token = (
        await session.post('/app/api/v1/tokens', { name: 'cluster test', abilities: 'read-write' })
      ).body.data.plain_text_token as string;
      const server = await startServer({
        entry: 'main.js',
        dataDir: ctx.dataDir,
        env: { DATABASE_URL: ctx.databaseUrl, WORKERS: '2', LOG_LEVEL: 'info' },
      });

      await server.outputMatches(/"msg":"all 2 workers listening"/, 1);
      // Both workers answer (each connection goes to the next worker in turn); neither is the primary.
      for (let i = 0; i < 6; i++) expect(await getFresh(server.base, '/app/api/v1/stores', token)).toBe(200);
      await until(() => requestPids(server).size >= 2, 'request log lines of two workers');
      const pids = requestPids(server);
      expect(pids.size).toBe(2);
      expect(pids.has(server.child.pid!)).toBe(false);

      // Two event streams opened one after the other land on different workers; the import's progress is
      // published by whichever worker runs the job, so one of the streams hears it across processes.
      const streams = [openEvents(server.base, token), openEvents(server.base, token)];
      await Promise.all(streams.map((stream) => stream.opened));
      await until(
        () => streams.every((stream) => stream.events.some((event) => event.type === 'notifications')),
        'the streams to open',
      );

      const rows = Array.from({ length: 40 }, (_, i) => `CL${i};Cluster store ${i};open`);
      const form = new FormData();
      form.append('type', 'stores');
      form.append(
        'file',
        new Blob([['Store #;Store name;Status', ...rows].join('\n')], { type: 'text/csv' }),
        'stores.csv',
      );
      const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
      const uploaded = (await (
        await fetch(`${server.base}/app/api/v1/imports`, { method: 'POST', headers, body: form })
      ).json()) as { data: { id: number; mapping: unknown } };
      const run = await fetch(`${server.base}/app/api/v1/imports/${uploaded.data.id}/run`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ mapping: uploaded.data.mapping }),
      });
      expect(run.status).toBe(202);
      const completed = (stream: ReturnType<typeof openEvents>) =>
        stream.events.some(
          (event) => event.type === 'import' && (event.data as { status?: string }).status === 'completed',
        );
      await until(() => streams.every(completed), 'both streams to hear the import complete');
      for (const stream of streams) stream.close();

      const imported = await session.get(`/app/api/v1/imports/${uploaded.data.id}`);
      expect(imported.body.data).toMatchObject({ status: 'completed', created_count: 40 });
      const listed = await session.get('/app/api/v1/stores?per_page=100&search=Cluster');
      expect(listed.body.meta.total).toBe(40);

      // SIGTERM to the primary drains every worker; it exits 0 once both did, and none is left behind.
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    },
  );
});

describe('WORKERS', () => {
  it('is a whole number from 1; a bad value stops the start with a message that names it', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({ WORKERS: '4' }).WORKERS).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'many'])
      expect(() => loadConfig({ WORKERS: bad })).toThrow(/WORKERS: /);
  });
});
