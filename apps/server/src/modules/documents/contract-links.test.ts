import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { useTestApp } from '../../../test/context';
import {
  buildAgreement,
  buildBrand,
  buildLease,
  buildStore,
  postFile,
  teamWithRoles,
  uploadDocument,
} from '../../../test/factories';

const ctx = useTestApp();

async function contracts(admin: TestClient) {
  const store = await buildStore(admin, { name: 'Harbor Point' });
  const brand = await buildBrand(admin, { name: 'Harbor Bagels' });
  const lease = await buildLease(admin, { store_id: store.id, reference: 'HP-7', status: 'active' });
  const agreement = await buildAgreement(admin, {
    brand_id: brand.id,
    store_ids: [store.id],
    agreement_number: 'FA-77',
  });
  return { store, lease, agreement };
}

describe('documents of leases and franchise agreements', () => {
  it('uploads straight into a lease, links an existing document to an agreement, lists and unlinks them', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { lease, agreement } = await contracts(admin);

    const created = await postFile(
      admin,
      `/app/api/v1/leases/${lease.id}/documents`,
      { name: 'HP-7 first amendment.txt', content: 'First amendment to the lease' },
      { category: 'lease' },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.links).toEqual([
      { type: 'leases', id: lease.id, name: 'Lease HP-7 — Harbor Point' },
    ]);
    const leaseDocs = await observer.get(`/app/api/v1/leases/${lease.id}/documents`);
    expect(leaseDocs.body.data.map((d: { id: number }) => d.id)).toEqual([created.body.data.id]);

    const linked = await admin.post(`/app/api/v1/documents/${created.body.data.id}/links`, {
      type: 'agreements',
      id: agreement.id,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.links.map((l: { type: string; name: string }) => [l.type, l.name])).toEqual([
      ['leases', 'Lease HP-7 — Harbor Point'],
      ['agreements', 'Agreement FA-77 — Harbor Bagels'],
    ]);
    expect(
      (
        await admin.get(
          `/app/api/v1/documents?filters[linked_type]=agreements&filters[linked_id]=${agreement.id}`,
        )
      ).body.meta.total,
    ).toBe(1);
    expect((await admin.get(`/app/api/v1/agreements/${agreement.id}/documents`)).body.meta.total).toBe(1);

    expect(
      (
        await admin.request('DELETE', `/app/api/v1/documents/${created.body.data.id}/links`, {
          type: 'leases',
          id: lease.id,
        })
      ).status,
    ).toBe(200);
    expect((await admin.get(`/app/api/v1/leases/${lease.id}/documents`)).body.meta.total).toBe(0);
    expect(
      (await postFile(observer, `/app/api/v1/leases/${lease.id}/documents`, { name: 'x.txt', content: 'no' }))
        .status,
    ).toBe(403);
  });

  it('answers 404 for another team’s lease or agreement, and refuses links to them', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { lease, agreement } = await contracts(admin);
    const stranger = (await teamWithRoles(ctx)).admin;
    const mine = await uploadDocument(stranger, { name: 'mine.txt', content: 'my own file' });

    expect((await stranger.get(`/app/api/v1/leases/${lease.id}/documents`)).status).toBe(404);
    expect((await stranger.get(`/app/api/v1/agreements/${agreement.id}/documents`)).status).toBe(404);
    expect(
      (
        await postFile(stranger, `/app/api/v1/leases/${lease.id}/documents`, {
          name: 'sneak.txt',
          content: 'sneak',
        })
      ).status,
    ).toBe(404);
    const refused = await stranger.post(`/app/api/v1/documents/${mine.id}/links`, {
      type: 'leases',
      id: lease.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.id).toEqual(['The selected record is invalid.']);
    expect(
      (await stranger.post(`/app/api/v1/documents/${mine.id}/links`, { type: 'planets', id: 1 })).status,
    ).toBe(422);

    // A deleted lease takes its tab with it.
    expect((await admin.delete(`/app/api/v1/leases/${lease.id}`)).status).toBe(204);
    expect((await admin.get(`/app/api/v1/leases/${lease.id}/documents`)).status).toBe(404);
  });
});
