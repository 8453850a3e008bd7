import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@storekeep/contracts';
import { useTestApp } from '../../test/context';
import { buildUser, createVia, signIn } from '../../test/factories';
import { nowIso } from '../platform/clock';
import { addMember } from '../modules/teams/repository';
import { resetDemo, seedDemo } from '../seed';

const ctx = useTestApp();

async function demoClient() {
  const client = ctx.client();
  expect((await client.post('/app/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status).toBe(200);
  return client;
}

describe('the shared demo account', () => {
  it('cannot accept an invitation, change its profile, e-mail or password, or leave a team', async () => {
    await seedDemo(ctx.app.deps);
    const demo = await demoClient();
    const me = (await demo.get('/app/api/v1/users/auth')).body.data;

    const { user: owner, team } = await buildUser(ctx);
    const admin = await signIn(ctx, owner.email);
    const invitation = (
      await admin.post(`/app/api/v1/teams/${team.id}/invitations`, { email: DEMO_EMAIL, role: 'manager' })
    ).body.data;
    const accepted = await demo.post(`/app/api/v1/team-invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(403);
    expect(accepted.body.message).toMatch(/demo account .* cannot accept invitations/);
    expect((await demo.get('/app/api/v1/users/auth')).body.data.teams).toHaveLength(1);

    const profile = await demo.patch('/app/api/v1/users/profile', { name: 'Visitor', email: DEMO_EMAIL });
    expect(profile.status).toBe(403);
    const email = await demo.patch('/app/api/v1/users/profile', {
      name: me.name,
      email: 'visitor@example.test',
      current_password: DEMO_PASSWORD,
    });
    expect(email.status).toBe(403);
    const password = await demo.put('/app/api/v1/users/password', {
      current_password: DEMO_PASSWORD,
      password: 'another long passphrase',
      password_confirmation: 'another long passphrase',
    });
    expect(password.status).toBe(403);

    // A membership the account got before it was refused (or by hand): it still cannot leave the team.
    await addMember(ctx.db, team.id, me.id, 'manager', nowIso());
    expect((await demo.patch(`/app/api/v1/teams/${team.id}/switch`)).status).toBe(200);
    const left = await demo.delete(`/app/api/v1/teams/${team.id}/members/${me.id}`);
    expect(left.status).toBe(403);
    expect(left.body.message).toMatch(/demo account .* cannot leave/);
    expect((await demo.patch(`/app/api/v1/teams/${me.team_id}/switch`)).status).toBe(200);
  });

  it('is reset to the seed, once a day or on demand, without touching other teams', async () => {
    await seedDemo(ctx.app.deps);
    const demo = await demoClient();
    const me = (await demo.get('/app/api/v1/users/auth')).body.data;
    const total = async (path: string) => (await demo.get(`/app/api/v1/${path}`)).body.meta.total;
    const seededStores = await total('stores');
    await createVia(demo, 'companies', { name: 'A visitor’s company', kind: 'franchisee' });
    const store = (await demo.get('/app/api/v1/stores?per_page=1')).body.data[0];
    expect((await demo.delete(`/app/api/v1/stores/${store.id}`)).status).toBe(204);
    expect(await total('stores')).toBe(seededStores - 1);

    // Another team, which the demo account once joined (and made current).
    const { user: owner, team } = await buildUser(ctx);
    const other = await signIn(ctx, owner.email);
    const company = await createVia(other, 'companies', { name: 'Kept Holdings', kind: 'landlord' });
    await addMember(ctx.db, team.id, me.id, 'manager', nowIso());
    expect((await demo.patch(`/app/api/v1/teams/${team.id}/switch`)).status).toBe(200);

    // The seed's own day is already claimed: the hourly tick leaves a team seeded today alone.
    expect(await resetDemo(ctx.app.deps, { daily: true })).toBeNull();
    const reset = await resetDemo(ctx.app.deps);
    expect(reset).not.toBeNull();
    expect(await resetDemo(ctx.app.deps, { daily: true })).toBeNull();

    // The visitor's session goes on, in the fresh demo team and only there.
    const after = (await demo.get('/app/api/v1/users/auth')).body.data;
    expect(after.team_id).toBe(reset!.teamId);
    expect(after.teams.map((t: { name: string }) => t.name)).toEqual(['Demo Franchise Group']);
    expect(await total('stores')).toBe(seededStores);
    expect(await total('companies')).toBe(43);
    expect(await total('companies?search=visitor')).toBe(0);
    await ctx.app.deps.jobs.drain();
    expect((await demo.get('/app/api/v1/documents?search=certified')).body.data).toHaveLength(3);
    // The old team's files went with it.
    expect(await ctx.db.selectFrom('pending_blobs').selectAll().execute()).toEqual([]);

    // The other team keeps its data and its owner; only the demo account is gone from it.
    expect((await other.get(`/app/api/v1/companies/${company.id}`)).body.data.name).toBe('Kept Holdings');
    const members = (await other.get(`/app/api/v1/teams/${team.id}`)).body.data.members;
    expect(members.map((m: { id: number }) => m.id)).toEqual([owner.id]);
  });
});
