import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildUser, createVia, signIn, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

describe('personal access tokens', () => {
  it('are made on the profile page (shown once), act as their user, and stop working when revoked', async () => {
    const { admin, owner } = await teamWithRoles(ctx);
    await createVia(admin, 'stores', { name: 'Downtown' });
    const made = await admin.post('/app/api/v1/tokens', {
      name: 'Reporting script',
      abilities: 'read-write',
      expires_in_days: 30,
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      name: 'Reporting script',
      abilities: 'read-write',
      last_used_at: null,
      plain_text_token: expect.stringMatching(/^sk_/),
    });
    expect(Date.parse(made.body.data.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const script = ctx.client().withToken(made.body.data.plain_text_token);
    expect((await script.get('/app/api/v1/stores')).body.data.map((s: { name: string }) => s.name)).toEqual([
      'Downtown',
    ]);
    expect((await script.post('/app/api/v1/stores', { name: 'From a script' })).status).toBe(201);

    const listed = (await admin.get('/app/api/v1/tokens')).body.data;
    expect(listed[0]).toMatchObject({
      id: made.body.data.id,
      name: 'Reporting script',
      last_used_at: expect.any(String),
    });
    expect(JSON.stringify(listed)).not.toContain(made.body.data.plain_text_token);

    // A token cannot manage tokens; the browser session can.
    expect((await script.post('/app/api/v1/tokens', { name: 'Another' })).status).toBe(403);
    expect((await script.delete(`/app/api/v1/tokens/${made.body.data.id}`)).status).toBe(403);
    expect((await admin.delete(`/app/api/v1/tokens/${made.body.data.id}`)).status).toBe(204);
    expect((await script.get('/app/api/v1/stores')).status).toBe(401);
    const audit = (await admin.get('/app/api/v1/activities?per_page=10')).body.data.map(
      (a: { action: string }) => a.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['token_created', 'token_revoked']));
    expect(owner.id).toBeGreaterThan(0);
  });

  it('a read token may only read, and the policies of its user still apply', async () => {
    const { observer, admin } = await teamWithRoles(ctx);
    const read = (await admin.post('/app/api/v1/tokens', { name: 'Dashboard', abilities: 'read' })).body.data;
    const reader = ctx.client().withToken(read.plain_text_token);
    expect((await reader.get('/app/api/v1/stores')).status).toBe(200);
    const refused = await reader.post('/app/api/v1/stores', { name: 'Nope' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This API token may only read.');

    const observerToken = (
      await observer.post('/app/api/v1/tokens', { name: 'Mine', abilities: 'read-write' })
    ).body.data;
    expect(
      (
        await ctx
          .client()
          .withToken(observerToken.plain_text_token)
          .post('/app/api/v1/stores', { name: 'Nope' })
      ).status,
    ).toBe(403);
  });

  it('an expired token gets 401', async () => {
    const { admin } = await teamWithRoles(ctx);
    const token = (await admin.post('/app/api/v1/tokens', { name: 'Old', abilities: 'read' })).body.data;
    await ctx.db
      .updateTable('personal_access_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', token.id)
      .execute();
    expect((await ctx.client().withToken(token.plain_text_token).get('/app/api/v1/users/auth')).status).toBe(
      401,
    );
  });

  it('checks the input and keeps each person to their own tokens', async () => {
    const { admin } = await teamWithRoles(ctx);
    const bad = await admin.post('/app/api/v1/tokens', { name: '', abilities: 'admin', expires_in_days: 7 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['abilities', 'expires_in_days', 'name']);
    const forever = await admin.post('/app/api/v1/tokens', { name: 'Forever', expires_in_days: null });
    expect(forever.body.data).toMatchObject({ abilities: 'read', expires_at: null });

    const { user } = await buildUser(ctx);
    const stranger = await signIn(ctx, user.email);
    expect((await stranger.get('/app/api/v1/tokens')).body.data).toEqual([]);
    expect((await stranger.delete(`/app/api/v1/tokens/${forever.body.data.id}`)).status).toBe(404);
    expect((await ctx.client().get('/app/api/v1/tokens')).status).toBe(401);
  });

  it('the API document explains bearer tokens', async () => {
    const doc = await ctx.client().get('/app/api/docs');
    const body = typeof doc.body === 'string' ? JSON.parse(doc.body) : doc.body;
    expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.info.description).toMatch(/Authorization: Bearer/);
  });
});

describe('app config', () => {
  it('hands the browser the Maps key only when address look-up is configured', async () => {
    const { admin } = await teamWithRoles(ctx);
    expect((await admin.get('/app/api/v1/app-config')).body.data).toEqual({ maps_api_key: null });
    expect((await ctx.client().get('/app/api/v1/app-config')).status).toBe(401);
  });
});
