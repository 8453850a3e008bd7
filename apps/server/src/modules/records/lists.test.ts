import { describe, expect, it } from 'vitest';
import { LIST_FILTERS, LIST_SORTS } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

async function storesTeam() {
  const roles = await teamWithRoles(ctx);
  const { admin } = roles;
  const brandA = await createVia(admin, 'brands', { name: 'Alpha' });
  const brandB = await createVia(admin, 'brands', { name: 'Beta' });
  const names = ['Charlie', 'alpha', 'Bravo', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
  const stores = [];
  for (const [i, name] of names.entries()) {
    stores.push(
      await createVia(admin, 'stores', {
        name,
        store_number: `S${10 - i}`,
        brand_id: i % 2 ? brandB.id : brandA.id,
        status: i < 3 ? 'open' : 'planned',
        city: i % 3 ? 'Austin' : 'Boston',
        opening_date: `2024-0${(i % 9) + 1}-01`,
      }),
    );
  }
  return { ...roles, brandA, brandB, stores };
}

const names = (body: { data: Array<{ name: string }> }) => body.data.map((s) => s.name);

describe('list pages', () => {
  it('pages with from–to of total and a stable order', async () => {
    const { admin } = await storesTeam();
    const first = await admin.get('/app/api/v1/stores?per_page=3&sort=status&direction=asc');
    expect(first.body.meta).toEqual({ current_page: 1, from: 1, to: 3, total: 7, last_page: 3, per_page: 3 });
    const third = await admin.get('/app/api/v1/stores?per_page=3&page=3&sort=status');
    expect(third.body.meta).toMatchObject({ from: 7, to: 7 });
    const beyond = await admin.get('/app/api/v1/stores?per_page=3&page=9');
    expect(beyond.body).toMatchObject({ data: [], meta: { from: null, to: null, total: 7 } });
    // Ties on status are broken by name then id: every store appears exactly once across pages.
    const all = [];
    for (let page = 1; page <= 3; page += 1)
      all.push(...names((await admin.get(`/app/api/v1/stores?per_page=3&page=${page}&sort=status`)).body));
    expect(new Set(all).size).toBe(7);
  });

  it('sorts by every whitelisted field in both directions', async () => {
    const { admin } = await storesTeam();
    for (const sort of LIST_SORTS.stores) {
      const asc = names((await admin.get(`/app/api/v1/stores?sort=${sort}&direction=asc`)).body);
      const desc = names((await admin.get(`/app/api/v1/stores?sort=${sort}&direction=desc`)).body);
      expect(asc).toHaveLength(7);
      expect(desc).toEqual([...asc].reverse());
    }
    expect(names((await admin.get('/app/api/v1/stores?sort=store_number')).body)).toEqual([
      'Charlie',
      'Golf',
      'Foxtrot',
      'Echo',
      'Delta',
      'Bravo',
      'alpha',
    ]);
  });

  it('filters by several ids, by enum values, and searches', async () => {
    const { admin, brandA, brandB } = await storesTeam();
    const byBrand = await admin.get(`/app/api/v1/stores?filters[brand_id]=${brandB.id}`);
    expect(names(byBrand.body).sort()).toEqual(['Delta', 'Foxtrot', 'alpha']);
    const both = await admin.get(
      `/app/api/v1/stores?filters[brand_id][]=${brandA.id}&filters[brand_id][]=${brandB.id}`,
    );
    expect(both.body.meta.total).toBe(7);
    const open = await admin.get('/app/api/v1/stores?filters[status]=open&filters[brand_id]=' + brandA.id);
    expect(names(open.body).sort()).toEqual(['Bravo', 'Charlie']);
    const search = await admin.get('/app/api/v1/stores?search=fox');
    expect(names(search.body)).toEqual(['Foxtrot']);
    const searchCity = await admin.get('/app/api/v1/stores?search=bost&sort=name');
    expect(names(searchCity.body).sort()).toEqual(['Delta', 'Charlie', 'Golf'].sort());
  });

  it('answers unknown sorts, filters and bad values with 422, never a SQL error', async () => {
    const { admin } = await storesTeam();
    const cases: Array<[string, string]> = [
      ['sort=password_hash', 'sort'],
      ['sort=name;drop table stores', 'sort'],
      ['filters[team_id]=1', 'filters.team_id'],
      ['filters[brand_id]=abc', 'filters.brand_id'],
      ['filters[status]=burning', 'filters.status'],
      ['direction=sideways', 'direction'],
      ['per_page=1000', 'per_page'],
      ['page=0', 'page'],
    ];
    for (const [query, field] of cases) {
      const response = await admin.get(`/app/api/v1/stores?${query}`);
      expect(response.status, query).toBe(422);
      expect(Object.keys(response.body.errors), query).toContain(field);
    }
  });

  it('never answers 500 to random combinations of list parameters (property-style)', async () => {
    const { admin } = await storesTeam();
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const junk = ['', '0', '-1', '1e9', 'NaN', "'", '%', '"; --', 'ü', '[]', '1,2,x', ' '];
    for (let i = 0; i < 150; i += 1) {
      const type = pick(['companies', 'brands', 'stores', 'contacts'] as const);
      const params = new URLSearchParams();
      if (random() < 0.7) params.set('page', pick([...junk, '1', '2', '50']));
      if (random() < 0.7) params.set('per_page', pick([...junk, '1', '25', '100', '101']));
      if (random() < 0.7) params.set('sort', pick([...LIST_SORTS[type], ...junk, 'id', 'team_id']));
      if (random() < 0.5) params.set('direction', pick(['asc', 'desc', ...junk]));
      if (random() < 0.5)
        params.set('search', pick(['fox', 'a', '*', '"', 'AND', 'OR NOT', 'k1x3', ...junk]));
      if (random() < 0.6)
        params.set(
          `filters[${pick([...Object.keys(LIST_FILTERS[type]), 'nope', 'id'])}]`,
          pick([...junk, '1', '1,2', 'open']),
        );
      const response = await admin.get(`/app/api/v1/${type}?${params.toString()}`);
      expect([200, 422], `${type}?${params.toString()} → ${JSON.stringify(response.body)}`).toContain(
        response.status,
      );
    }
  });

  it("keeps a search's cached matches only until the team writes: new, renamed and deleted records show at once", async () => {
    const { admin } = await storesTeam();
    const search = async (query: string) =>
      names((await admin.get(`/app/api/v1/stores?search=${query}&sort=name`)).body);
    expect(await search('charl')).toEqual(['Charlie']);
    const added = await createVia(admin, 'stores', { name: 'Charleston' });
    expect(await search('charl')).toEqual(['Charleston', 'Charlie']);
    await admin.patch(`/app/api/v1/stores/${added.id}`, { name: 'Zermatt' });
    expect(await search('charl')).toEqual(['Charlie']);
    expect(await search('zer')).toEqual(['Zermatt']);
    await admin.delete(`/app/api/v1/stores/${added.id}`);
    expect(await search('zer')).toEqual([]);
    const second = await admin.get('/app/api/v1/stores?search=o&sort=name&direction=desc&per_page=2&page=2');
    const all = names((await admin.get('/app/api/v1/stores?search=o&sort=name&direction=desc')).body);
    expect(names(second.body)).toEqual(all.slice(2, 4));
    expect(second.body.meta.total).toBe(all.length);
  });

  it('serves deep pages from cached boundaries with exactly the rows OFFSET would give', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const now = new Date().toISOString();
    const names = Array.from(
      { length: 2150 },
      (_, i) => `Store ${String((i * 7919) % 2150).padStart(4, '0')} ${i % 3 ? 'b' : 'a'}`,
    );
    for (let i = 0; i < names.length; i += 500) {
      await ctx.db
        .insertInto('stores')
        .values(
          names.slice(i, i + 500).map((name) => ({
            team_id: team.id,
            name,
            status: 'open' as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const ids = (
      await ctx.db.selectFrom('stores').select(['id', 'name']).where('team_id', '=', team.id).execute()
    ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    await createVia(admin, 'stores', { name: 'zzz last' }); // a write through the app: versions move on
    const expected = [...ids.map((r) => r.id), -1];
    for (const page of [21, 22, 40, 43]) {
      const body = (await admin.get(`/app/api/v1/stores?per_page=50&page=${page}&sort=name`)).body;
      const got = body.data.map((s: { id: number; name: string }) => (s.name === 'zzz last' ? -1 : s.id));
      expect(got, `page ${page}`).toEqual(expected.slice((page - 1) * 50, page * 50));
      const again = (await admin.get(`/app/api/v1/stores?per_page=50&page=${page}&sort=name`)).body.data.map(
        (s: { id: number; name: string }) => (s.name === 'zzz last' ? -1 : s.id),
      );
      expect(again).toEqual(got);
    }
    const desc = (
      await admin.get('/app/api/v1/stores?per_page=50&page=30&sort=name&direction=desc')
    ).body.data.map((s: { id: number; name: string }) => (s.name === 'zzz last' ? -1 : s.id));
    expect(desc).toEqual([...expected].reverse().slice(29 * 50, 30 * 50));
  });

  it('exports the filtered list as CSV', async () => {
    const { admin, brandB } = await storesTeam();
    const response = await admin.get(`/app/api/v1/stores/export?format=csv&filters[brand_id]=${brandB.id}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="stores-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/^ID,Store number,Name,Brand/);
    expect(lines).toHaveLength(4);
    expect((await admin.get('/app/api/v1/stores/export?format=xml')).status).toBe(422);
  });

  it('lists related records through filters (a store’s contacts)', async () => {
    const { admin } = await teamWithRoles(ctx);
    const company = await createVia(admin, 'companies', { name: 'Operator LLC', kind: 'franchisee' });
    const staff = await createVia(admin, 'contacts', { first_name: 'Sam', company_id: company.id });
    const manager = await createVia(admin, 'contacts', { first_name: 'Max', email: 'max@example.test' });
    await createVia(admin, 'contacts', { first_name: 'Unrelated' });
    const store = await createVia(admin, 'stores', {
      name: 'Shop',
      company_id: company.id,
      manager_id: manager.id,
    });
    const people = await admin.get(`/app/api/v1/contacts?filters[store_id]=${store.id}&sort=first_name`);
    expect(people.body.data.map((c: { id: number }) => c.id)).toEqual([manager.id, staff.id]);
  });
});
