import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildLease, buildStore, buildUser, insertStores, signIn } from '../../../test/factories';
import { insertMany } from '../../platform/db/insert-many';
import { bumpTeamWriteVersion } from '../../platform/team-cache';

const ctx = useTestApp();

/** Leases written straight into the table, many at once (net leases, written now). */
async function insertLeases(
  rows: Array<{
    team_id: number;
    store_id: number;
    reference: string;
    status: string;
    expiration_date?: string;
  }>,
) {
  const now = new Date().toISOString();
  await insertMany(
    ctx.db,
    'leases',
    {
      team_id: 'integer',
      store_id: 'integer',
      reference: 'text',
      status: 'text',
      type: 'text',
      expiration_date: 'date',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows.map((row) => ({ expiration_date: null, ...row, type: 'net', created_at: now, updated_at: now })),
  );
}

const references = (body: { data: Array<{ reference: string | null }> }) =>
  body.data.map((lease) => lease.reference).sort();

describe('the leases search box', () => {
  it('finds the reference anywhere in any case and the store by its words, on either database, in the team only', async () => {
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);
    const clientA = await signIn(ctx, a.user.email);
    const clientB = await signIn(ctx, b.user.email);
    const wombat = await buildStore(clientA, { name: 'Wombat Deli', city: 'Hobart' });
    const other = await buildStore(clientA, { name: 'Quokka Bakery' });
    await buildLease(clientA, { store_id: wombat.id, reference: 'HQ-2024-Alpha' });
    await buildLease(clientA, { store_id: other.id, reference: 'LX-0042' });
    // Another team's lease of a store of the same name and a reference of the same shape.
    const theirs = await buildStore(clientB, { name: 'Wombat Deli' });
    await buildLease(clientB, { store_id: theirs.id, reference: 'HQ-2024-Beta' });

    const search = async (term: string) => {
      const response = await clientA.get(`/app/api/v1/leases?search=${encodeURIComponent(term)}`);
      expect(response.status).toBe(200);
      expect(response.body.meta.total).toBe(response.body.data.length);
      return references(response.body);
    };
    expect(await search('alpha')).toEqual(['HQ-2024-Alpha']);
    expect(await search('hq-2024')).toEqual(['HQ-2024-Alpha']);
    expect(await search('0042')).toEqual(['LX-0042']);
    // The store: any word of it, or the start of one, as the stores list's search box finds it.
    expect(await search('WOMBAT')).toEqual(['HQ-2024-Alpha']);
    expect(await search('quok bak')).toEqual(['LX-0042']);
    expect(await search('hobart')).toEqual(['HQ-2024-Alpha']);
    expect(await search('100%_')).toEqual([]);
    // The export of a searched list holds the same leases (the search as a condition on each lease).
    for (const [term, expected] of [
      ['wombat', ['HQ-2024-Alpha']],
      ['0042', ['LX-0042']],
    ] as const) {
      const csv = await clientA.get(`/app/api/v1/leases/export?format=csv&search=${term}`);
      expect(csv.status).toBe(200);
      const rows = String(csv.body).trim().split('\n').slice(1);
      expect(rows.map((row) => /(HQ|LX)-[\w-]+/.exec(row)?.[0])).toEqual(expected);
    }

    // A search's matches are kept in order until the team writes: a new lease shows at once, pages slice them.
    await buildLease(clientA, { store_id: other.id, reference: 'HQ-2025-Alpha' });
    expect(await search('alpha')).toEqual(['HQ-2024-Alpha', 'HQ-2025-Alpha']);
    const second = await clientA.get('/app/api/v1/leases?search=alpha&sort=reference&per_page=1&page=2');
    expect(second.body.data.map((lease: { reference: string }) => lease.reference)).toEqual([
      'HQ-2025-Alpha',
    ]);
    expect(second.body.meta).toMatchObject({ total: 2, from: 2, to: 2 });

    const theirSearch = await clientB.get('/app/api/v1/leases?search=wombat');
    expect(references(theirSearch.body)).toEqual(['HQ-2024-Beta']);
  });

  it('follows every write of a reference: an edit, the trash, a restore and a purge', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const store = await buildStore(client, { name: 'Numbat Noodles' });
    const lease = await buildLease(client, { store_id: store.id, reference: 'Unit 7 / Suite 50%' });
    const short = await buildLease(client, { store_id: store.id, reference: 'QZ' });
    const search = async (term: string) =>
      references((await client.get(`/app/api/v1/leases?search=${encodeURIComponent(term)}`)).body);
    // The middle of a word, any case, a wildcard taken as written, and a text too short for a trigram.
    expect(await search('NIT 7 / su')).toEqual(['Unit 7 / Suite 50%']);
    expect(await search('50%')).toEqual(['Unit 7 / Suite 50%']);
    expect(await search('qz')).toEqual(['QZ']);

    expect((await client.patch(`/app/api/v1/leases/${lease.id}`, { reference: 'Kiosk B-12' })).status).toBe(
      200,
    );
    expect(await search('suite')).toEqual([]);
    expect(await search('iosk b-1')).toEqual(['Kiosk B-12']);

    expect((await client.delete(`/app/api/v1/leases/${lease.id}`)).status).toBe(204);
    expect(await search('kiosk')).toEqual([]);
    expect((await client.post(`/app/api/v1/leases/${lease.id}/restore`)).status).toBe(200);
    expect(await search('kiosk')).toEqual(['Kiosk B-12']);

    // Gone for good (as the trash purge deletes it): its index entry goes with it, and a new lease that takes
    // the reference is found alone.
    expect((await client.delete(`/app/api/v1/leases/${short.id}`)).status).toBe(204);
    await ctx.db.deleteFrom('leases').where('id', '=', short.id).execute();
    await buildLease(client, { store_id: store.id, reference: 'QZX-1' });
    expect(await search('qzx')).toEqual(['QZX-1']);
  });

  it('answers the first letter typed into the search box at once, in a team whose stores are full of words with it', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    // 1,500 stores with forty words that start with "a" each (60,000 of the stores' words), a store without any,
    // 30,000 leases of that one and ten of the others.
    const words = Array.from({ length: 40 }, (_, w) => `a${String.fromCharCode(97 + (w % 26))}${w}`).join(
      ' ',
    );
    const stores = await insertStores(ctx, team.id, [
      ...Array.from({ length: 1_500 }, (_, i) => `${words} ${i}`),
      'Zed Zone',
    ]);
    const zed = stores.at(-1)!.id;
    await insertLeases(
      Array.from({ length: 30_010 }, (_, i) => ({
        team_id: team.id,
        store_id: i < 30_000 ? zed : stores[i - 30_000]!.id,
        reference: `R-${i}`,
        status: 'active',
      })),
    );
    await bumpTeamWriteVersion(ctx.db, team.id);
    const started = performance.now();
    const response = await client.get('/app/api/v1/leases?search=a&per_page=25');
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    expect(response.body.meta.total).toBe(10);
    expect(new Set(response.body.data.map((lease: { reference: string }) => lease.reference))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `R-${30_000 + i}`)),
    );
    // PostgreSQL once tested each of the 30,000 leases against all 60,000 words' stores one by one: seconds.
    expect(ms).toBeLessThan(1_500);
  });

  it('finds the few leases of a word that half the team’s stores hold, and the lease whose reference holds it', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    // 25,000 stores named with "wombat" (as many as PostgreSQL counts before it picks the matches out of the
    // list's order instead), thirty of them with a lease, and a lease of a store without it whose reference has it.
    const stores = await insertStores(ctx, team.id, [
      ...Array.from({ length: 25_000 }, (_, i) => `Wombat ${i}`),
      'Quokka Corner',
    ]);
    const quokka = stores.at(-1)!.id;
    const expiry = (i: number) => `20${30 + (i % 7)}-0${1 + (i % 9)}-1${i % 10}`;
    await insertLeases([
      ...Array.from({ length: 30 }, (_, i) => ({
        team_id: team.id,
        store_id: stores[i * 800]!.id,
        reference: `W-${i}`,
        status: i % 3 === 0 ? 'draft' : 'active',
        expiration_date: expiry(i),
      })),
      {
        team_id: team.id,
        store_id: quokka,
        reference: 'WOMBAT-ROOM',
        status: 'active',
        expiration_date: '2031-05-05',
      },
      {
        team_id: team.id,
        store_id: quokka,
        reference: 'Q-1',
        status: 'active',
        expiration_date: '2031-05-06',
      },
    ]);
    await bumpTeamWriteVersion(ctx.db, team.id);
    const expected = [
      ...Array.from({ length: 30 }, (_, i) => ({
        reference: `W-${i}`,
        expiry: expiry(i),
        draft: i % 3 === 0,
      })),
      { reference: 'WOMBAT-ROOM', expiry: '2031-05-05', draft: false },
    ].sort((a, b) => a.expiry.localeCompare(b.expiry) || a.reference.localeCompare(b.reference));
    const inOrder = (rows: Array<{ reference: string }>) => rows.map((row) => row.reference);

    const first = await client.get('/app/api/v1/leases?search=wombat&per_page=25&sort=expiration_date');
    expect(first.status).toBe(200);
    expect(first.body.meta.total).toBe(31);
    const all = [
      ...first.body.data,
      ...(await client.get('/app/api/v1/leases?search=wombat&per_page=25&page=2&sort=expiration_date')).body
        .data,
    ];
    expect(new Set(inOrder(all))).toEqual(new Set(inOrder(expected)));
    // Ties on the date are ordered by id, which here is the order the references were written in: compare dates.
    expect(all.map((lease: { expiration_date: string }) => lease.expiration_date)).toEqual(
      expected.map((row) => row.expiry),
    );

    const drafts = await client.get('/app/api/v1/leases?search=wombat&filters[status]=draft&per_page=100');
    expect(drafts.body.meta.total).toBe(10);
    expect(new Set(inOrder(drafts.body.data))).toEqual(new Set(inOrder(expected.filter((row) => row.draft))));
  });

  it('pages a search of more leases than it orders at once with every match counted, in either direction and with a filter', async () => {
    const { user, team } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const store = await buildStore(client, { name: 'Bilby Books' });
    const other = await buildStore(client, { name: 'Other Place' });
    // 25,001 leases of the matching store, one in four a draft, their expiry dates spread over the years with
    // ties (the id orders those): more than PostgreSQL orders in one statement, or SQLite reads by key.
    const count = 25_001;
    const expiry = (i: number) =>
      new Date(Date.UTC(2030, 0, 1 + ((i * 7919) % 3650))).toISOString().slice(0, 10);
    await insertLeases(
      Array.from({ length: count }, (_, i) => ({
        team_id: team.id,
        store_id: store.id,
        reference: `BB-${i}`,
        status: i % 4 === 0 ? 'draft' : 'active',
        expiration_date: expiry(i),
      })),
    );
    await bumpTeamWriteVersion(ctx.db, team.id);
    const rows = await ctx.db
      .selectFrom('leases')
      .select(['id', 'reference', 'status', 'expiration_date'])
      .where('team_id', '=', team.id)
      .execute();
    const inOrder = (status: string | null, direction: 1 | -1) =>
      rows
        .filter((row) => status === null || row.status === status)
        .sort(
          (a, b) =>
            direction *
            (String(a.expiration_date).localeCompare(String(b.expiration_date)) ||
              Number(a.id) - Number(b.id)),
        )
        .map((row) => row.reference);
    const page = async (query: string, term = 'bilby') => {
      const response = await client.get(`/app/api/v1/leases?search=${term}&${query}`);
      expect(response.status).toBe(200);
      return {
        total: response.body.meta.total as number,
        references: response.body.data.map((lease: { reference: string }) => lease.reference),
      };
    };
    const all = inOrder(null, 1);
    expect(await page('per_page=25')).toEqual({ total: count, references: all.slice(0, 25) });
    expect(await page('per_page=25&page=2')).toEqual({ total: count, references: all.slice(25, 50) });
    expect(await page('per_page=25&page=1001')).toEqual({ total: count, references: all.slice(25_000) });
    expect(await page('per_page=25&direction=desc')).toEqual({
      total: count,
      references: inOrder(null, -1).slice(0, 25),
    });
    // Fewer than that (the references that start BB-1: 11,111), ordered in one statement, either way.
    const ones = inOrder(null, -1).filter((reference) => reference!.startsWith('BB-1'));
    expect(await page('per_page=25&page=2&direction=desc', 'bb-1')).toEqual({
      total: 11_111,
      references: ones.slice(25, 50),
    });
    const drafts = inOrder('draft', 1);
    expect(drafts.length).toBe(6_251);
    expect(await page('per_page=25&filters[status]=draft')).toEqual({
      total: drafts.length,
      references: drafts.slice(0, 25),
    });

    // Sorted by a team's own field, whose order is not kept: the pages walk, and the total is still every match.
    const floor = await client.post('/app/api/v1/attributes', {
      subject_type: 'leases',
      label: 'Floor',
      type: 'number',
    });
    expect(floor.status, JSON.stringify(floor.body)).toBe(201);
    const [first, second] = [
      await page(`per_page=25&sort=attr.${floor.body.data.key}`),
      await page(`per_page=25&page=2&sort=attr.${floor.body.data.key}`),
    ];
    expect([first.total, second.total]).toEqual([count, count]);
    expect(new Set([...first.references, ...second.references]).size).toBe(50);
    expect(first.references.every((reference: string) => reference.startsWith('BB-'))).toBe(true);

    // A lease of the other store found by its reference alone, beside the leases found by their store (SQLite
    // picks the two parts out of the list's order): first of all, as it expires before any of them.
    await buildLease(client, { store_id: other.id, reference: 'Bilby annex', expiration_date: '2029-12-31' });
    for (const query of ['per_page=25', 'per_page=25&page=2'])
      expect(await page(query)).toEqual({
        total: count + 1,
        references: ['Bilby annex', ...all].slice(query.endsWith('2') ? 25 : 0).slice(0, 25),
      });
  });
});
