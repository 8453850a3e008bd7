import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildStore, buildUser, signIn } from '../../../test/factories';
import { SEARCH_RESULTS } from '../../platform/search';
import { teamLru } from '../../platform/team-lru';

const ctx = useTestApp();

async function twoTeams() {
  const a = await buildUser(ctx);
  const b = await buildUser(ctx);
  const clientA = await signIn(ctx, a.user.email);
  const clientB = await signIn(ctx, b.user.email);
  await buildStore(clientA, { name: 'Quokka Market Alpha' });
  await buildStore(clientA, { name: 'Quokka Market Beta' });
  await buildStore(clientB, { name: 'Quokka Market Other team' });
  return { a: { ...a, client: clientA }, b: { ...b, client: clientB } };
}

const names = (body: { data: Array<{ name: string }> }) => body.data.map((row) => row.name);
const hits = (body: { data: Array<{ type: string; data: Array<{ title: string }> }> }) =>
  body.data.flatMap((group) => group.data.map((hit) => `${group.type}: ${hit.title}`));

describe('cached search answers', () => {
  it('a list search box: each team sees its own matches, and a write shows at once', async () => {
    const { a, b } = await twoTeams();
    const search = '/app/api/v1/stores?search=quokka&sort=name';
    for (let repeat = 0; repeat < 2; repeat++) {
      const first = await a.client.get(search);
      expect(first.status).toBe(200);
      expect(names(first.body)).toEqual(['Quokka Market Alpha', 'Quokka Market Beta']);
      expect(first.body.meta.total).toBe(2);
      // The same search, the same SQL but for the team, from another team: never A's cached answer.
      expect(names((await b.client.get(search)).body)).toEqual(['Quokka Market Other team']);
    }
    expect(teamLru(ctx.app.deps.db, SEARCH_RESULTS).bytes(a.team.id)).toBeGreaterThan(0);

    const added = await buildStore(a.client, { name: 'Quokka Market Gamma' });
    expect(names((await a.client.get(search)).body)).toEqual([
      'Quokka Market Alpha',
      'Quokka Market Beta',
      'Quokka Market Gamma',
    ]);
    expect((await a.client.patch(`/app/api/v1/stores/${added.id}`, { name: 'Wombat' })).status).toBe(200);
    const after = await a.client.get(search);
    expect(names(after.body)).toEqual(['Quokka Market Alpha', 'Quokka Market Beta']);
    expect(after.body.meta.total).toBe(2);
    expect(names((await b.client.get(search)).body)).toEqual(['Quokka Market Other team']);
  });

  it('the global search: each team sees its own hits, and a create or delete shows at once', async () => {
    const { a, b } = await twoTeams();
    // Ranked: an exact title first, then shorter titles.
    const search = '/app/api/v1/search?query=Quokka';
    for (let repeat = 0; repeat < 2; repeat++) {
      expect(hits((await a.client.get(search)).body)).toEqual([
        'stores: Quokka Market Beta',
        'stores: Quokka Market Alpha',
      ]);
      expect(hits((await b.client.get(search)).body)).toEqual(['stores: Quokka Market Other team']);
    }
    // Typed differently, the same words: the same answer.
    expect(hits((await a.client.get('/app/api/v1/search?query=%20QUOKKA%20')).body)).toHaveLength(2);
    // Several words: records that hold every one (of them, the start).
    expect(hits((await a.client.get('/app/api/v1/search?query=mark%20quok%20alp')).body)).toEqual([
      'stores: Quokka Market Alpha',
    ]);
    expect(names((await a.client.get('/app/api/v1/stores?search=alpha%20quokka')).body)).toEqual([
      'Quokka Market Alpha',
    ]);

    const added = await buildStore(a.client, { name: 'Quokka' });
    expect(hits((await a.client.get(search)).body)).toEqual([
      'stores: Quokka',
      'stores: Quokka Market Beta',
      'stores: Quokka Market Alpha',
    ]);
    expect((await a.client.delete(`/app/api/v1/stores/${added.id}`)).status).toBe(204);
    expect(hits((await a.client.get(search)).body)).toEqual([
      'stores: Quokka Market Beta',
      'stores: Quokka Market Alpha',
    ]);
    expect(hits((await b.client.get(search)).body)).toEqual(['stores: Quokka Market Other team']);
  });
});

describe('the global search’s candidates', () => {
  it('takes whole words first, fills in with prefixes, and lists a record found both ways once, in the team only', async () => {
    const { a, b } = await twoTeams();
    // "wombat" is a whole word of the first two (in the name, and in the city of the second too) and the start
    // of a word of the third; the fourth does not match; the other team's store never shows.
    await buildStore(a.client, { name: 'Wombat Deli' });
    await buildStore(a.client, { name: 'Wombat Bakery', city: 'Wombat' });
    await buildStore(a.client, { name: 'Wombatton Cafe' });
    await buildStore(a.client, { name: 'Numbat Noodles' });
    await buildStore(b.client, { name: 'Wombat Theirs' });
    const response = await a.client.get('/app/api/v1/search?query=wombat');
    expect(response.status).toBe(200);
    const stores = hits(response.body).filter((hit) => hit.startsWith('stores: '));
    expect(stores.sort()).toEqual(['stores: Wombat Bakery', 'stores: Wombat Deli', 'stores: Wombatton Cafe']);
  });
});
