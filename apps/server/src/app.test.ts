import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/context';
import { buildUser, signIn } from '../test/factories';

const ctx = useTestApp();

const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'token'));

describe('route guards', () => {
  it('declares a guard for every /app route (the snapshot makes a permission change visible in review)', () => {
    const table = ctx.app.routeGuards.map((r) => `${r.method.padEnd(6)} ${r.url} → ${r.guard}`).sort();
    expect(table).toMatchSnapshot();
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    const guarded = ctx.app.routeGuards.filter((r) => r.guard !== 'public');
    expect(guarded.length).toBeGreaterThan(5);
    for (const route of guarded) {
      const response = await ctx
        .client()
        .request(route.method as 'GET', concrete(route.url), route.method === 'GET' ? undefined : {});
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 on team routes while the team’s subscription is inactive, but still lets the user out', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    await ctx.db
      .updateTable('teams')
      .set({ subscription_status: 'inactive' })
      .where('id', '=', team.id)
      .execute();
    expect((await client.get('/app/api/v1/dashboard')).status).toBe(403);
    const me = await client.get('/app/api/v1/users/auth');
    expect(me.body.data.subscription.status).toBe('inactive');
    expect((await client.post('/app/logout')).status).toBe(204);
  });
});

describe('operations', () => {
  it('reports liveness and readiness', async () => {
    expect((await ctx.client().get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await ctx.client().get('/readyz')).body).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const response = await ctx.client().get('/app/api/docs');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toContain('/app/api/v1/teams/{id}');
  });

  it('echoes a request id on every response, errors included', async () => {
    const response = await ctx.client().get('/healthz');
    expect(response.headers['x-request-id']).toBeTruthy();
    for (const [url, status] of [
      ['/app/api/v1/companies', 401],
      ['/app/api/v1/no-such-route', 404],
      ['/app/api/v1/users/auth?guest=nope', 422],
    ] as const) {
      const failed = await ctx.app.inject({ url, headers: { 'x-request-id': `probe-${status}` } });
      expect(failed.statusCode).toBe(status);
      expect(failed.headers['x-request-id']).toBe(`probe-${status}`);
    }
  });
});
