import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import type { TestClient } from '../../test/client';
import { buildStore, buildUser, insertStores, signIn } from '../../test/factories';
import { observeQueries, writeTransaction } from './db';
import { listOrdersWarmed } from './list';
import { bumpTeamWriteVersion, heardEveryBump } from './team-cache';

const ctx = useTestApp();

/** A statement of slicedIds (platform/list.ts) reading the stores list's order. */
const readsStoresOrder = (text: string) =>
  /json_(agg|group_array)\(id\) as ids/.test(text) && /from \(+select "id" from "stores"/.test(text);

/**
 * The first page of a stores search, with how many statements read the list's order for it, counted until the
 * background reads it asked for are done; checked against the stores as they are now, in name order.
 */
async function searchStores(client: TestClient, teamId: number, term: string) {
  await heardEveryBump(ctx.app.deps.db);
  const statements: string[] = [];
  const stop = observeQueries(ctx.app.deps.db, (query) => statements.push(query.sql));
  const response = await client.get(`/app/api/v1/stores?search=${term}&sort=name&per_page=25`);
  await listOrdersWarmed();
  stop();
  expect(response.status).toBe(200);
  const stores = await ctx.db
    .selectFrom('stores')
    .select(['id', 'name'])
    .where('team_id', '=', teamId)
    .where('deleted_at', 'is', null)
    .execute();
  const expected = stores
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id))
    .map((store) => store.id);
  expect(response.body.meta.total, term).toBe(expected.length);
  expect(
    response.body.data.map((store: { id: number }) => store.id),
    term,
  ).toEqual(expected.slice(0, 25));
  return { orderReads: statements.filter(readsStoresOrder).length, first: response.body.data[0] };
}

describe("a list's order kept in memory", () => {
  it('outlives writes to other tables and teams, and is read again after any change of its own rows', async () => {
    const { user, team } = await buildUser(ctx);
    const other = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const otherClient = await signIn(ctx, other.user.email);
    // 300 matches (over WARM_ORDER_AFTER: the first search has the order read behind it), names out of id order.
    await insertStores(
      ctx,
      team.id,
      Array.from({ length: 300 }, (_, i) => `Market ${String((i * 7_919) % 1_000).padStart(3, '0')}`),
    );
    expect((await searchStores(client, team.id, 'market')).orderReads).toBeGreaterThan(0);
    // Kept: a new search is picked from it.
    expect((await searchStores(client, team.id, 'marke')).orderReads).toBe(0);

    // A write of another table moves the team's version, not the stores'.
    expect((await client.post('/app/api/v1/contacts', { first_name: 'Ann', last_name: 'Lee' })).status).toBe(
      201,
    );
    expect((await searchStores(client, team.id, 'mark')).orderReads).toBe(0);
    // Nor does another team's write of its stores.
    await buildStore(otherClient, { name: 'Market Elsewhere' });
    expect((await searchStores(client, team.id, 'mar')).orderReads).toBe(0);

    // A store renamed through the API comes first.
    const last = (await searchStores(client, team.id, 'market')).first as { id: number };
    const renamed = await client.patch(`/app/api/v1/stores/${last.id}`, { name: 'Aardvark Market' });
    expect(renamed.status).toBe(200);
    expect((await searchStores(client, team.id, 'market')).orderReads).toBeGreaterThan(0);
    expect((await searchStores(client, team.id, 'marke')).first).toMatchObject({ id: last.id });

    // Raw SQL in a write transaction: the table's trigger marks it, whatever wrote.
    await writeTransaction(ctx.db, async (trx) => {
      await sql`update stores set name = 'Zebra Market' where team_id = ${team.id} and id = ${last.id}`.execute(
        trx,
      );
      await bumpTeamWriteVersion(trx, team.id);
    });
    expect((await searchStores(client, team.id, 'mark')).orderReads).toBeGreaterThan(0);
    expect((await searchStores(client, team.id, 'market')).first).not.toMatchObject({ id: last.id });

    // A write outside a transaction, then the bump on its own: PostgreSQL's marks are gone by then, so every list
    // table moves; SQLite's marks are rows, still there.
    await sql`update stores set name = 'Aardvark Market' where team_id = ${team.id} and id = ${last.id}`.execute(
      ctx.db,
    );
    await bumpTeamWriteVersion(ctx.db, team.id);
    expect((await searchStores(client, team.id, 'mar')).orderReads).toBeGreaterThan(0);
    expect((await searchStores(client, team.id, 'mark')).first).toMatchObject({ id: last.id });

    // A store deleted (to the trash) leaves the order, and a store created joins it.
    expect((await client.delete(`/app/api/v1/stores/${last.id}`)).status).toBe(204);
    expect((await searchStores(client, team.id, 'market')).first).not.toMatchObject({ id: last.id });
    const created = await buildStore(client, { name: 'Aaa Market' });
    expect((await searchStores(client, team.id, 'marke')).first).toMatchObject({ id: created.id });
  }, 60_000);

  it('is read behind the first search of the list, however few its matches', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    // Four matches of every term below (searchStores checks the whole list), far fewer than WARM_ORDER_AFTER.
    await insertStores(ctx, team.id, [
      'Corner Cafe Bakery',
      'Bakery Cafe North',
      'Cafe Bakery Nord',
      'South Cafe Bakery',
    ]);
    // Ordered by key for this answer; the order is read behind it, for it lasts until a store changes.
    expect((await searchStores(client, team.id, 'cafe')).orderReads).toBeGreaterThan(0);
    expect((await searchStores(client, team.id, 'bakery')).orderReads).toBe(0);
    expect((await searchStores(client, team.id, 'bak')).first).toMatchObject({ name: 'Bakery Cafe North' });
  });
});
