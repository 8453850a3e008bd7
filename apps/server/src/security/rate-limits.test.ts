import { randomBytes } from 'node:crypto';
import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../platform/db';
import { useTestApp } from '../../test/context';
import { TestClient } from '../../test/client';
import { buildUser, PASSWORD } from '../../test/factories';

/** Argon2 calls made by the app in this process: the costly work a login or registration does. */
const argon2Calls = vi.hoisted(() => ({ hash: 0, verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof Argon2>();
  return {
    ...original,
    hash: (...args: Parameters<typeof original.hash>) => {
      argon2Calls.hash += 1;
      return original.hash(...args);
    },
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2Calls.verify += 1;
      return original.verify(...args);
    },
  };
});

const ctx = useTestApp();
// The same server behind a load balancer: client addresses come from X-Forwarded-For.
const proxied = useTestApp({ TRUST_PROXY: 'true' });

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const unknownEmail = () => `nobody-${randomBytes(4).toString('hex')}@example.test`;
const login = (client: TestClient, email: string, password: string, forwardedFor?: string) =>
  client.request(
    'POST',
    '/app/login',
    { email, password },
    forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  );

describe('rate limits and X-Forwarded-For', () => {
  it('does not let random X-Forwarded-For values escape the login limit when no proxy is trusted', async () => {
    const { user } = await buildUser(ctx);
    const client = ctx.client();
    for (let i = 0; i < 5; i += 1)
      expect((await login(client, user.email, 'wrong password', randomIp())).status).toBe(422);
    const blocked = await login(client, user.email, PASSWORD, randomIp());
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts per forwarded address only when TRUST_PROXY is set', async () => {
    const { user } = await buildUser(proxied);
    const client = proxied.client();
    // Six addresses, one failure each: none reaches the limit of five per e-mail and address.
    for (let i = 0; i < 6; i += 1)
      expect((await login(client, user.email, 'wrong password', randomIp())).status).toBe(422);
    const address = randomIp();
    for (let i = 0; i < 5; i += 1)
      expect((await login(client, user.email, 'wrong password', address)).status).toBe(422);
    expect((await login(client, user.email, PASSWORD, address)).status).toBe(429);
    expect((await login(client, user.email, PASSWORD, randomIp())).status).toBe(200);
  });

  it('limits login failures per address across many e-mails (30 a minute)', async () => {
    const client = proxied.client();
    const address = randomIp();
    for (let i = 0; i < 30; i += 1)
      expect((await login(client, unknownEmail(), 'wrong password', address)).status).toBe(422);
    expect((await login(client, unknownEmail(), 'wrong password', address)).status).toBe(429);
  });

  it('limits registration (20), password reset (10) and e-mail verification links (30) per address and minute', async () => {
    const client = proxied.client();
    const attempt = async (times: number, send: () => Promise<number>) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) statuses.push(await send());
      return statuses;
    };
    const registerFrom = randomIp();
    // A common password is refused after the limit is counted: cheap attempts still count.
    const register = () =>
      client
        .request(
          'POST',
          '/app/register',
          { name: 'R', email: unknownEmail(), password: 'password1', password_confirmation: 'password1' },
          { 'x-forwarded-for': registerFrom },
        )
        .then((r) => r.status);
    expect(new Set(await attempt(20, register))).toEqual(new Set([422]));
    expect(await register()).toBe(429);

    const resetFrom = randomIp();
    const reset = () =>
      client
        .request(
          'POST',
          '/app/reset-password',
          {
            token: 'guess',
            email: unknownEmail(),
            password: 'a long new password',
            password_confirmation: 'a long new password',
          },
          { 'x-forwarded-for': resetFrom },
        )
        .then((r) => r.status);
    expect(new Set(await attempt(10, reset))).toEqual(new Set([422]));
    expect(await reset()).toBe(429);

    const verifyFrom = randomIp();
    const verify = () =>
      client
        .request('GET', `/app/email/verify/1/${'a'.repeat(40)}?expires=1&signature=x`, undefined, {
          'x-forwarded-for': verifyFrom,
        })
        .then((r) => r.status);
    expect(new Set(await attempt(30, verify))).toEqual(new Set([302]));
    expect(await verify()).toBe(429);
  });
});

