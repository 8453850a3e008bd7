import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config';
import type { TestClient } from '../../test/client';
import { useTestApp } from '../../test/context';
import { buildUser, PASSWORD } from '../../test/factories';
import { killServers, startServer } from '../../test/server-process';

/**
 * An operator's configuration mistakes stop the start with one message that names the variable: no stack
 * trace to read through, and no password echoed into the logs.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-startup-'));
afterAll(() => {
  killServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const base = { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' };
// Requests made with inject() come from 127.0.0.1: the listed proxy in one app, a stranger to the other.
const behindListedProxy = useTestApp({ TRUST_PROXY: '127.0.0.1' });
const behindOtherProxy = useTestApp({ TRUST_PROXY: '10.0.0.5,192.168.0.0/16' });

/** Starts main.ts with `env` and returns what it printed and its exit code. */
async function failedStart(env: Record<string, string>) {
  const server = await startServer({ entry: 'main.js', dataDir, env, ready: false });
  const code = await server.exited;
  return { code, output: server.output() };
}

describe('DATABASE_URL', () => {
  it('names the variable when the URL cannot be parsed', async () => {
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://db.internal:port/shop' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://db.internal:5432/' })).toThrow(
      /DATABASE_URL: is not a valid PostgreSQL URL/,
    );
    const { code, output } = await failedStart({ DATABASE_URL: 'postgres://db.internal:port/shop' });
    expect(code).toBe(1);
    expect(output).toMatch(/DATABASE_URL: is not a valid PostgreSQL URL/);
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('names the variable, without the password, when the database cannot be reached', async () => {
    const { code, output } = await failedStart({
      DATABASE_URL: 'postgres://storekeep:hunter2-secret@127.0.0.1:1/storekeep',
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'DATABASE_URL: cannot use the database at postgres://127.0.0.1:1/storekeep: connect ECONNREFUSED',
    );
    expect(output).not.toContain('hunter2-secret');
    expect(output).not.toMatch(/^\s+at /m);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => loadConfig({ ...base, TRUST_PROXY: value }).TRUST_PROXY;

  it('takes true, false or the addresses and ranges of the proxies', () => {
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
    expect(trust('10.0.0.5, 192.168.0.0/16,::1')).toEqual(['10.0.0.5', '192.168.0.0/16', '::1']);
  });

  it('refuses anything else, naming the variable and the bad entry', () => {
    expect(() => trust('10.0.0.5,proxy.internal')).toThrow(
      /TRUST_PROXY: must be true, false or a comma-separated list .*proxy\.internal/,
    );
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });

  it("believes X-Forwarded-For only from the listed proxies: a stranger's rotating addresses stay one client", async () => {
    const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
    const login = (client: TestClient, email: string, password: string) =>
      client.request('POST', '/app/login', { email, password }, { 'x-forwarded-for': randomIp() });
    const afterFiveFailures = async (ctx: typeof behindListedProxy) => {
      const { user } = await buildUser(ctx);
      const client = ctx.client();
      for (let i = 0; i < 5; i += 1)
        expect((await login(client, user.email, 'wrong password')).status).toBe(422);
      return (await login(client, user.email, PASSWORD)).status;
    };
    expect(await afterFiveFailures(behindListedProxy)).toBe(200);
    expect(await afterFiveFailures(behindOtherProxy)).toBe(429);
  });
});
