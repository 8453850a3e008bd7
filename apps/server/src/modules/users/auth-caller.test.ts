import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/context';
import { teamWithRoles } from '../../../test/factories';
import { observeQueries } from '../../platform/db';
import { keepsTeamVersions } from '../../platform/team-cache';

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

  it('reads the team version alone (SQLite) or nothing (PostgreSQL) for a signed-in caller once the session and the badge count are cached', async () => {
    const { admin } = await teamWithRoles(ctx);
    await vi.waitFor(() =>
      expect(ctx.app.deps.dialect === 'sqlite' || keepsTeamVersions(ctx.app.deps.db)).toBe(true),
    );
    const first = await admin.get('/app/api/v1/users/auth');
    expect(first.body.data.notifications).toBe(0);
    const statements: string[] = [];
    const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
    const again = await admin.get('/app/api/v1/users/auth').finally(stop);
    expect(again.body).toEqual(first.body);
    // The team's write version and its time zone together; the count itself comes from the team cache.
    // PostgreSQL: the version too is kept while the app hears every bump (platform/team-cache.ts).
    expect(statements.filter((s) => !/auth_epoch/.test(s))).toEqual(
      ctx.app.deps.dialect === 'postgres'
        ? []
        : [expect.stringMatching(/team_write_versions[\s\S]*team_settings/)],
    );
  });

  it('refuses any other value of the flag with a message naming it', async () => {
    const response = await ctx.client().get('/app/api/v1/users/auth?guest=yes');
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['guest']);
  });
});
