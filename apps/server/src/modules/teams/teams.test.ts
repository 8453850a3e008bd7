import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildMember, buildUser, linkIn, mailTo, signIn } from '../../../test/factories';

const ctx = useTestApp();

async function ownerWithTeam() {
  const { user, team } = await buildUser(ctx);
  return { owner: user, team, client: await signIn(ctx, user.email) };
}

async function activities(teamId: number, action: string) {
  return ctx.db
    .selectFrom('activities')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('action', '=', action)
    .execute();
}

describe('team page', () => {
  it('lists members with roles and pending invitations, with abilities for the caller', async () => {
    const { owner, team, client } = await ownerWithTeam();
    const observer = await buildMember(ctx, team.id, 'observer');
    await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'new@example.test',
      role: 'manager',
    });
    const response = await client.get(`/app/api/v1/teams/${team.id}`);
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.owner_id).toBe(owner.id);
    expect(data.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.id, role: 'admin', is_owner: true }),
        expect.objectContaining({ id: observer.id, role: 'observer', is_owner: false }),
      ]),
    );
    expect(data.invitations).toEqual([
      expect.objectContaining({ email: 'new@example.test', role: 'manager' }),
    ]);
    expect(data.abilities).toMatchObject({ rename: true, invite: true, leave: false, delete: true });

    const asObserver = await (await signIn(ctx, observer.email)).get(`/app/api/v1/teams/${team.id}`);
    expect(asObserver.body.data.abilities).toMatchObject({ rename: false, invite: false, leave: true });
    expect(asObserver.body.data.invitations).toEqual([]);
  });

  it('answers 404 for another team, even to its admin elsewhere', async () => {
    const { team } = await ownerWithTeam();
    const stranger = await ownerWithTeam();
    for (const [method, url, body] of [
      ['GET', `/app/api/v1/teams/${team.id}`, undefined],
      ['PATCH', `/app/api/v1/teams/${team.id}`, { name: 'Taken over' }],
      ['POST', `/app/api/v1/teams/${team.id}/invitations`, { email: 'x@example.test', role: 'admin' }],
      ['PATCH', `/app/api/v1/teams/${team.id}/members/${team.owner_id}`, { role: 'observer' }],
      ['DELETE', `/app/api/v1/teams/${team.id}/members/${team.owner_id}`, undefined],
      ['PATCH', `/app/api/v1/teams/${team.id}/switch`, undefined],
    ] as const) {
      const response = await stranger.client.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    expect(
      (await ctx.db.selectFrom('teams').select('name').where('id', '=', team.id).executeTakeFirstOrThrow())
        .name,
    ).not.toBe('Taken over');
  });
});

