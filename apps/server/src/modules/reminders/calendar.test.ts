import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildMember, signIn, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

describe('calendar feed link', () => {
  it('is shown once, then reported as active without the secret, replaced and turned off', async () => {
    const { admin } = await teamWithRoles(ctx);
    expect((await admin.get('/app/api/v1/calendar-feed')).body.data).toEqual({
      url: null,
      active: false,
      created_at: null,
    });

    const created = await admin.post('/app/api/v1/calendar-feed');
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      url: expect.stringMatching(/\/app\/calendar\/[\w-]+\.ics$/),
      active: true,
      created_at: expect.any(String),
    });
    const first = new URL(created.body.data.url).pathname;

    // Only a hash is stored: the link cannot be shown again, only that one is active.
    const status = await admin.get('/app/api/v1/calendar-feed');
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({ url: null, active: true, created_at: created.body.data.created_at });
    const stored = await ctx.db.selectFrom('calendar_feeds').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(first.split('/').pop()!.replace('.ics', ''));

    const replaced = (await admin.post('/app/api/v1/calendar-feed')).body.data.url;
    expect(replaced).not.toBe(created.body.data.url);
    expect((await ctx.client().get(first)).status).toBe(404);
    expect((await ctx.client().get(new URL(replaced).pathname)).status).toBe(200);

    expect((await admin.delete('/app/api/v1/calendar-feed')).status).toBe(204);
    expect((await admin.get('/app/api/v1/calendar-feed')).body.data.active).toBe(false);
    expect((await ctx.client().get(new URL(replaced).pathname)).status).toBe(404);
  });

  it('belongs to each user: observers have their own, and nobody sees or revokes another’s', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const mine = (await admin.post('/app/api/v1/calendar-feed')).body.data.url;
    expect((await observer.get('/app/api/v1/calendar-feed')).body.data.active).toBe(false);
    expect((await observer.post('/app/api/v1/calendar-feed')).status).toBe(201);
    await observer.delete('/app/api/v1/calendar-feed');
    expect((await admin.get('/app/api/v1/calendar-feed')).body.data.active).toBe(true);
    expect((await ctx.client().get(new URL(mine).pathname)).status).toBe(200);

    // A member of another team has no link here, and removing the admin's link is impossible from there.
    const stranger = await signIn(
      ctx,
      (await buildMember(ctx, (await teamWithRoles(ctx)).team.id, 'admin')).email,
    );
    expect((await stranger.get('/app/api/v1/calendar-feed')).body.data.active).toBe(false);
    await stranger.delete('/app/api/v1/calendar-feed');
    expect((await ctx.client().get(new URL(mine).pathname)).status).toBe(200);
    expect((await ctx.client().get('/app/api/v1/calendar-feed')).status).toBe(401);
  });
});
