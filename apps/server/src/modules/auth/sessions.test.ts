import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import { buildMember, buildUser, PASSWORD, signIn } from '../../../test/factories';
import { sha256 } from '../../platform/crypto';
import { rememberedSessionIds } from './context';
import { testDialect } from '../../../test/global-setup';

const ctx = useTestApp();

const me = (client: TestClient) => client.get('/app/api/v1/users/auth');
/** A client that presents only this session cookie value (as a thief who copied it would). */
const withCookie = (value: string) => {
  const thief = ctx.client();
  return thief.request('GET', '/app/api/v1/users/auth', undefined, { cookie: `${SESSION_COOKIE}=${value}` });
};

describe('session lifecycle', () => {
  it('issues a new session id at login, even over an existing session (no fixation), and the old one stops working', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const first = client.cookie(SESSION_COOKIE)!;
    expect((await client.post('/app/login', { email: user.email, password: PASSWORD })).status).toBe(200);
    const second = client.cookie(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect((await withCookie(first)).status).toBe(401);
    expect((await me(client)).status).toBe(200);
  });

  it('rotates the session id on a team switch and on a password change, keeping the user signed in', async () => {
    const { user } = await buildUser(ctx);
    const other = await buildUser(ctx);
    await ctx.db
      .insertInto('team_user')
      .values({
        team_id: other.team.id,
        user_id: user.id,
        role: 'observer',
        created_at: new Date().toISOString(),
      })
      .execute();
    const client = await signIn(ctx, user.email);

    const beforeSwitch = client.cookie(SESSION_COOKIE)!;
    expect((await client.patch(`/app/api/v1/teams/${other.team.id}/switch`)).status).toBe(200);
    expect(client.cookie(SESSION_COOKIE)).not.toBe(beforeSwitch);
    expect((await withCookie(beforeSwitch)).status).toBe(401);
    expect((await me(client)).body.data.team_id).toBe(other.team.id);

    const beforeChange = client.cookie(SESSION_COOKIE)!;
    const change = await client.put('/app/api/v1/users/password', {
      current_password: PASSWORD,
      password: 'a fresh long password',
      password_confirmation: 'a fresh long password',
    });
    expect(change.status).toBe(200);
    expect(client.cookie(SESSION_COOKIE)).not.toBe(beforeChange);
    expect((await withCookie(beforeChange)).status).toBe(401);
    expect((await me(client)).status).toBe(200);
  });

  it('ends every other session on a password change, and the session itself on logout', async () => {
    const { user } = await buildUser(ctx);
    const laptop = await signIn(ctx, user.email);
    const phone = await signIn(ctx, user.email);
    expect(
      (
        await laptop.put('/app/api/v1/users/password', {
          current_password: PASSWORD,
          password: 'another fresh password',
          password_confirmation: 'another fresh password',
        })
      ).status,
    ).toBe(200);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);

    const value = laptop.cookie(SESSION_COOKIE)!;
    expect((await laptop.post('/app/logout')).status).toBe(204);
    expect((await withCookie(value)).status).toBe(401);
    expect(
      await ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sha256(decodeURIComponent(value)))
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('logs out other devices on request: they get 401, this one stays, and the audit log says how many', async () => {
    const { user, team } = await buildUser(ctx);
    const here = await signIn(ctx, user.email);
    const elsewhere = [await signIn(ctx, user.email), await signIn(ctx, user.email)];
    const bystander = await signIn(ctx, (await buildMember(ctx, team.id, 'manager')).email);

    const response = await here.post('/app/api/v1/users/logout-other-devices');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { ended: 2 } });
    for (const client of elsewhere) expect((await me(client)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    expect((await me(bystander)).status).toBe(200);
    const audit = await here.get('/app/api/v1/activities?filter[action]=logout_other_devices');
    expect(audit.body.data[0]).toMatchObject({
      action: 'logout_other_devices',
      changes: { sessions: 2 },
      user: { id: user.id },
    });
  });

  it('ends a plain session twelve hours after sign-in and a remembered one after thirty days, however active', async () => {
    const { user } = await buildUser(ctx);
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const age = async (client: TestClient, minutes: number) => {
      const id = sha256(decodeURIComponent(client.cookie(SESSION_COOKIE)!));
      // Active a moment ago (idle expiry in the future), signed in `minutes` ago.
      await ctx.db
        .updateTable('sessions')
        .set({ created_at: ago(minutes), last_seen_at: ago(0), expires_at: soon })
        .where('id', '=', id)
        .execute();
    };
    const plainYoung = await signIn(ctx, user.email);
    await age(plainYoung, 11 * 60);
    const plainOld = await signIn(ctx, user.email);
    await age(plainOld, 12 * 60 + 1);
    const remember = async () => {
      const client = ctx.client();
      await client.post('/app/login', { email: user.email, password: PASSWORD, remember: true });
      return client;
    };
    const rememberedYoung = await remember();
    await age(rememberedYoung, 29 * 24 * 60);
    const rememberedOld = await remember();
    await age(rememberedOld, 30 * 24 * 60 + 1);

    expect((await me(plainYoung)).status).toBe(200);
    expect((await me(plainOld)).status).toBe(401);
    expect((await me(rememberedYoung)).status).toBe(200);
    expect((await me(rememberedOld)).status).toBe(401);
  });

  // Only SQLite stores times as text that could be anything; PostgreSQL's column refuses it.
  it.runIf(testDialect() === 'sqlite')(
    'ends a session whose stored expiry cannot be read as a time, rather than keeping it',
    async () => {
      const { user } = await buildUser(ctx);
      const client = await signIn(ctx, user.email);
      await ctx.db
        .updateTable('sessions')
        .set({ expires_at: 'not a time' })
        .where('id', '=', sha256(decodeURIComponent(client.cookie(SESSION_COOKIE)!)))
        .execute();
      expect((await me(client)).status).toBe(401);
    },
  );

  it('makes session cookies of 256 random bits, different every time', async () => {
    const { user } = await buildUser(ctx);
    const values = new Set<string>();
    for (let i = 0; i < 8; i += 1) values.add((await signIn(ctx, user.email)).cookie(SESSION_COOKIE)!);
    expect(values.size).toBe(8);
    // base64url of 32 bytes from the CSPRNG: 43 characters, 256 bits (ASVS asks for at least 128).
    for (const value of values) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses forged cookies of every length and remembers the hash of none but a token-sized one', async () => {
    const forged = ['x'.repeat(43), 'y'.repeat(44), 'z'.repeat(4000), '__proto__', 'constructor'];
    const before = rememberedSessionIds();
    for (const value of forged) expect((await withCookie(value)).status).toBe(401);
    // Each request is answered from a fresh hash; a long cookie never takes a place among the remembered.
    expect(rememberedSessionIds() - before).toBe(1);
    expect((await withCookie('x'.repeat(43))).status).toBe(401);
    expect(rememberedSessionIds() - before).toBe(1);
  });
});

// The same app as production runs it: HTTPS APP_URL, NODE_ENV=production.
const prod = useTestApp({
  NODE_ENV: 'production',
  APP_KEY: 'p'.repeat(48),
  APP_URL: 'https://storekeep.example',
  SEED_DEMO: 'false',
});

describe('cookies in production', () => {
  const setCookies = (headers: Record<string, unknown>) => [headers['set-cookie'] ?? []].flat() as string[];

  it('sets __Host- prefixed, Secure, SameSite=Lax cookies (the session one HttpOnly) and the SPA flow works with them', async () => {
    const { user } = await buildUser(prod);
    const csrf = await prod.app.inject({ method: 'GET', url: '/app/sanctum/csrf-cookie' });
    const csrfCookie = setCookies(csrf.headers).find((c) => c.startsWith('__Host-XSRF-TOKEN='))!;
    expect(csrfCookie).toMatch(/; Path=\/(;|$)/);
    expect(csrfCookie).toMatch(/; Secure/);
    expect(csrfCookie).toMatch(/; SameSite=Lax/);
    expect(csrfCookie).not.toMatch(/HttpOnly/i);
    expect(csrfCookie).not.toMatch(/Domain=/i);
    const token = decodeURIComponent(csrfCookie.split(';')[0]!.split('=')[1]!);

    const login = await prod.app.inject({
      method: 'POST',
      url: '/app/login',
      headers: { cookie: `__Host-XSRF-TOKEN=${encodeURIComponent(token)}`, 'x-xsrf-token': token },
      payload: { email: user.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const sessionCookie = setCookies(login.headers).find((c) => c.startsWith(`__Host-${SESSION_COOKIE}=`))!;
    expect(sessionCookie).toMatch(/; Path=\/(;|$)/);
    expect(sessionCookie).toMatch(/; HttpOnly/);
    expect(sessionCookie).toMatch(/; Secure/);
    expect(sessionCookie).toMatch(/; SameSite=Lax/);
    expect(sessionCookie).not.toMatch(/Domain=/i);
    const value = sessionCookie.split(';')[0]!.split('=')[1]!;

    expect(
      (
        await prod.app.inject({
          method: 'GET',
          url: '/app/api/v1/users/auth',
          headers: { cookie: `__Host-${SESSION_COOKIE}=${value}` },
        })
      ).statusCode,
    ).toBe(200);
    // The unprefixed name is not read in production: a cookie planted by a sibling subdomain counts for nothing.
    expect(
      (
        await prod.app.inject({
          method: 'GET',
          url: '/app/api/v1/users/auth',
          headers: { cookie: `${SESSION_COOKIE}=${value}` },
        })
      ).statusCode,
    ).toBe(401);
  });
});
