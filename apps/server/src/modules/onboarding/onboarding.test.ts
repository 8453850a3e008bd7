import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
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
      example_portfolio: false,
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
      example_portfolio: false,
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

const EXAMPLE = '/app/api/v1/example-portfolio';
const total = async (client: TestClient, resource: string) =>
  (await client.get(`/app/api/v1/${resource}?per_page=100`)).body.meta.total as number;
const names = async (client: TestClient, resource: string) =>
  ((await client.get(`/app/api/v1/${resource}?per_page=100`)).body.data as Array<{ name: string }>)
    .map((row) => row.name)
    .sort();

describe('the example portfolio', () => {
  it('loads once, with leases whose critical dates make reminders, and says so on the checklist', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const loaded = await client.post(EXAMPLE);
    expect(loaded.status).toBe(201);
    expect(loaded.body.data.created).toEqual({
      companies: 4,
      brands: 2,
      contacts: 4,
      stores: 4,
      leases: 3,
      agreements: 1,
      sales: 6,
    });
    expect((await client.get(URL)).body.data).toMatchObject({
      brand: true,
      store: true,
      lease: true,
      example_portfolio: true,
    });
    expect(await names(client, 'stores')).toEqual([
      'Harbor Grill Austin Downtown',
      'Harbor Grill Express Waco',
      'Harbor Grill Round Rock',
      'Harbor Grill San Marcos',
    ]);
    const lease = (await client.get('/app/api/v1/leases?search=EX-L-101')).body.data[0];
    const detail = (await client.get(`/app/api/v1/leases/${lease.id}`)).body.data;
    expect(detail.rent_schedule.length).toBeGreaterThan(5);
    expect(detail.options).toHaveLength(1);
    expect(detail.landlord.name).toBe('Crossroads Realty Partners');
    expect(await total(client, 'reminders')).toBeGreaterThan(0);
    expect(await total(client, 'agreements')).toBe(1);
    expect(await total(client, 'sales')).toBe(6);

    const again = await client.post(EXAMPLE);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The example portfolio is already loaded.');
    expect(await total(client, 'stores')).toBe(4);
  });

  it('removes its records to the trash, names those the team edited, and keeps those the team built on', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    expect((await client.post(EXAMPLE)).status).toBe(201);
    const stores = (await client.get('/app/api/v1/stores?per_page=100')).body.data as Array<{
      id: number;
      name: string;
    }>;
    const byName = (name: string) => stores.find((store) => store.name === name)!.id;
    // Edited: removed all the same, and named.
    const renamed = await client.patch(`/app/api/v1/stores/${byName('Harbor Grill Round Rock')}`, {
      name: 'Harbor Grill Round Rock (ours)',
    });
    expect(renamed.status).toBe(200);
    // Built on: the team's own lease of the planned store keeps that store and what it names.
    const ownLease = await client.post('/app/api/v1/leases', {
      store_id: byName('Harbor Grill San Marcos'),
      status: 'active',
      reference: 'OUR-1',
    });
    expect(ownLease.status).toBe(201);
    const ownStore = await createVia(client, 'stores', { name: 'Our own store' });

    const removal = await client.delete(EXAMPLE);
    expect(removal.status).toBe(200);
    expect(removal.body.data.edited).toEqual([
      { type: 'stores', id: byName('Harbor Grill Round Rock'), name: 'Harbor Grill Round Rock (ours)' },
    ]);
    expect(removal.body.data.kept.map((r: { type: string; name: string }) => `${r.type}: ${r.name}`)).toEqual(
      [
        'companies: Harbor Hospitality Group',
        'companies: Lone Star Dining LLC',
        'brands: Harbor Grill',
        'contacts: Maria Alvarez',
        'stores: Harbor Grill San Marcos',
      ],
    );
    expect(removal.body.data.removed).toBe(24 - 5);

    expect(await names(client, 'stores')).toEqual(['Harbor Grill San Marcos', 'Our own store']);
    expect((await client.get(`/app/api/v1/stores/${ownStore.id}`)).status).toBe(200);
    expect((await client.get(`/app/api/v1/leases/${ownLease.body.data.id}`)).status).toBe(200);
    expect(await total(client, 'leases')).toBe(1);
    expect(await total(client, 'agreements')).toBe(0);
    expect(await total(client, 'sales')).toBe(0);
    expect(await names(client, 'companies')).toEqual(['Harbor Hospitality Group', 'Lone Star Dining LLC']);
    // The example's reminders left with its leases.
    const reminders = (await client.get('/app/api/v1/reminders?per_page=100')).body.data as Array<{
      title: string;
    }>;
    expect(reminders.every((r) => !/EX-L-10[123]/.test(JSON.stringify(r)))).toBe(true);
    // In the trash, restorable like anything deleted.
    const trash = (await client.get('/app/api/v1/trash?per_page=100')).body.data as Array<{ title: string }>;
    expect(trash.map((row) => row.title)).toContain('Harbor Grill Austin Downtown');
    expect((await client.get(URL)).body.data.example_portfolio).toBe(false);
    expect((await client.delete(EXAMPLE)).status).toBe(404);
  });

  it('writes nothing when it fails half way: a store number the team already uses', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    await createVia(client, 'stores', { name: 'Our Waco store', store_number: 'EX-103' });
    const refused = await client.post(EXAMPLE);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('store_number');
    expect(await total(client, 'companies')).toBe(0);
    expect(await total(client, 'brands')).toBe(0);
    expect(await total(client, 'contacts')).toBe(0);
    expect(await names(client, 'stores')).toEqual(['Our Waco store']);
    expect((await client.get(URL)).body.data.example_portfolio).toBe(false);
  });

  it('is another team’s business: a stranger neither sees nor removes it', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    expect((await client.post(EXAMPLE)).status).toBe(201);
    const other = await buildUser(ctx);
    const stranger = await signIn(ctx, other.user.email);
    expect((await stranger.get(URL)).body.data.example_portfolio).toBe(false);
    expect((await stranger.delete(EXAMPLE)).status).toBe(404);
    expect(await total(stranger, 'stores')).toBe(0);
    expect(await total(client, 'stores')).toBe(4);
    expect((await client.get(URL)).body.data.example_portfolio).toBe(true);
  });

  it('is refused to observers and guests; a manager may load and remove it', async () => {
    const { team } = await buildUser(ctx);
    const observer = await signIn(ctx, (await buildMember(ctx, team.id, 'observer')).email);
    expect((await observer.post(EXAMPLE)).status).toBe(403);
    const manager = await signIn(ctx, (await buildMember(ctx, team.id, 'manager')).email);
    expect((await manager.post(EXAMPLE)).status).toBe(201);
    expect((await observer.delete(EXAMPLE)).status).toBe(403);
    expect(await total(observer, 'stores')).toBe(4);
    expect((await manager.delete(EXAMPLE)).status).toBe(200);
    expect((await ctx.client().post(EXAMPLE)).status).toBe(401);
  });

  it('is refused to the demo user, whose team is reset to its own seed', async () => {
    const { user } = await buildUser(ctx, { email: DEMO_EMAIL });
    const demo = await signIn(ctx, user.email);
    expect((await demo.get('/app/api/v1/users/auth')).body.data.is_demo).toBe(true);
    const refused = await demo.post(EXAMPLE);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The demo team cannot load or remove the example portfolio.');
    expect((await demo.delete(EXAMPLE)).status).toBe(403);
  });
});
