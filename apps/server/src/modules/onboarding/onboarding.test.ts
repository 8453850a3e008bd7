import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildMember, buildUser, createVia, signIn } from '../../../test/factories';

const ctx = useTestApp();
const URL = '/app/api/v1/getting-started';

describe('getting started', () => {
  it('marks each first step done as the team takes it, and a deleted record undoes its step', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    expect((await client.get(URL)).body.data).toEqual({
      brand: false,
      store: false,
      lease: false,
      import: false,
      colleague: false,
    });

    const brand = await createVia(client, 'brands', { name: 'Harbor Grill' });
    const store = await createVia(client, 'stores', { name: 'Waco', brand_id: brand.id });
    const lease = await client.post('/app/api/v1/leases', { store_id: store.id, status: 'active' });
    expect(lease.status).toBe(201);
    await buildMember(ctx, team.id, 'manager');
    expect((await client.get(URL)).body.data).toEqual({
      brand: true,
      store: true,
      lease: true,
      import: false,
      colleague: true,
    });

    expect((await client.delete(`/app/api/v1/brands/${brand.id}`)).status).toBe(204);
    expect((await client.get(URL)).body.data.brand).toBe(false);
  });

  it('counts an invitation as a colleague, and never another team’s records', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const other = await buildUser(ctx);
    const stranger = await signIn(ctx, other.user.email);
    await createVia(stranger, 'brands', { name: 'Elsewhere' });
    await createVia(stranger, 'stores', { name: 'Elsewhere 1' });

    const invited = await client.post(`/app/api/v1/teams/${team.id}/invitations`, {
      email: 'colleague@example.test',
      role: 'manager',
    });
    expect(invited.status).toBeLessThan(300);
    expect((await client.get(URL)).body.data).toMatchObject({ brand: false, store: false, colleague: true });
  });

  it('asks who is calling', async () => {
    expect((await ctx.client().get(URL)).status).toBe(401);
  });
});
