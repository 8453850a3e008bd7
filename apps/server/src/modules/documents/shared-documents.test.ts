import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  createVia,
  postFile,
  signIn,
  uploadDocument,
} from '../../../test/factories';

const ctx = useTestApp();

/**
 * A franchisor's team with two franchisee companies, each operating a store with a lease and an agreement, and
 * a manager limited to each franchisee.
 */
async function franchiseTeam() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  const franchisees = [];
  for (const name of ['North', 'South']) {
    const company = await buildCompany(owner, { name: `${name} Franchise LLC`, kind: 'franchisee' });
    const store = await buildStore(owner, { name: `${name} Store`, company_id: company.id });
    const lease = await buildLease(owner, { store_id: store.id, reference: `${name}-L1` });
    const agreement = await buildAgreement(owner, { franchisee_id: company.id, store_ids: [store.id] });
    const member = await buildMember(ctx, team.id, 'manager');
    const scoped = await owner.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [company.id],
    });
    expect(scoped.status).toBe(200);
    franchisees.push({ company, store, lease, agreement, client: await signIn(ctx, member.email) });
  }
  return { team, owner, north: franchisees[0]!, south: franchisees[1]! };
}

const upload = (
  client: TestClient,
  to: { type: 'companies' | 'stores' | 'leases' | 'agreements' | 'contacts'; id: number },
  title: string,
  shared?: boolean,
) =>
  uploadDocument(client, {
    to,
    name: `${title}.txt`,
    content: `${title} text`,
    fields: { title, ...(shared === undefined ? {} : { shared: String(shared) }) },
  });

const titles = async (client: TestClient, url: string) => {
  const response = await client.get(url);
  expect([url, response.status]).toEqual([url, 200]);
  return {
    titles: (response.body.data as Array<{ title: string }>).map((d) => d.title).sort(),
    total: response.body.meta.total as number,
  };
};