describe('renaming', () => {
  it('lets an admin rename and audits old → new', async () => {
    const { team, client } = await ownerWithTeam();
    const response = await client.patch(`/app/api/v1/teams/${team.id}`, { name: 'Northwind Franchising' });
    expect(response.status).toBe(200);
    expect(response.body.data.name).toBe('Northwind Franchising');
    const [activity] = await activities(team.id, 'renamed');
    expect(JSON.parse(activity!.changes!)).toEqual({ name: [team.name, 'Northwind Franchising'] });
  });

  it('refuses observers and managers with 403 and validates the name', async () => {
    const { team, client } = await ownerWithTeam();
    for (const role of ['observer', 'manager'] as const) {
      const member = await signIn(ctx, (await buildMember(ctx, team.id, role)).email);
      expect((await member.patch(`/app/api/v1/teams/${team.id}`, { name: 'Mine now' })).status).toBe(403);
    }
    const blank = await client.patch(`/app/api/v1/teams/${team.id}`, { name: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(['The name field is required.']);
  });
});

describe('invitations', () => {
  it('mails a register link to a new address and a join link to an existing account', async () => {
    const { team, client } = await ownerWithTeam();
    const created = await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'Fresh@Example.test',
      role: 'manager',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'fresh@example.test', role: 'manager' });
    expect(linkIn((await mailTo(ctx, 'fresh@example.test'))[0])).toMatch(
      /\/teams\/register\/[\w-]+\?signature=[\w-]+$/,
    );

    const { user: existing } = await buildUser(ctx);
    await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: existing.email,
      role: 'observer',
    });
    expect(linkIn((await mailTo(ctx, existing.email))[0])).toMatch(/\/teams\/join\/[\w-]+$/);
    expect(await activities(team.id, 'invited')).toHaveLength(2);
  });

  it('refuses duplicates, members, bad roles and non-admins', async () => {
    const { owner, team, client } = await ownerWithTeam();
    await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'dup@example.test',
      role: 'manager',
    });
    const dup = await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'dup@example.test',
      role: 'manager',
    });
    expect(dup.body.errors.email).toEqual(['This user has already been invited to the team.']);
    const member = await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: owner.email,
      role: 'manager',
    });
    expect(member.body.errors.email).toEqual(['This user already belongs to the team.']);
    const role = await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'r@example.test',
      role: 'owner',
    });
    expect(role.status).toBe(422);
    expect(role.body.errors.role).toEqual(['The selected role is invalid.']);
    const manager = await signIn(ctx, (await buildMember(ctx, team.id, 'manager')).email);
    expect(
      (
        await manager.post(`/app/api/v1/teams/${team.id}/invitations`, {
          email: 'm@example.test',
          role: 'admin',
        })
      ).status,
    ).toBe(403);
  });

  it('lets an admin cancel a pending invitation', async () => {
    const { team, client } = await ownerWithTeam();
    const created = await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'gone@example.test',
      role: 'manager',
    });
    expect(
      (await client.delete(`/app/api/v1/teams/${team.id}/invitations/${created.body.data.id}`)).status,
    ).toBe(204);
    expect((await ctx.client().get(`/app/api/v1/team-invitations/${created.body.data.id}`)).status).toBe(404);
  });

  it('lets a new person register through the link and join the team as invited', async () => {
    const { team, client } = await ownerWithTeam();
    const invitation = (
      await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
        email: 'joiner@example.test',
        role: 'manager',
      })
    ).body.data;
    const preview = await ctx.client().get(`/app/api/v1/team-invitations/${invitation.id}`);
    expect(preview.body.data).toEqual({
      id: invitation.id,
      team_name: team.name,
      email: 'joiner@example.test',
      role: 'manager',
      invited_by: expect.any(String),
    });
    const signature = new URL(linkIn((await mailTo(ctx, 'joiner@example.test'))[0])).searchParams.get(
      'signature',
    );

    const joiner = ctx.client();
    const mismatch = await joiner.post('/app/register', {
      name: 'Joiner',
      email: 'someone-else@example.test',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      invitation: invitation.id,
      invitation_signature: signature,
    });
    expect(mismatch.status).toBe(422);

    const registered = await joiner.post('/app/register', {
      name: 'Joiner',
      email: 'joiner@example.test',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      invitation: invitation.id,
      invitation_signature: signature,
    });
    expect(registered.status).toBe(201);
    const me = (await joiner.get('/app/api/v1/users/auth')).body.data;
    expect(me).toMatchObject({ team_id: team.id, team_role: 'manager', owns_team: false });
    expect(me.teams).toHaveLength(2);

    const ownTeam = me.teams.find((t: { id: number }) => t.id !== team.id);
    const switched = await joiner.patch(`/app/api/v1/teams/${ownTeam.id}/switch`);
    expect(switched.body.data).toMatchObject({ team_id: ownTeam.id, owns_team: true, team_role: 'admin' });
  });

  it('tells the holder of a signed register link plainly that their address has an account (the link proved they own it)', async () => {
    const { team, client } = await ownerWithTeam();
    const email = `late-${team.id}@example.test`;
    const invitation = (
      await client.post(`/app/api/v1/teams/${team.id}/invitations`, { email, role: 'observer' })
    ).body.data;
    const signature = new URL(linkIn((await mailTo(ctx, email))[0])).searchParams.get('signature');
    // Meanwhile the invitee made an account another way.
    await buildUser(ctx, { email });
    const body = {
      name: 'Again',
      email,
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      invitation: invitation.id,
    };
    const response = await ctx.client().post('/app/register', { ...body, invitation_signature: signature });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual([
      'The email has already been taken. Log in to accept the invitation.',
    ]);
    // Without the signature (all the team's admins know) it says nothing about the address.
    const unsigned = await ctx.client().post('/app/register', body);
    expect(Object.keys(unsigned.body.errors)).toEqual(['invitation']);
  });

  it('lets an existing account accept only an invitation sent to its own e-mail', async () => {
    const { team, client } = await ownerWithTeam();
    const { user: invitee } = await buildUser(ctx);
    const { user: other } = await buildUser(ctx);
    const invitation = (
      await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
        email: invitee.email,
        role: 'observer',
      })
    ).body.data;
    expect(
      (await (await signIn(ctx, other.email)).post(`/app/api/v1/team-invitations/${invitation.id}/accept`))
        .status,
    ).toBe(403);
    const accepted = await (
      await signIn(ctx, invitee.email)
    ).post(`/app/api/v1/team-invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ team_id: team.id, team_role: 'observer' });
  });
});

describe('members', () => {
  it('lets an admin change a role, audited, but never the owner’s', async () => {
    const { owner, team, client } = await ownerWithTeam();
    const member = await buildMember(ctx, team.id, 'observer');
    const changed = await client.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: member.id, role: 'manager' });
    const [activity] = await activities(team.id, 'role_changed');
    expect(JSON.parse(activity!.changes!)).toEqual({ role: ['observer', 'manager'] });
    expect(
      (await client.patch(`/app/api/v1/teams/${team.id}/members/${owner.id}`, { role: 'observer' })).status,
    ).toBe(403);
  });

  it('refuses an observer changing a role', async () => {
    const { team } = await ownerWithTeam();
    const target = await buildMember(ctx, team.id, 'manager');
    const observer = await signIn(ctx, (await buildMember(ctx, team.id, 'observer')).email);
    expect(
      (await observer.patch(`/app/api/v1/teams/${team.id}/members/${target.id}`, { role: 'admin' })).status,
    ).toBe(403);
    expect(
      (await observer.patch(`/app/api/v1/teams/${team.id}/members/${target.id}`, { role: 'nope' })).status,
    ).toBe(422);
  });

  it('lets an admin remove a member and a member leave, but not the owner', async () => {
    const { owner, team, client } = await ownerWithTeam();
    const removed = await buildMember(ctx, team.id, 'manager');
    expect((await client.delete(`/app/api/v1/teams/${team.id}/members/${removed.id}`)).status).toBe(204);
    const leaver = await buildMember(ctx, team.id, 'observer');
    const leaverClient = await signIn(ctx, leaver.email);
    expect((await leaverClient.patch(`/app/api/v1/teams/${team.id}/switch`)).status).toBeLessThan(300);
    expect((await leaverClient.put('/app/api/v1/list-preferences/stores', { per_page: 50 })).status).toBe(
      200,
    );
    expect((await leaverClient.post('/app/api/v1/calendar-feed')).status).toBe(201);
    await ctx.db
      .insertInto('notification_mutes')
      .values({
        user_id: leaver.id,
        team_id: team.id,
        subject_type: 'stores',
        subject_id: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect((await leaverClient.delete(`/app/api/v1/teams/${team.id}/members/${owner.id}`)).status).toBe(403);
    expect((await leaverClient.delete(`/app/api/v1/teams/${team.id}/members/${leaver.id}`)).status).toBe(204);
    // What they kept for that team (list views, mutes, a calendar link) goes with them.
    for (const table of ['list_preferences', 'notification_mutes', 'calendar_feeds'] as const)
      expect(
        await ctx.db
          .selectFrom(table)
          .select('user_id')
          .where('team_id', '=', team.id)
          .where('user_id', '=', leaver.id)
          .execute(),
        table,
      ).toEqual([]);
    // Left the team: back in their own, and the old one is gone from their list.
    const me = (await leaverClient.get('/app/api/v1/users/auth')).body.data;
    expect(me.teams.map((t: { id: number }) => t.id)).not.toContain(team.id);
    expect((await client.delete(`/app/api/v1/teams/${team.id}/members/${owner.id}`)).status).toBe(403);
    expect(await activities(team.id, 'left')).toHaveLength(1);
  });
});

describe('audit', () => {
  it('records logins and logouts', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    await client.post('/app/logout');
    expect(await activities(team.id, 'login')).toHaveLength(1);
    expect(await activities(team.id, 'logout')).toHaveLength(1);
  });
});

describe('dashboard and search', () => {
  it('starts every stat at zero and finds nothing in an empty team', async () => {
    const { client } = await ownerWithTeam();
    const dashboard = await client.get('/app/api/v1/dashboard');
    const year = new Date().getUTCFullYear();
    expect(dashboard.body).toEqual({
      data: {
        stores: [],
        stats: {
          expenditure: 0,
          locations: 0,
          near_expiration: 0,
          near_renewal_notice: 0,
          overdue: 0,
          unverified: 0,
        },
        alignment_warnings: [],
        overdue: [],
        timeline: [],
        lease_expirations: Array.from({ length: 10 }, (_, i) => ({ year: year + i, count: 0 })),
        map_stores: [],
      },
    });
    expect((await client.get('/app/api/v1/search?query=abc')).body).toEqual({ data: [] });
  });
});
