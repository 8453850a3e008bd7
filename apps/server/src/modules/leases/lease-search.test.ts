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
});
