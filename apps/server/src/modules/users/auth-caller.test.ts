import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/context';
import { teamWithRoles } from '../../../test/factories';
import { observeQueries } from '../../platform/db';
import { heardEveryBump, keepsTeamVersions } from '../../platform/team-cache';

const ctx = useTestApp();

describe('GET /users/auth', () => {
  it('answers a guest 401, or 200 with null data when the caller asks with guest=null (the web app)', async () => {
    expect((await ctx.client().get('/app/api/v1/users/auth')).status).toBe(401);
    const guest = await ctx.client().get('/app/api/v1/users/auth?guest=null');
    expect(guest.status).toBe(200);
    expect(guest.body).toEqual({ data: null });
    expect((await ctx.client().get('/app/api/users/auth?guest=null')).status).toBe(401);
  });

  it('answers a signed-in caller with the user, with or without the flag', async () => {
    const { observer } = await teamWithRoles(ctx);
    const plain = await observer.get('/app/api/v1/users/auth');
    expect(plain.status).toBe(200);
    expect((await observer.get('/app/api/v1/users/auth?guest=null')).body).toEqual(plain.body);
  });

  it('reads nothing from the database for a signed-in caller once the session, version and badge count are kept', async () => {
    const { admin } = await teamWithRoles(ctx);
    await vi.waitFor(() =>
      expect(ctx.app.deps.dialect === 'sqlite' || keepsTeamVersions(ctx.app.deps.db)).toBe(true),
    );
    await heardEveryBump(ctx.app.deps.db);
    const first = await admin.get('/app/api/v1/users/auth');
    expect(first.body.data.notifications).toBe(0);
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
    const again = await admin.get('/app/api/v1/users/auth').finally(stop);
    expect(again.body).toEqual(first.body);
    // The session, the team's write version and time zone and the count are all kept: on PostgreSQL while the
    // app hears every change announced, on SQLite while nothing was written since they were read
    // (platform/team-cache.ts, platform/auth-cache.ts).
    expect(statements).toEqual([]);
  });

  it('refuses any other value of the flag with a message naming it', async () => {
    const response = await ctx.client().get('/app/api/v1/users/auth?guest=yes');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['guest']);
  });
});