describe('documents shared with franchisees', () => {
  it('are off by default; a manager shares one on upload or on the document, and each change is audited', async () => {
    const { owner, north } = await franchiseTeam();
    const plain = await upload(owner, { type: 'leases', id: north.lease.id }, 'Plain');
    expect(plain.shared).toBe(false);
    const onUpload = await upload(owner, { type: 'leases', id: north.lease.id }, 'On upload', true);
    expect(onUpload.shared).toBe(true);

    const shared = await owner.patch(`/app/api/v1/documents/${plain.id}`, { shared: true });
    expect(shared.status).toBe(200);
    expect(shared.body.data.shared).toBe(true);
    // Sending the same value again changes nothing and logs nothing.
    expect((await owner.patch(`/app/api/v1/documents/${plain.id}`, { shared: true })).status).toBe(200);
    const unshared = await owner.patch(`/app/api/v1/documents/${plain.id}`, { shared: false });
    expect(unshared.body.data.shared).toBe(false);
    // Another field's edit leaves the flag as it was.
    const renamed = await owner.patch(`/app/api/v1/documents/${onUpload.id}`, { title: 'Renamed' });
    expect(renamed.body.data.shared).toBe(true);

    const log = await owner.get(
      `/app/api/v1/activities?filters[subject_type]=document&filters[subject_id]=${plain.id}`,
    );
    expect(log.status).toBe(200);
    const actions = (log.body.data as Array<{ action: string; changes: unknown }>).map((a) => [
      a.action,
      a.changes,
    ]);
    // Newest first.
    expect(actions.filter(([action]) => action !== 'uploaded')).toEqual([
      ['unshared', { shared: [true, false] }],
      ['shared', { shared: [false, true] }],
    ]);

    const bad = await owner.patch(`/app/api/v1/documents/${plain.id}`, { shared: 'yes' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['shared']);
    const badUpload = await postFile(
      owner,
      `/app/api/v1/leases/${north.lease.id}/documents`,
      { name: 'odd.txt', content: 'odd' },
      { shared: 'yes' },
    );
    expect(badUpload.status).toBe(422);
    expect(badUpload.body.errors).toEqual({ shared: ['The shared field must be true or false.'] });
  });

  it('a franchisee sees the shared documents of their records only: not unshared ones, not another franchisee’s', async () => {
    const { owner, north, south } = await franchiseTeam();
    const contact = await createVia(owner, 'contacts', { first_name: 'Lena', last_name: 'Landlord' });
    const storeDoc = await upload(owner, { type: 'stores', id: north.store.id }, 'North store plan', true);
    const leaseDoc = await upload(owner, { type: 'leases', id: north.lease.id }, 'North lease', true);
    await upload(owner, { type: 'agreements', id: north.agreement.id }, 'North agreement', true);
    await upload(owner, { type: 'companies', id: north.company.id }, 'North insurance', true);
    const hidden = await upload(owner, { type: 'leases', id: north.lease.id }, 'North draft');
    const southDoc = await upload(owner, { type: 'leases', id: south.lease.id }, 'South lease', true);
    const contactDoc = await upload(owner, { type: 'contacts', id: contact.id }, 'Landlord letter', true);
    // Linked to their store and to a contact of the franchisor's: shown, naming only their store.
    const linked = await owner.post(`/app/api/v1/documents/${storeDoc.id}/links`, {
      type: 'contacts',
      id: contact.id,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.links).toHaveLength(2);

    expect(await titles(north.client, '/app/api/v1/documents')).toEqual({
      titles: ['North agreement', 'North insurance', 'North lease', 'North store plan'],
      total: 4,
    });
    expect(await titles(south.client, '/app/api/v1/documents')).toEqual({
      titles: ['South lease'],
      total: 1,
    });
    // Their search box and paging stay within what they see.
    expect(await titles(north.client, '/app/api/v1/documents?search=lease')).toEqual({
      titles: ['North lease'],
      total: 1,
    });
    const paged = await north.client.get('/app/api/v1/documents?per_page=2&page=2&sort=title');
    expect(paged.body.data.map((d: { title: string }) => d.title)).toEqual([
      'North lease',
      'North store plan',
    ]);
    expect(paged.body.meta).toMatchObject({ total: 4, last_page: 2 });

    // The documents sections of their store, lease and agreement pages.
    expect(await titles(north.client, `/app/api/v1/leases/${north.lease.id}/documents`)).toEqual({
      titles: ['North lease'],
      total: 1,
    });
    expect((await titles(north.client, `/app/api/v1/stores/${north.store.id}/documents`)).titles).toEqual([
      'North store plan',
    ]);
    expect(
      (await titles(north.client, `/app/api/v1/agreements/${north.agreement.id}/documents`)).titles,
    ).toEqual(['North agreement']);
    // Another franchisee's record's section is as if it did not exist; companies' and contacts' are refused.
    for (const url of [
      `/app/api/v1/leases/${south.lease.id}/documents`,
      `/app/api/v1/stores/${south.store.id}/documents`,
      `/app/api/v1/agreements/${south.agreement.id}/documents`,
    ])
      expect([url, (await north.client.get(url)).status]).toEqual([url, 404]);
    for (const url of [
      `/app/api/v1/companies/${north.company.id}/documents`,
      `/app/api/v1/contacts/${contact.id}/documents`,
    ])
      expect([url, (await north.client.get(url)).status]).toEqual([url, 403]);

    // The document page with its signed link, which downloads the file; the franchisor's staff are not named.
    const page = await north.client.get(`/app/api/v1/documents/${storeDoc.id}`);
    expect(page.status).toBe(200);
    expect(page.body.data.links).toEqual([{ type: 'stores', id: north.store.id, name: 'North Store' }]);
    expect(page.body.data.uploaded_by).toBeNull();
    expect(page.body.data.current_version.uploaded_by).toBeNull();
    expect(page.body.data.abilities).toEqual({ update: false, delete: false, restore: false });
    const file = await ctx.app.inject({ method: 'GET', url: page.body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('North store plan text');
    const lease = await north.client.get(`/app/api/v1/documents/${leaseDoc.id}`);
    expect(lease.status).toBe(200);

    // Unshared, another franchisee's, or about the franchisor's contact: 404, as another team's would be.
    for (const id of [hidden.id, southDoc.id, contactDoc.id])
      expect([id, (await north.client.get(`/app/api/v1/documents/${id}`)).status]).toEqual([id, 404]);

    // Unsharing takes it away at once.
    expect((await owner.patch(`/app/api/v1/documents/${leaseDoc.id}`, { shared: false })).status).toBe(200);
    expect((await north.client.get(`/app/api/v1/documents/${leaseDoc.id}`)).status).toBe(404);
    expect((await titles(north.client, '/app/api/v1/documents')).total).toBe(3);
  });

  it('a franchisee changes nothing about a shared document and reads none of its versions', async () => {
    const { owner, north } = await franchiseTeam();
    const doc = await upload(owner, { type: 'leases', id: north.lease.id }, 'North lease', true);
    const base = `/app/api/v1/documents/${doc.id}`;
    const refused = [
      await north.client.patch(base, { title: 'Mine' }),
      await north.client.patch(base, { shared: false }),
      await north.client.delete(base),
      await north.client.get(`${base}/versions`),
      await north.client.post(`${base}/links`, { type: 'stores', id: north.store.id }),
      await north.client.get('/app/api/v1/documents/export'),
      await north.client.get('/app/api/v1/document-categories'),
    ].map((r) => r.status);
    expect(refused).toEqual([403, 403, 403, 403, 403, 403, 403]);
    const uploaded = await north.client.post(`/app/api/v1/leases/${north.lease.id}/documents`, {});
    expect(uploaded.status).toBe(403);
    expect((await owner.get(base)).body.data).toMatchObject({ title: 'North lease', shared: true });
  });
});
