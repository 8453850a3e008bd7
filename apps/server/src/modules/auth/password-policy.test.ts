import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildUser, linkIn, mailTo, PASSWORD, signIn } from '../../../test/factories';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords';

const ctx = useTestApp();

const registration = (email: string, password: string) => ({
  name: 'Grace Hopper',
  email,
  password,
  password_confirmation: password,
});
const unique = () => `pw-${Math.random().toString(36).slice(2)}@example.test`;

/** ASVS 5.0 V6.2: length ≥ 8, long passwords accepted, no composition rules, common passwords refused. */
describe('password policy', () => {
  it('stores passwords as Argon2id with at least 19 MiB of memory and two passes', async () => {
    const { user } = await buildUser(ctx);
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const [, algorithm, , params] = row.password_hash.split('$');
    expect(algorithm).toBe('argon2id');
    const values = Object.fromEntries(
      params!
        .split(',')
        .map((pair) => pair.split('='))
        .map(([k, v]) => [k, Number(v)]),
    );
    expect(values.m).toBeGreaterThanOrEqual(19 * 1024);
    expect(values.t).toBeGreaterThanOrEqual(2);
  });

  it('knows the common passwords of the bundled list, in any letter case', async () => {
    expect(await isCommonPassword('password1')).toBe(true);
    expect(await isCommonPassword('Password1')).toBe(true);
    expect(await isCommonPassword('qwertyuiop')).toBe(true);
    expect(await isCommonPassword(PASSWORD)).toBe(false);
  });

  it('refuses a common password at registration with a message on the password field, and creates no account', async () => {
    const email = unique();
    const response = await ctx.client().post('/app/register', registration(email, 'iloveyou1'));
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    expect(
      await ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('accepts 8 characters without any composition rule, 64 and 128 characters, and refuses 7 and 129', async () => {
    const phrase128 = `${'ünïcødé pass phrase '.repeat(6)}12345678`;
    expect(phrase128).toHaveLength(128);
    const statuses: Record<string, number> = {};
    for (const [label, password] of [
      ['7', 'zqxjkvw'],
      ['8 lower-case letters only', 'zqxjkvwp'],
      ['64', 'a'.repeat(32) + 'b'.repeat(32)],
      ['128 with spaces and unicode', phrase128],
      ['129', 'c'.repeat(129)],
    ] as const) {
      statuses[label] = (await ctx.client().post('/app/register', registration(unique(), password))).status;
    }
    expect(statuses).toEqual({
      '7': 422,
      '8 lower-case letters only': 201,
      '64': 201,
      '128 with spaces and unicode': 201,
      '129': 422,
    });
  });

  it('signs in with a 128-character password', async () => {
    const email = unique();
    const password = 'x'.repeat(64) + 'y'.repeat(64);
    expect((await ctx.client().post('/app/register', registration(email, password))).status).toBe(201);
    expect((await ctx.client().post('/app/login', { email, password })).status).toBe(200);
  });

  it('refuses a common password on password change and on reset, keeping the old one', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const change = await client.put('/app/api/v1/users/password', {
      current_password: PASSWORD,
      password: 'football',
      password_confirmation: 'football',
    });
    expect(change.status).toBe(422);
    expect(change.body.errors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });

    await ctx.client().post('/app/forgot-password', { email: user.email });
    const token = new URL(linkIn((await mailTo(ctx, user.email)).at(-1))).pathname.split('/').at(-1)!;
    const reset = await ctx.client().post('/app/reset-password', {
      token,
      email: user.email,
      password: 'sunshine1',
      password_confirmation: 'sunshine1',
    });
    expect(reset.status).toBe(422);
    expect(reset.body.errors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
    expect((await ctx.client().post('/app/login', { email: user.email, password: PASSWORD })).status).toBe(
      200,
    );
  });
});