/**
 * Sends `send` for a known and an unknown e-mail, three times each (under the per-e-mail limits), and reports
 * every status, body and Argon2 workload seen. Timing cannot tell the two apart when both make the same
 * password-hash calls: those are what cost time, the rest is a few rows.
 */
async function answersFor(
  known: string,
  send: (email: string) => Promise<{ status: number; body: unknown }>,
) {
  const work: Record<'known' | 'unknown', Set<string>> = { known: new Set(), unknown: new Set() };
  const bodies = new Set<string>();
  const statuses = new Set<number>();
  for (let i = 0; i < 3; i += 1) {
    for (const [kind, email] of [
      ['known', known],
      ['unknown', unknownEmail()],
    ] as const) {
      const before = { ...argon2Calls };
      const response = await send(email);
      work[kind].add(
        JSON.stringify({ hash: argon2Calls.hash - before.hash, verify: argon2Calls.verify - before.verify }),
      );
      bodies.add(JSON.stringify(response.body));
      statuses.add(response.status);
    }
  }
  return {
    statuses: [...statuses],
    bodies: bodies.size,
    known: [...work.known].map((w) => JSON.parse(w)),
    unknown: [...work.unknown].map((w) => JSON.parse(w)),
  };
}

describe('account enumeration', () => {
  it('answers an unknown e-mail and a wrong password identically, with the same password-hash work', async () => {
    const { user } = await buildUser(ctx);
    const answers = await answersFor(user.email, (email) => login(ctx.client(), email, 'wrong password'));
    expect(answers.statuses).toEqual([422]);
    expect(answers.bodies).toBe(1);
    // Both verify an Argon2id hash (a dummy one for unknown e-mails).
    expect(answers.known).toEqual([{ hash: 0, verify: 1 }]);
    expect(answers.unknown).toEqual(answers.known);
  });

  it('answers a registration for a taken e-mail like one for a new e-mail, with the same password-hash work', async () => {
    const { user } = await buildUser(ctx);
    const password = 'a long enough password';
    const answers = await answersFor(user.email, (email) =>
      ctx.client().post('/app/register', { name: 'R', email, password, password_confirmation: password }),
    );
    expect(answers.statuses).toEqual([201]);
    expect(answers.bodies).toBe(1);
    // Both hash the password with Argon2id and write one transaction; making the account is a few rows more.
    expect(answers.known).toEqual([{ hash: 1, verify: 0 }]);
    expect(answers.unknown).toEqual(answers.known);
  });

  it('answers a password reset request identically for known and unknown e-mails', async () => {
    const { user } = await buildUser(ctx);
    const known = await ctx.client().post('/app/forgot-password', { email: user.email });
    const unknown = await ctx.client().post('/app/forgot-password', { email: unknownEmail() });
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(known.body).toEqual(unknown.body);
  });
});

// Several instances count together when REDIS_URL is set (`npm test` sets TEST_REDIS_URL when Redis answers).
describe.runIf(process.env.TEST_REDIS_URL)('rate limits across instances', () => {
  it('blocks on one instance the login failures counted on the other, through Redis', async () => {
    const config = { ...ctx.config, REDIS_URL: process.env.TEST_REDIS_URL! };
    const handles = [
      openDatabase(ctx.databaseUrl, { poolSize: 2 }),
      openDatabase(ctx.databaseUrl, { poolSize: 2 }),
    ];
    const [first, second] = await Promise.all(handles.map((database) => buildApp({ config, database })));
    try {
      const email = unknownEmail();
      for (let i = 0; i < 5; i += 1)
        expect((await login(new TestClient(first!), email, 'wrong password')).status).toBe(422);
      expect((await login(new TestClient(second!), email, 'wrong password')).status).toBe(429);
    } finally {
      await Promise.all([first!.close(), second!.close()]);
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
