import { describe, expect, it } from 'vitest';
import { PREFERENCE_LISTS } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { buildMember, buildUser, signIn } from '../../../test/factories';
import { addMember } from '../teams/repository';
import { nowIso } from '../../platform/clock';

const ctx = useTestApp();
const url = (list: string) => `/app/api/v1/list-preferences/${list}`;

describe('list preferences', () => {
  it('answers defaults until saved, then keeps per_page and hidden columns; a field left out keeps its value', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);

    const before = await client.get(url('stores'));
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({
      list: 'stores',
      per_page: null,
      hidden_columns: [],
      updated_at: null,
    });

    const saved = await client.put(url('stores'), {
      per_page: 50,
      hidden_columns: ['city', 'attr.seats', 'city'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      list: 'stores',
      per_page: 50,
      hidden_columns: ['city', 'attr.seats'],
    });
    expect(saved.body.data.updated_at).toEqual(expect.any(String));

    // The page-size control and the column picker save independently.
    expect((await client.put(url('stores'), { hidden_columns: ['status'] })).body.data).toMatchObject({
      per_page: 50,
      hidden_columns: ['status'],
    });
    expect((await client.put(url('stores'), { per_page: 100 })).body.data).toMatchObject({
      per_page: 100,
      hidden_columns: ['status'],
    });
    expect((await client.put(url('stores'), { per_page: null, hidden_columns: [] })).body.data).toMatchObject(
      { per_page: null, hidden_columns: [] },
    );
    await client.put(url('stores'), { per_page: 10 });

    expect((await client.get(url('stores'))).body.data).toMatchObject({ per_page: 10, hidden_columns: [] });
    // One request for every list: saved ones with their values, the rest with defaults.
    const all = await client.get('/app/api/v1/list-preferences');
    expect(all.status).toBe(200);
    expect(all.body.data.map((p: { list: string }) => p.list)).toEqual([...PREFERENCE_LISTS]);
    expect(all.body.data.find((p: { list: string }) => p.list === 'stores')).toMatchObject({ per_page: 10 });
    expect(all.body.data.find((p: { list: string }) => p.list === 'leases')).toMatchObject({
      per_page: null,
      updated_at: null,
    });
  });

  it('are each user’s own: a teammate and another team’s user neither see nor change mine', async () => {
    const { user, team } = await buildUser(ctx);
    const mine = await signIn(ctx, user.email);
    const teammate = await signIn(ctx, (await buildMember(ctx, team.id, 'admin')).email);
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);

    await mine.put(url('documents'), { per_page: 100, hidden_columns: ['category'] });
    for (const other of [teammate, stranger]) {
      expect((await other.get(url('documents'))).body.data).toMatchObject({
        per_page: null,
        hidden_columns: [],
      });
      expect((await other.put(url('documents'), { per_page: 10, hidden_columns: [] })).status).toBe(200);
    }
    expect((await mine.get(url('documents'))).body.data).toMatchObject({
      per_page: 100,
      hidden_columns: ['category'],
    });
    const rows = await ctx.db
      .selectFrom('list_preferences')
      .select(['user_id', 'team_id'])
      .where('list', '=', 'documents')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ user_id: user.id, team_id: team.id }]);
  });

  it('are kept per team for a user in two teams', async () => {
    const { user, team } = await buildUser(ctx);
    const other = await buildUser(ctx);
    await addMember(ctx.db, other.team.id, user.id, 'observer', nowIso());
    const client = await signIn(ctx, user.email);

    await client.put(url('leases'), { per_page: 50, hidden_columns: ['attr.landlord_code'] });
    expect((await client.patch(`/app/api/v1/teams/${other.team.id}/switch`)).status).toBeLessThan(300);
    // An observer saves their own preferences: they are not a record write.
    expect((await client.get(url('leases'))).body.data).toMatchObject({ per_page: null, hidden_columns: [] });
    expect(
      (await client.put(url('leases'), { per_page: 10, hidden_columns: ['attr.region_code'] })).status,
    ).toBe(200);

    expect((await client.patch(`/app/api/v1/teams/${team.id}/switch`)).status).toBeLessThan(300);
    expect((await client.get(url('leases'))).body.data).toMatchObject({
      per_page: 50,
      hidden_columns: ['attr.landlord_code'],
    });
    expect((await client.patch(`/app/api/v1/teams/${other.team.id}/switch`)).status).toBeLessThan(300);
    expect((await client.get(url('leases'))).body.data).toMatchObject({
      per_page: 10,
      hidden_columns: ['attr.region_code'],
    });
  });

  it('refuses bad input with 422 and a message per field, and lists outside the whitelist', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);

    const bad = await client.put(url('stores'), {
      per_page: 33,
      hidden_columns: ['ok', 'Not A Key; drop table', 'x'.repeat(65)],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.per_page).toEqual(['The selected per page is invalid.']);
    expect(bad.body.errors['hidden_columns.1']).toEqual(['The selected column is invalid.']);
    expect(bad.body.errors['hidden_columns.2']).toEqual([
      'The column may not be greater than 64 characters.',
    ]);

    const tooMany = await client.put(url('stores'), {
      hidden_columns: Array.from({ length: 101 }, (_, i) => `c${i}`),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.hidden_columns).toEqual([
      'The number of hidden columns may not be greater than 100.',
    ]);

    for (const body of [
      { per_page: '50' },
      { per_page: 1.5 },
      { hidden_columns: 'city' },
      { hidden_columns: [1] },
    ]) {
      const response = await client.put(url('stores'), body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors)[0]).toMatch(/^(per_page|hidden_columns)/);
    }

    for (const list of ['users', 'sessions', 'STORES', '..%2Fstores']) {
      const response = await client.get(url(list));
      expect(response.status, list).toBe(422);
      expect(response.body.errors.list).toEqual(['The selected list is invalid.']);
      expect((await client.put(url(list), { per_page: 50 })).status).toBe(422);
    }
    // Nothing was stored by any refused request.
    expect((await client.get(url('stores'))).body.data.updated_at).toBeNull();
  });

  it('asks who is signed in', async () => {
    expect((await ctx.client().get(url('stores'))).status).toBe(401);
    expect((await ctx.client().get('/app/api/v1/list-preferences')).status).toBe(401);
  });
});
