import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { buildUser, createVia, signIn, teamWithRoles } from '../../test/factories';

const ctx = useTestApp();

const rows = (action: string) =>
  ctx.db.selectFrom('activities').selectAll().where('action', '=', action).orderBy('id').execute();

describe('audit of refusals', () => {
  it('records every failed login, for known and unknown e-mails, without the password', async () => {
    const { user } = await buildUser(ctx);
    const secret = 'my-secret-guess-123';
    expect((await ctx.client().post('/app/login', { email: user.email, password: secret })).status).toBe(422);
    expect(
      (await ctx.client().post('/app/login', { email: 'ghost@example.test', password: secret })).status,
    ).toBe(422);

    const failed = await rows('login_failed');
    expect(failed.map((r) => [r.user_id, r.team_id, JSON.parse(r.changes!).email])).toEqual([
      [user.id, user.current_team_id, user.email],
      [null, null, 'ghost@example.test'],
    ]);
    const everything = JSON.stringify(await ctx.db.selectFrom('activities').selectAll().execute());
    expect(everything).not.toContain(secret);
  });

  it('records a 403 and a cross-team 404 with the route and path, and the team’s admins read them in the audit log', async () => {
    const { team, admin, observer } = await teamWithRoles(ctx);
    const store = await createVia(admin, 'stores', { name: 'Audit Store' });
    expect((await observer.post('/app/api/v1/companies', { name: 'Nope' })).status).toBe(403);

    const stranger = await buildUser(ctx);
    const strangerClient = await signIn(ctx, stranger.user.email);
    expect((await strangerClient.get(`/app/api/v1/stores/${store.id}`)).status).toBe(404);

    const log = (await admin.get('/app/api/v1/activities?filter[action]=access_denied')).body.data;
    expect(log[0]).toMatchObject({
      action: 'access_denied',
      subject_type: 'request',
      changes: {
        method: 'POST',
        route: '/app/api/v1/companies',
        path: '/app/api/v1/companies',
        status: 403,
        via: 'session',
      },
    });
    const theirs = (await rows('access_denied')).filter((r) => r.user_id === stranger.user.id);
    expect(
      theirs.map((r) => [r.team_id, JSON.parse(r.changes!).path, JSON.parse(r.changes!).status]),
    ).toEqual([[stranger.team.id, `/app/api/v1/stores/${store.id}`, 404]]);
    // The owner's team log shows only its own members' refusals.
    expect(log.every((entry: { user: { id: number } }) => entry.user.id !== stranger.user.id)).toBe(true);
    expect(team.id).not.toBe(stranger.team.id);
  });

  it('does not record a plain unknown path or an allowed request', async () => {
    const { admin } = await teamWithRoles(ctx);
    const before = (await rows('access_denied')).length;
    expect((await admin.get('/app/api/v1/companies')).status).toBe(200);
    expect((await admin.get('/app/api/v1/no-such-thing')).status).toBe(404);
    expect((await rows('access_denied')).length).toBe(before);
  });
});

describe('audit of refusals with secret paths', () => {
  it('logs the route pattern, not the path, when a path parameter is a secret', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const guess = 'a-guessed-device-token-value';
    expect((await client.delete(`/app/api/v1/devices/${guess}`)).status).toBe(404);
    const everything = JSON.stringify(await ctx.db.selectFrom('activities').selectAll().execute());
    expect(everything).not.toContain(guess);
  });
});
