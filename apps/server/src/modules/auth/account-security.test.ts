import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { useTestApp, type TestContext } from '../../../test/context';
import { buildUser, linkIn, mailTo, PASSWORD, pathOf, signIn } from '../../../test/factories';
import type { TestClient } from '../../../test/client';

// Behind a trusted proxy each test picks its own client address, so address limits never meet across tests.
const ctx = useTestApp({ TRUST_PROXY: 'true' });
// The same limits counted in Redis, as several instances share them.
// A deployment that wants devices to sign in again weekly.
const weekly = useTestApp({ DEVICE_TOKEN_TTL_DAYS: '7' });
const redisUrl = process.env.TEST_REDIS_URL;
const withRedis = redisUrl ? useTestApp({ TRUST_PROXY: 'true', REDIS_URL: redisUrl }) : null;

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
const NEW_PASSWORD = 'a brand new long password';
const signup = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Someone',
  email,
  password: 'a long enough password',
  password_confirmation: 'a long enough password',
  ...extra,
});

async function deviceLogin(
  client: TestClient,
  email: string,
  extra: Record<string, unknown> = {},
  password = PASSWORD,
) {
  return client.post('/app/login', { email, password, device_name: 'Phone', ...extra });
}

async function invite(admin: TestClient, teamId: number, email: string, ip = randomIp()) {
  return admin.request(
    'POST',
    `/app/api/v1/teams/${teamId}/invitations`,
    { email, role: 'manager' },
    { 'x-forwarded-for': ip },
  );
}

async function resetPasswordOf(email: string) {
  await ctx.client().post('/app/forgot-password', { email });
  const token = new URL(linkIn((await mailTo(ctx, email)).at(-1))).pathname.split('/').at(-1)!;
  return ctx.client().post('/app/reset-password', {
    token,
    email,
    password: NEW_PASSWORD,
    password_confirmation: NEW_PASSWORD,
  });
}

describe('an unverified address cannot act (pre-account hijack)', () => {
  it('mints no API token and accepts no invitation until the address is verified', async () => {
    const { user } = await buildUser(ctx, { verified: false });
    const squatter = await signIn(ctx, user.email);
    const token = await squatter.post('/app/api/v1/tokens', { name: 'Backdoor', abilities: 'read-write' });
    expect(token.status).toBe(403);
    expect(token.body.message).toBe('Verify your e-mail address before you make API tokens.');
    const device = await deviceLogin(ctx.client(), user.email, { abilities: 'read-write' });
    expect(device.status).toBe(403);
    expect(device.body.message).toBe('Verify your e-mail address before you sign in a device.');

    const { team, user: owner } = await buildUser(ctx);
    const invitation = (await invite(await signIn(ctx, owner.email), team.id, user.email)).body.data;
    const accept = await squatter.post(`/app/api/v1/team-invitations/${invitation.id}/accept`);
    expect(accept.status).toBe(403);
    expect(accept.body.message).toBe('Verify your e-mail address before you accept an invitation.');
    expect((await squatter.get('/app/api/v1/users/auth')).body.data.teams).toHaveLength(1);
  });

  it('a password reset ends every session and API token, and proves the address', async () => {
    const { user } = await buildUser(ctx);
    const browser = await signIn(ctx, user.email);
    const script = ctx
      .client()
      .withToken(
        (await browser.post('/app/api/v1/tokens', { name: 'Script', abilities: 'read-write' })).body.data
          .plain_text_token,
      );
    const phone = ctx
      .client()
      .withToken((await deviceLogin(ctx.client(), user.email, { abilities: 'read-write' })).body.token);
    expect((await script.get('/app/api/v1/users/auth')).status).toBe(200);
    expect((await phone.get('/app/api/v1/users/auth')).status).toBe(200);

    expect((await resetPasswordOf(user.email)).status).toBe(200);
    expect((await browser.get('/app/api/v1/users/auth')).status).toBe(401);
    expect((await script.get('/app/api/v1/users/auth')).status).toBe(401);
    expect((await phone.get('/app/api/v1/users/auth')).status).toBe(401);

    const { user: squatted } = await buildUser(ctx, { verified: false });
    expect((await resetPasswordOf(squatted.email)).status).toBe(200);
    const owner = ctx.client();
    const login = await owner.post('/app/login', { email: squatted.email, password: NEW_PASSWORD });
    expect(login.body.data.email_verified_at).toEqual(expect.any(String));
  });

  it('a password change ends every API token and other session, and keeps the current session', async () => {
    const { user } = await buildUser(ctx);
    const browser = await signIn(ctx, user.email);
    const elsewhere = await signIn(ctx, user.email);
    const script = ctx
      .client()
      .withToken(
        (await browser.post('/app/api/v1/tokens', { name: 'Script', abilities: 'read' })).body.data
          .plain_text_token,
      );
    const phone = ctx.client().withToken((await deviceLogin(ctx.client(), user.email)).body.token);

    const changed = await browser.put('/app/api/v1/users/password', {
      current_password: PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await browser.get('/app/api/v1/users/auth')).status).toBe(200);
    expect((await browser.get('/app/api/v1/tokens')).body.data).toEqual([]);
    for (const gone of [elsewhere, script, phone])
      expect((await gone.get('/app/api/v1/users/auth')).status).toBe(401);
  });
});

