import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@storekeep/contracts';
import { buildApp } from '../../app';
import { sessionCacheHits } from './context';
import { openDatabase, type DatabaseHandle } from '../../platform/db';
import { useTestApp } from '../../../test/context';
import { buildMember, buildUser, signIn } from '../../../test/factories';

/**
 * The session cache (platform/auth-cache.ts) must never outlive a change: a second app instance on the
 * same database keeps its own cache, and what happens on the first must be seen by the second at once.
 */
const ctx = useTestApp();
let other: FastifyInstance;
let otherHandle: DatabaseHandle;
let otherUrl: string;

beforeAll(async () => {
  const config = ctx.app.deps.config;
  otherHandle = openDatabase(config.DATABASE_URL, { poolSize: 2 });
  other = await buildApp({ config, database: otherHandle });
  await other.listen({ host: '127.0.0.1', port: 0 });
  otherUrl = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await other?.close();
  await otherHandle?.close();
});

const sessionCookie = (client: { cookie(name: string): string | undefined }) =>
  `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;
/**
 * The other instance is asked over a socket, as a deployed instance always is: SQLite's instances read what other
 * processes committed once per batch of requests arriving together (decision 0037), which a request made in the
 * same process without a socket (inject) is not part of.
 */
const onOther = async (cookie: string, url = '/app/api/v1/users/auth') => {
  const response = await fetch(otherUrl + url, { headers: { cookie, accept: 'application/json' } });
  const body: unknown = await response.json();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's fields as given
  return { statusCode: response.status, json: (): any => body };
};

/**
 * The LISTEN connection of a PostgreSQL instance comes up asynchronously, and until then the cache is
 * bypassed: asks until the other instance answers from its cache, so what follows tests the invalidation.
 */
async function warm(cookie: string) {
  for (let served = 0; served < 3;) {
    const before = sessionCacheHits(other.deps);
    expect((await onOther(cookie)).statusCode).toBe(200);
    served = sessionCacheHits(other.deps) > before ? served + 1 : 0;
  }
}

/**
 * SQLite instances compare the epoch row on every lookup, so the other instance refuses at once. PostgreSQL
 * instances hear a NOTIFY sent at commit: asks again until it has arrived. The test's time limit (20 s) is
 * below the cache's lifetime (30 s), so an entry that merely expired cannot pass for an invalidated one.
 */
async function soon(check: () => Promise<boolean>) {
  if (ctx.app.deps.dialect === 'sqlite') return check();
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve));
  return true;
}
const refused = (cookie: string) => soon(async () => (await onOther(cookie)).statusCode === 401);

describe('session cache across instances', () => {
  it('refuses a session logged out on another instance at once', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const cookie = sessionCookie(client);
    await warm(cookie);
    expect((await client.post('/app/logout')).status).toBe(204);
    expect(await refused(cookie)).toBe(true);
    // And on the instance that logged out.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/app/api/v1/users/auth', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('ends other sessions on a password change everywhere', async () => {
    const { user } = await buildUser(ctx);
    const first = await signIn(ctx, user.email);
    const second = await signIn(ctx, user.email);
    const cookie = sessionCookie(second);
    await warm(cookie);
    const changed = await first.put('/app/api/v1/users/password', {
      current_password: 'correct horse battery',
      password: 'a brand new password',
      password_confirmation: 'a brand new password',
    });
    expect(changed.status).toBe(200);
    expect(await refused(cookie)).toBe(true);
  });

  it('sees a role change made on another instance at once', async () => {
    const { user, team } = await buildUser(ctx);
    const owner = await signIn(ctx, user.email);
    const member = await buildMember(ctx, team.id, 'manager');
    const memberClient = await signIn(ctx, member.email);
    const cookie = sessionCookie(memberClient);
    await warm(cookie);
    expect((await onOther(cookie)).json().data.team_role).toBe('manager');
    for (let i = 0; i < 3; i++)
      expect((await memberClient.get('/app/api/v1/users/auth')).body.data.team_role).toBe('manager');
    const changed = await owner.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'observer',
    });
    expect(changed.status).toBe(200);
    // The instance that made the change sees it with no wait at all.
    expect((await memberClient.get('/app/api/v1/users/auth')).body.data.team_role).toBe('observer');
    expect(await soon(async () => (await onOther(cookie)).json().data.team_role === 'observer')).toBe(true);
  });

  it('sees a session deleted by hand (no app code) at once', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const cookie = sessionCookie(client);
    await warm(cookie);
    await ctx.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect(await refused(cookie)).toBe(true);
  });
});
