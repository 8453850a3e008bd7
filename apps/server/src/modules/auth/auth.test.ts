import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, SESSION_COOKIE } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { buildUser, linkIn, mailTo, PASSWORD, pathOf, signIn } from '../../../test/factories';

const ctx = useTestApp();

const registration = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  password: 'a long enough password',
  password_confirmation: 'a long enough password',
});

describe('CSRF', () => {
  it('refuses a mutating request without the X-XSRF-TOKEN header with 419', async () => {
    const client = ctx.client();
    client.sendCsrf = false;
    await client.get('/app/sanctum/csrf-cookie');
    const response = await client.post('/app/login', { email: 'a@b.test', password: 'x' });
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a forged token that matches no signature', async () => {
    const client = ctx.client();
    client.sendCsrf = false;
    const response = await client.request(
      'POST',
      '/app/login',
      { email: 'a@b.test', password: 'x' },
      {
        cookie: 'XSRF-TOKEN=forged.value',
        'x-xsrf-token': 'forged.value',
      },
    );
    expect(response.status).toBe(419);
  });
});

describe('registration', () => {
  it('answers 422 with a message per invalid field', async () => {
    const response = await ctx.client().post('/app/register', {
      name: '',
      email: 'not-an-email',
      password: 'short',
      password_confirmation: 'different',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toMatchObject({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      password: ['The password must be at least 8 characters.'],
    });
  });

  it('rejects a confirmation that does not match', async () => {
    const response = await ctx
      .client()
      .post('/app/register', { ...registration('x@example.test'), password_confirmation: 'nope nope nope' });
    expect(response.status).toBe(422);
    expect(response.body.errors.password_confirmation).toEqual([
      'The password confirmation and password must match.',
    ]);
  });

  it('creates the user with their own team, signs them in and mails a verification link', async () => {
    const client = ctx.client();
    const response = await client.post('/app/register', registration('Ada@Example.test'));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: 'Thanks for signing up. We have sent you an e-mail to confirm your address.',
    });
    const me = await client.get('/app/api/v1/users/auth');
    expect(me.body.data).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      email_verified_at: null,
      owns_team: true,
      team_role: 'admin',
      teams: [{ name: "Ada's Team" }],
      subscription: { status: 'active' },
      notifications: 0,
      is_demo: false,
    });

    const [mail] = await mailTo(ctx, 'ada@example.test');
    expect(mail?.subject).toBe('Verify your e-mail address');
    const verify = await client.get(pathOf(linkIn(mail)));
    expect(verify.status).toBe(302);
    expect(verify.headers.location).toBe('/dashboard?verified=1');
    expect((await client.get('/app/api/v1/users/auth')).body.data.email_verified_at).toEqual(
      expect.any(String),
    );
  });

  it('answers a taken e-mail like a new one, signs no one in, changes nothing and tells the owner by e-mail', async () => {
    const owner = ctx.client();
    expect((await owner.post('/app/register', registration('olive@example.test'))).status).toBe(201);
    const user = (await owner.get('/app/api/v1/users/auth')).body.data;
    const fresh = ctx.client();
    const taken = ctx.client();
    const created = await fresh.post('/app/register', registration('katherine@example.test'));
    const refused = await taken.post('/app/register', { ...registration(user.email), name: 'Mallory' });
    expect(refused.status).toBe(created.status);
    expect(refused.body).toEqual(created.body);
    // The same cookies are set (a session cookie and a CSRF cookie), with the same attributes.
    const cookieShape = (headers: Record<string, unknown>) =>
      ([headers['set-cookie']].flat() as string[]).map((cookie) => cookie.replace(/=[^;]*/, '=…')).sort();
    expect(cookieShape(refused.headers)).toEqual(cookieShape(created.headers));

    expect((await taken.get('/app/api/v1/users/auth')).status).toBe(401);
    // The account is untouched: its owner still signs in with their own password, under their own name.
    expect((await owner.get('/app/api/v1/users/auth')).body.data.name).toBe('Ada Lovelace');
    const notices = async () =>
      (await mailTo(ctx, user.email)).filter(
        (mail) => mail.subject === 'You already have a Storekeep account',
      );
    const [notice] = await notices();
    expect(notice?.text).toContain('/password/reset');

    // Registering the address again within the hour sends no second e-mail: no flooding someone's inbox.
    expect((await ctx.client().post('/app/register', registration(user.email))).status).toBe(201);
    expect(await notices()).toHaveLength(1);
  });
});