describe('device logins', () => {
  it('make a read-only token unless read-write is asked for, expiring after DEVICE_TOKEN_TTL_DAYS (90)', async () => {
    const { user } = await buildUser(ctx);
    const reader = ctx.client().withToken((await deviceLogin(ctx.client(), user.email)).body.token);
    const refused = await reader.post('/app/api/v1/stores', { name: 'From the phone' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This API token may only read.');

    const writer = ctx
      .client()
      .withToken((await deviceLogin(ctx.client(), user.email, { abilities: 'read-write' })).body.token);
    expect((await writer.post('/app/api/v1/stores', { name: 'From the phone' })).status).toBe(201);

    const tokens = (await (await signIn(ctx, user.email)).get('/app/api/v1/tokens')).body.data;
    expect(tokens.map((t: { abilities: string }) => t.abilities)).toEqual(['read-write', 'read']);
    for (const token of tokens) {
      const days = (Date.parse(token.expires_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89.9);
      expect(days).toBeLessThanOrEqual(90);
    }

    const bad = await deviceLogin(ctx.client(), user.email, { abilities: 'admin' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.abilities).toEqual(['The selected abilities is invalid.']);
  });

  it('expire after the configured DEVICE_TOKEN_TTL_DAYS', async () => {
    const { user } = await buildUser(weekly);
    expect((await deviceLogin(weekly.client(), user.email)).status).toBe(200);
    const [token] = (await (await signIn(weekly, user.email)).get('/app/api/v1/tokens')).body.data;
    const days = (Date.parse(token.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('are refused to the demo account, like POST /tokens', async () => {
    const { seedDemo } = await import('../../seed');
    await seedDemo(ctx.app.deps);
    const refused = await deviceLogin(ctx.client(), DEMO_EMAIL, {}, DEMO_PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The demo account cannot make API tokens.');
    expect(
      (await ctx.client().post('/app/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(200);
  });
});

describe.each([['memory', ctx] as const, ...(withRedis ? [['Redis', withRedis] as const] : [])])(
  'limits counted before the check (%s)',
  (_name, app) => {
    const ip = randomIp();
    const from = (client: TestClient, url: string, body: unknown, address = ip) =>
      client.request('POST', url, body, { 'x-forwarded-for': address });

    it('20 parallel wrong passwords: at most 5 are checked, the rest answer 429', async () => {
      const { user } = await buildUser(app);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          from(app.client(), '/app/login', { email: user.email, password: 'wrong' }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 422)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      const audited = await app.db
        .selectFrom('activities')
        .select('id')
        .where('user_id', '=', user.id)
        .where('action', '=', 'login_failed')
        .execute();
      expect(audited).toHaveLength(5);
      expect((await from(app.client(), '/app/login', { email: user.email, password: PASSWORD })).status).toBe(
        429,
      );
    });

    it('successful logins do not use up the address limit; parallel registrations and resets stop at their limits', async () => {
      const { user } = await buildUser(app);
      const address = randomIp();
      for (let i = 0; i < 35; i += 1)
        expect(
          (await from(app.client(), '/app/login', { email: user.email, password: PASSWORD }, address)).status,
        ).toBe(200);

      const registerFrom = randomIp();
      const registrations = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          from(
            app.client(),
            '/app/register',
            signup(`racer-${i}-${registerFrom}@example.test`, {
              password: 'password1',
              password_confirmation: 'password1',
            }),
            registerFrom,
          ).then((r) => r.status),
        ),
      );
      expect(registrations.filter((s) => s === 429)).toHaveLength(5);
      const resetFrom = randomIp();
      const resets = await Promise.all(
        Array.from({ length: 15 }, () =>
          from(
            app.client(),
            '/app/reset-password',
            {
              token: 'guess',
              email: user.email,
              password: NEW_PASSWORD,
              password_confirmation: NEW_PASSWORD,
            },
            resetFrom,
          ).then((r) => r.status),
        ),
      );
      expect(resets.filter((s) => s === 429)).toHaveLength(5);
    });
  },
);

describe('changing the e-mail address', () => {
  async function requestChange(client: TestClient, email: string, current_password?: string) {
    return client.patch('/app/api/v1/users/profile', {
      name: 'Renamed',
      email,
      ...(current_password === undefined ? {} : { current_password }),
    });
  }

  it('needs the current password and applies only when the new address opens its link; the old one is told', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const target = `moved-${user.id}@example.test`;
    const missing = await requestChange(client, target);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.current_password).toEqual([
      'Enter your current password to change your e-mail address.',
    ]);
    const wrong = await requestChange(client, target, 'not it');
    expect(wrong.body.errors.current_password).toEqual([
      'The provided password does not match your current password.',
    ]);

    const requested = await requestChange(client, target, PASSWORD);
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({
      name: 'Renamed',
      email: user.email,
      pending_email: target,
      email_verified_at: expect.any(String),
    });
    expect((await mailTo(ctx, user.email)).at(-1)!.text).toContain(`change its e-mail address to ${target}`);
    // Until confirmed the old address is the account's: login, reset and invitations use it.
    expect((await ctx.client().post('/app/login', { email: target, password: PASSWORD })).status).toBe(422);

    const link = pathOf(linkIn((await mailTo(ctx, target)).at(-1)));
    expect(link).toMatch(/^\/app\/email\/change\//);
    const forged = await client.get(link.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.headers.location).toBe('/account/profile?email_changed=invalid');
    const opened = await client.get(link);
    expect(opened.headers.location).toBe('/account/profile?email_changed=1');
    const me = (await client.get('/app/api/v1/users/auth')).body.data;
    expect(me).toMatchObject({ email: target, pending_email: null, email_verified_at: expect.any(String) });
    expect((await client.get(link)).headers.location).toBe('/account/profile?email_changed=invalid');
  });

  it('answers the same for an address that has an account (which gets a note, not a link), so the form tells nothing', async () => {
    const { user } = await buildUser(ctx);
    const { user: other } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const free = await requestChange(client, `free-${user.id}@example.test`, PASSWORD);
    const taken = await requestChange(client, other.email, PASSWORD);
    expect(taken.status).toBe(free.status);
    expect(taken.body.data).toEqual({ ...free.body.data, pending_email: other.email });
    const note = (await mailTo(ctx, other.email)).at(-1)!;
    expect(note.text).not.toMatch(/https?:\/\//);
    expect((await client.get('/app/api/v1/users/auth')).body.data.email).toBe(user.email);
  });

  it('an invitation to an address is not accepted by an account that only asked to change to it', async () => {
    const { user: owner, team } = await buildUser(ctx);
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const invitee = `invitee-${user.id}@example.test`;
    const invitation = (await invite(await signIn(ctx, owner.email), team.id, invitee)).body.data;
    await requestChange(client, invitee, PASSWORD);
    const refused = await client.post(`/app/api/v1/team-invitations/${invitation.id}/accept`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This invitation was sent to a different e-mail address.');

    await client.get(
      pathOf(
        linkIn((await mailTo(ctx, invitee)).filter((m) => m.text.includes('/app/email/change/')).at(-1)),
      ),
    );
    const accepted = await client.post(`/app/api/v1/team-invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ team_id: team.id, team_role: 'manager' });
  });

  it('stays refused to the demo account', async () => {
    const { seedDemo } = await import('../../seed');
    await seedDemo(ctx.app.deps);
    const demo = ctx.client();
    await demo.post('/app/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect((await requestChange(demo, 'mine@example.test', DEMO_PASSWORD)).status).toBe(403);
  });
});

describe('invitations', () => {
  async function teamAdmin(context: TestContext = ctx) {
    const { user, team } = await buildUser(context);
    return { team, owner: user, admin: await signIn(context, user.email) };
  }

  it('the public preview names who invited and never whether the address has an account', async () => {
    const { team, owner, admin } = await teamAdmin();
    const { user: existing } = await buildUser(ctx);
    const known = (await invite(admin, team.id, existing.email)).body.data;
    const unknown = (await invite(admin, team.id, `nobody-${owner.id}@example.test`)).body.data;
    const previews = await Promise.all(
      [known, unknown].map(
        async (i) => (await ctx.client().get(`/app/api/v1/team-invitations/${i.id}`)).body.data,
      ),
    );
    for (const preview of previews) {
      expect(Object.keys(preview).sort()).toEqual(['email', 'id', 'invited_by', 'role', 'team_name']);
      expect(preview.invited_by).toBe(owner.name);
    }
  });

  it('registering through an invitation needs the signed link of its e-mail, and then starts verified', async () => {
    const { team, admin } = await teamAdmin();
    const email = `joiner-${team.id}@example.test`;
    const invitation = (await invite(admin, team.id, email)).body.data;
    const link = new URL(linkIn((await mailTo(ctx, email)).at(-1)));
    expect(link.pathname).toBe(`/teams/register/${invitation.id}`);

    // The team's admins see the token; without the e-mail's signature it proves nothing.
    const unsigned = await ctx.client().post('/app/register', signup(email, { invitation: invitation.id }));
    expect(unsigned.status).toBe(422);
    expect(unsigned.body.errors.invitation).toEqual([
      'This invitation link is incomplete. Open the link from the invitation e-mail.',
    ]);
    const forged = await ctx
      .client()
      .post('/app/register', signup(email, { invitation: invitation.id, invitation_signature: 'forged' }));
    expect(forged.status).toBe(422);

    const joiner = ctx.client();
    const registered = await joiner.post(
      '/app/register',
      signup(email, { invitation: invitation.id, invitation_signature: link.searchParams.get('signature') }),
    );
    expect(registered.status).toBe(201);
    expect((await joiner.get('/app/api/v1/users/auth')).body.data).toMatchObject({
      team_id: team.id,
      team_role: 'manager',
      email_verified_at: expect.any(String),
    });
  });

  it('are limited per recipient (5 a day, across teams) and per team (30 an hour)', async () => {
    const { team, admin } = await teamAdmin();
    const target = `flooded-${team.id}@example.test`;
    for (let i = 0; i < 5; i += 1) {
      const made = await invite(admin, team.id, target);
      expect(made.status).toBe(201);
      expect(
        (await admin.delete(`/app/api/v1/teams/${team.id}/invitations/${made.body.data.id}`)).status,
      ).toBe(204);
    }
    const { team: otherTeam, admin: otherAdmin } = await teamAdmin();
    const sixth = await invite(otherAdmin, otherTeam.id, target);
    expect(sixth.status).toBe(429);
    expect(sixth.body.errors.email[0]).toMatch(/^Too many invitations/);
    expect(await mailTo(ctx, target)).toHaveLength(5);

    const statuses: number[] = [];
    for (let i = 0; i < 26; i += 1)
      statuses.push((await invite(admin, team.id, `many-${i}-${team.id}@example.test`)).status);
    expect(statuses.slice(0, 25).every((s) => s === 201)).toBe(true);
    expect(statuses[25]).toBe(429);
  });

  it('account mail greets by a name on one line, without control characters', async () => {
    const email = `greeted-${randomIp()}@example.test`;
    const registered = await ctx
      .client()
      .request('POST', '/app/register', signup(email, { name: 'Eve\r\n\r\nClick here\u202e\u0007' }), {
        'x-forwarded-for': randomIp(),
      });
    expect(registered.status).toBe(201);
    expect((await mailTo(ctx, email)).at(-1)!.text.split('\n')[0]).toBe('Hello Eve Click here,');
  });

  it('mail shows who invited, with names on one line and without control characters', async () => {
    const { team, owner, admin } = await teamAdmin();
    await admin.patch(`/app/api/v1/teams/${team.id}`, {
      name: 'Acme\r\nBcc: victim@example.test\u202e\u0007 Ltd',
    });
    const email = `clean-${team.id}@example.test`;
    await invite(admin, team.id, email);
    const mail = (await mailTo(ctx, email)).at(-1)!;
    expect(mail.subject).toBe('Invitation to join the team "Acme Bcc: victim@example.test Ltd" on Storekeep');
    expect(mail.text).toContain(
      `${owner.name} <${owner.email}> invited you to join the team "Acme Bcc: victim@example.test Ltd"`,
    );
    // eslint-disable-next-line no-control-regex -- asserting their absence
    expect(mail.subject + mail.text.split('\n')[0]).not.toMatch(/[\u0000-\u001f\u202e]/);
  });
});
