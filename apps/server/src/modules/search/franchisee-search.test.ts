import { describe, expect, it } from 'vitest';
import { searchResponseSchema } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  createVia,
  signIn,
  uploadDocument,
} from '../../../test/factories';
import { SEARCH_RESULTS } from '../../platform/search';
import { teamLru } from '../../platform/team-lru';

const ctx = useTestApp();

/**
 * A franchisor's team where every searchable kind of record holds the word "Kestrel": two franchisee companies
 * (North and South), each operating a store with a lease and an agreement and with documents shared with them
 * or not, and the franchisor's own company, store, brand, contact and document; a manager limited to each
 * franchisee.
 */
async function franchiseTeam() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  const brand = await buildBrand(owner, { name: 'Kestrel Burgers' });
  await buildCompany(owner, { name: 'Kestrel Holdings' });
  await buildStore(owner, { name: 'Kestrel Flagship' });
  await createVia(owner, 'contacts', { first_name: 'Kestrel', last_name: 'Contact' });
  await uploadDocument(owner, {
    name: 'plan.txt',
    content: 'plan',
    fields: { title: 'Kestrel Team Plan', shared: 'true' },
  });
  const franchisees = [];
  for (const name of ['North', 'South']) {
    const company = await buildCompany(owner, { name: `Kestrel ${name} Franchise`, kind: 'franchisee' });
    const store = await buildStore(owner, { name: `Kestrel ${name} Store`, company_id: company.id });
    await buildLease(owner, { store_id: store.id, reference: `${name}-L1` });
    await buildAgreement(owner, { franchisee_id: company.id, store_ids: [store.id], brand_id: brand.id });
    await createVia(owner, 'contacts', { first_name: 'Kestrel', last_name: name, company_id: company.id });
    const to = { type: 'stores' as const, id: store.id };
    await uploadDocument(owner, {
      to,
      name: 'm.txt',
      content: `${name} manual`,
      fields: { title: `Kestrel ${name} Manual`, shared: 'true' },
    });
    await uploadDocument(owner, {
      to,
      name: 'p.txt',
      content: `${name} private`,
      fields: { title: `Kestrel ${name} Private` },
    });
    const member = await buildMember(ctx, team.id, 'manager');
    const scoped = await owner.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [company.id],
    });
    expect(scoped.status).toBe(200);
    franchisees.push({ company, store, client: await signIn(ctx, member.email) });
  }
  return { team, owner, north: franchisees[0]!, south: franchisees[1]! };
}

/** Every hit as `type: title`, in the answer's order, after checking the answer against the contract. */
async function hits(client: TestClient, query: string) {
  const response = await client.get(`/app/api/v1/search?query=${encodeURIComponent(query)}`);
  expect([query, response.status]).toEqual([query, 200]);
  const body = searchResponseSchema.parse(response.body);
  return body.data.flatMap((group) => group.data.map((hit) => `${group.type}: ${hit.title}`)).sort();
}

const NORTH = [
  'companies: Kestrel North Franchise',
  'documents: Kestrel North Manual',
  'stores: Kestrel North Store',
];
const SOUTH = [
  'companies: Kestrel South Franchise',
  'documents: Kestrel South Manual',
  'stores: Kestrel South Store',
];

describe('the global search for a member limited to franchisee companies', () => {
  it('finds only their companies, their stores and the documents shared with them', async () => {
    const { north, south } = await franchiseTeam();
    expect(await hits(north.client, 'kestrel')).toEqual(NORTH);
    expect(await hits(south.client, 'KESTREL')).toEqual(SOUTH);
    // Words of the other franchisee's records, of the franchisor's and of records they never see: nothing.
    expect(await hits(north.client, 'kestrel south')).toEqual([]);
    expect(await hits(north.client, 'flagship')).toEqual([]);
    expect(await hits(north.client, 'burgers')).toEqual([]);
    expect(await hits(north.client, 'private')).toEqual([]);
    expect(await hits(north.client, 'holdings')).toEqual([]);
    expect(await hits(north.client, 'contact')).toEqual([]);
  });

  it('is never answered from the cache of a wider or another scope', async () => {
    const { owner, north, south, team } = await franchiseTeam();
    // The whole team first: its answer is cached for the team's write version.
    const all = await hits(owner, 'kestrel');
    expect(all).toEqual(
      expect.arrayContaining([...NORTH, ...SOUTH, 'brands: Kestrel Burgers', 'stores: Kestrel Flagship']),
    );
    expect(teamLru(ctx.app.deps.db, SEARCH_RESULTS).bytes(team.id)).toBeGreaterThan(0);
    // The same words, typed the same way, at the same version: each franchisee still gets only their own.
    for (let repeat = 0; repeat < 2; repeat++) {
      expect(await hits(north.client, 'kestrel')).toEqual(NORTH);
      expect(await hits(south.client, 'kestrel')).toEqual(SOUTH);
      expect(await hits(owner, 'kestrel')).toEqual(all);
    }

    // A document shared with North later shows for them at once (the write moves the version).
    const later = await uploadDocument(owner, {
      to: { type: 'stores', id: north.store.id },
      name: 'l.txt',
      content: 'later',
      fields: { title: 'Kestrel North Later' },
    });
    expect(await hits(north.client, 'kestrel')).toEqual(NORTH);
    expect((await owner.patch(`/app/api/v1/documents/${later.id}`, { shared: true })).status).toBe(200);
    expect(await hits(north.client, 'kestrel')).toEqual([...NORTH, 'documents: Kestrel North Later'].sort());
    expect(await hits(south.client, 'kestrel')).toEqual(SOUTH);
  });

  it('finds their few records among many of the team that match the same word', async () => {
    const { owner, north } = await franchiseTeam();
    // More of the franchisor's stores than the search ranks (its 50 candidates): North's must still be found.
    for (let i = 0; i < 55; i++) await buildStore(owner, { name: `Kestrel Outlet ${i}` });
    expect(await hits(north.client, 'kestrel')).toEqual(NORTH);
    expect(await hits(north.client, 'kestrel store')).toEqual(['stores: Kestrel North Store']);
  });

  it('shows another team nothing of this team', async () => {
    await franchiseTeam();
    const other = await buildUser(ctx);
    const client = await signIn(ctx, other.user.email);
    expect(await hits(client, 'kestrel')).toEqual([]);
    await buildStore(client, { name: 'Kestrel Elsewhere' });
    expect(await hits(client, 'kestrel')).toEqual(['stores: Kestrel Elsewhere']);
  });
});