describe('login and logout', () => {
  it('signs in with a session cookie and answers the spec user', async () => {
    const { user, team } = await buildUser(ctx);
    const client = ctx.client();
    const response = await client.post('/app/login', { email: user.email, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: user.id,
      team_id: team.id,
      owns_team: true,
      team_role: 'admin',
    });
    expect(client.cookie(SESSION_COOKIE)).toBeTruthy();
    expect(response.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/storekeep_session=.*HttpOnly.*SameSite=Lax/)]),
    );
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const { user } = await buildUser(ctx);
    const wrong = await ctx.client().post('/app/login', { email: user.email, password: 'wrong password' });
    const unknown = await ctx
      .client()
      .post('/app/login', { email: 'nobody@example.test', password: 'wrong password' });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.errors.email).toEqual(['These credentials do not match our records.']);
  });

  it('throttles the sixth bad try within a minute with 429 and Retry-After, even with the right password', async () => {
    const { user } = await buildUser(ctx);
    const client = ctx.client();
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/app/login', { email: user.email, password: 'bad' })).status).toBe(422);
    }
    const blocked = await client.post('/app/login', { email: user.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.errors.email[0]).toMatch(/Too many login attempts/);
  });

  it('rotates the session id on login, so a planted cookie is worthless', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const first = client.cookie(SESSION_COOKIE);
    await client.post('/app/login', { email: user.email, password: PASSWORD });
    const second = client.cookie(SESSION_COOKIE);
    expect(second).not.toBe(first);
    const stale = ctx.client();
    const response = await stale.request('GET', '/app/api/v1/users/auth', undefined, {
      cookie: `${SESSION_COOKIE}=${first}`,
    });
    expect(response.status).toBe(401);
  });

  it('keeps a remembered session for thirty days', async () => {
    const { user } = await buildUser(ctx);
    const response = await ctx
      .client()
      .post('/app/login', { email: user.email, password: PASSWORD, remember: true });
    expect(String(response.headers['set-cookie'])).toMatch(/storekeep_session=[^;]+;.*Max-Age=2592000/);
  });

  it('ends the session on logout', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    expect((await client.post('/app/logout')).status).toBe(204);
    expect((await client.get('/app/api/v1/users/auth')).status).toBe(401);
  });

  it('issues a bearer token for a device login, usable without CSRF and revoked by logout', async () => {
    const { user } = await buildUser(ctx);
    const login = await ctx
      .client()
      .post('/app/login', { email: user.email, password: PASSWORD, device_name: 'iPhone' });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ token: expect.any(String) });
    const mobile = ctx.client().withToken(login.body.token);
    expect((await mobile.get('/app/api/users/auth')).body.data.id).toBe(user.id);
    expect((await mobile.get('/app/api/v1/users/auth')).body.data.id).toBe(user.id);
    expect((await mobile.post('/app/logout')).status).toBe(204);
    expect((await mobile.get('/app/api/users/auth')).status).toBe(401);
  });

  it('answers 401 to an unauthenticated API call', async () => {
    const response = await ctx.client().get('/app/api/v1/users/auth');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('password reset', () => {
  it('answers the same for unknown e-mails and mails a single-use link that ends other sessions', async () => {
    const { user } = await buildUser(ctx);
    const other = await signIn(ctx, user.email);
    const unknown = await ctx.client().post('/app/forgot-password', { email: 'nobody@example.test' });
    const known = await ctx.client().post('/app/forgot-password', { email: user.email });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);

    const link = new URL(linkIn((await mailTo(ctx, user.email)).at(-1)));
    const token = link.pathname.split('/').at(-1)!;
    expect(link.pathname).toMatch(/^\/password\/reset\//);
    expect(link.searchParams.get('email')).toBe(user.email);

    const body = {
      token,
      email: user.email,
      password: 'brand new password',
      password_confirmation: 'brand new password',
    };
    expect((await ctx.client().post('/app/reset-password', body)).status).toBe(200);
    expect((await other.get('/app/api/v1/users/auth')).status).toBe(401);
    const again = await ctx.client().post('/app/reset-password', body);
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['This password reset token is invalid or has expired.']);
    expect(
      (await ctx.client().post('/app/login', { email: user.email, password: 'brand new password' })).status,
    ).toBe(200);
  });

  it('refuses a token older than sixty minutes', async () => {
    const { user } = await buildUser(ctx);
    await ctx.client().post('/app/forgot-password', { email: user.email });
    const token = new URL(linkIn((await mailTo(ctx, user.email)).at(-1))).pathname.split('/').at(-1)!;
    const old = new Date(Date.now() - 61 * 60_000).toISOString();
    await ctx.db
      .updateTable('password_resets')
      .set({ created_at: old })
      .where('email', '=', user.email)
      .execute();
    const response = await ctx.client().post('/app/reset-password', {
      token,
      email: user.email,
      password: 'brand new password',
      password_confirmation: 'brand new password',
    });
    expect(response.status).toBe(422);
  });
});

describe('e-mail verification', () => {
  it('refuses a tampered link', async () => {
    const { user } = await buildUser(ctx, { verified: false });
    const client = await signIn(ctx, user.email);
    expect((await client.post('/app/api/v1/email/verification-notification')).status).toBe(202);
    const link = pathOf(linkIn((await mailTo(ctx, user.email)).at(-1)));
    const response = await client.get(link.replace(/signature=[^&]+/, 'signature=forged'));
    expect(response.headers.location).toBe('/login?verified=invalid');
    expect((await client.get('/app/api/v1/users/auth')).body.data.email_verified_at).toBeNull();
  });

  it('rate-limits resending', async () => {
    const { user } = await buildUser(ctx, { verified: false });
    const client = await signIn(ctx, user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await client.post('/app/api/v1/email/verification-notification')).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });
});

describe('profile', () => {
  it('updates the name at once; a new e-mail waits for the link mailed to it (account-security.test.ts)', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const response = await client.patch('/app/api/v1/users/profile', {
      name: 'Grace Hopper',
      email: 'grace@example.test',
      current_password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'Grace Hopper',
      email: user.email,
      pending_email: 'grace@example.test',
    });
    expect(await mailTo(ctx, 'grace@example.test')).toHaveLength(1);
  });

  it('checks the current password before changing it', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const wrong = await client.put('/app/api/v1/users/password', {
      current_password: 'nope',
      password: 'another long password',
      password_confirmation: 'another long password',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();
    const right = await client.put('/app/api/v1/users/password', {
      current_password: PASSWORD,
      password: 'another long password',
      password_confirmation: 'another long password',
    });
    expect(right.status).toBe(200);
  });

  it('refuses profile and password changes for the demo user', async () => {
    const { seedDemo } = await import('../../seed');
    await seedDemo(ctx.app.deps);
    const client = ctx.client();
    const login = await client.post('/app/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(login.body.data.is_demo).toBe(true);
    expect(
      (await client.patch('/app/api/v1/users/profile', { name: 'x', email: 'x@example.test' })).status,
    ).toBe(403);
    const password = await client.put('/app/api/v1/users/password', {
      current_password: DEMO_PASSWORD,
      password: 'another long password',
      password_confirmation: 'another long password',
    });
    expect(password.status).toBe(403);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await ctx.client().get('/app/api/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/not found/);
  });

  it('answers malformed JSON with a 400 and no internals', async () => {
    const client = ctx.client();
    await client.get('/app/sanctum/csrf-cookie');
    const response = await client.request('POST', '/app/login', '{"email":', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts/);
  });
});
