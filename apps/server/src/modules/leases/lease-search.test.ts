import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildLease, buildStore, buildUser, signIn } from '../../../test/factories';

const ctx = useTestApp();

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
});
