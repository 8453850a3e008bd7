import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

describe('companies, brands, stores and contacts', () => {
  it('creates, reads, updates, deletes and restores each type, with related names', async () => {
    const { admin } = await teamWithRoles(ctx);
    const company = await createVia(admin, 'companies', {
      name: 'Acme Franchising',
      kind: 'franchisor',
      email: 'HQ@Acme.test',
      city: 'Austin',
      region: 'TX',
    });
    expect(company).toMatchObject({
      name: 'Acme Franchising',
      kind: 'franchisor',
      email: 'hq@acme.test',
      image: null,
      abilities: { update: true, delete: true },
    });
    const brand = await createVia(admin, 'brands', { name: 'Acme Burgers', company_id: company.id });
    expect(brand.company).toEqual({ id: company.id, name: 'Acme Franchising' });
    const manager = await createVia(admin, 'contacts', {
      first_name: 'Mia',
      last_name: 'Manager',
      company_id: company.id,
      phone: '512-555-0100',
    });
    expect(manager.display_name).toBe('Mia Manager');
    const store = await createVia(admin, 'stores', {
      name: 'Acme Burgers Downtown',
      store_number: 'AB-001',
      brand_id: brand.id,
      company_id: company.id,
      status: 'open',
      opening_date: '2024-03-01',
      manager_id: manager.id,
      latitude: 30.27,
      longitude: -97.74,
      square_feet: 2400,
    });
    expect(store).toMatchObject({
      brand: { id: brand.id, name: 'Acme Burgers' },
      manager: { id: manager.id, name: 'Mia Manager' },
      status: 'open',
      latitude: 30.27,
    });

    const detail = await admin.get(`/app/api/v1/companies/${company.id}`);
    expect(detail.body.data.counts).toEqual({ brands: 1, stores: 1, contacts: 1 });

    const patched = await admin.patch(`/app/api/v1/stores/${store.id}`, { status: 'temporarily_closed' });
    expect(patched.status).toBe(200);
    // Only the sent field changes; the rest (number, brand, dates) stays.
    expect(patched.body.data).toMatchObject({
      status: 'temporarily_closed',
      store_number: 'AB-001',
      opening_date: '2024-03-01',
      brand: { id: brand.id },
    });

    expect((await admin.delete(`/app/api/v1/stores/${store.id}`)).status).toBe(204);
    expect((await admin.get(`/app/api/v1/stores/${store.id}`)).status).toBe(404);
    expect((await admin.get('/app/api/v1/stores')).body.meta.total).toBe(0);
    const restored = await admin.post(`/app/api/v1/stores/${store.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await admin.get('/app/api/v1/stores')).body.data.map((s: { id: number }) => s.id)).toEqual([
      store.id,
    ]);
    expect((await admin.post(`/app/api/v1/stores/${store.id}/restore`)).status).toBe(409);
  });

  it('completes a website typed without its scheme, for companies and brands alike', async () => {
    const { admin } = await teamWithRoles(ctx);
    const company = await createVia(admin, 'companies', {
      name: 'Harbor Holdings',
      kind: 'franchisor',
      website: ' example.com ',
    });
    expect(company.website).toBe('https://example.com');
    const brand = await createVia(admin, 'brands', {
      name: 'Harbor Grill',
      company_id: company.id,
      website: 'www.harbor.test/menu',
    });
    expect(brand.website).toBe('https://www.harbor.test/menu');
    const kept = await admin.patch(`/app/api/v1/brands/${brand.id}`, {
      name: 'Harbor Grill',
      website: 'http://harbor.test',
    });
    expect(kept.body.data.website).toBe('http://harbor.test');
    const bad = await admin.patch(`/app/api/v1/brands/${brand.id}`, {
      name: 'Harbor Grill',
      website: 'ftp://harbor.test',
    });
    expect(bad.body.errors).toEqual({ website: ['The website must be a valid URL.'] });
  });

  it('answers 422 with the spec rule messages per field', async () => {
    const { admin } = await teamWithRoles(ctx);
    const company = await admin.post('/app/api/v1/companies', {
      name: ' ',
      kind: 'pirate',
      email: 'nope',
      website: 'not a url',
    });
    expect(company.status).toBe(422);
    expect(company.body.errors).toEqual({
      name: ['The name field is required.'],
      kind: ['The selected kind is invalid.'],
      email: ['The email must be a valid email address.'],
      website: ['The website must be a valid URL.'],
    });
    const store = await admin.post('/app/api/v1/stores', {
      name: 'X',
      store_number: 'A B!',
      opening_date: '2025-05-01',
      closing_date: '2025-04-01',
      latitude: 123,
    });
    expect(store.body.errors.store_number).toEqual([
      'The store number may only contain letters and numbers.',
    ]);
    expect(store.body.errors.latitude).toEqual(['The latitude may not be greater than 90.']);
    const dates = await admin.post('/app/api/v1/stores', {
      name: 'X',
      opening_date: '2025-05-01',
      closing_date: '2025-04-01',
    });
    expect(dates.body.errors).toEqual({
      closing_date: ['The closing date must be a date after opening date.'],
    });
    const contact = await admin.post('/app/api/v1/contacts', { job_title: 'Nobody' });
    expect(contact.body.errors.first_name).toEqual([
      'The first name field is required unless last name or email is present.',
    ]);
  });

  it('checks cross-field rules against the stored record on update', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await createVia(admin, 'stores', { name: 'Dated', opening_date: '2025-05-01' });
    const response = await admin.patch(`/app/api/v1/stores/${store.id}`, { closing_date: '2025-01-01' });
    expect(response.status).toBe(422);
    expect(response.body.errors.closing_date).toBeDefined();
  });

  it('keeps store numbers unique within a team, but not across teams', async () => {
    const { admin } = await teamWithRoles(ctx);
    const other = await teamWithRoles(ctx);
    await createVia(admin, 'stores', { name: 'One', store_number: '100' });
    const dup = await admin.post('/app/api/v1/stores', { name: 'Two', store_number: '100' });
    expect(dup.body.errors.store_number).toEqual(['The store number has already been taken.']);
    expect(
      (await other.admin.post('/app/api/v1/stores', { name: 'Elsewhere', store_number: '100' })).status,
    ).toBe(201);

    // Two creates with one new number at the same moment: one store, and the other told (never a 500).
    const racing = await Promise.all(
      ['Three', 'Four'].map((name) => admin.post('/app/api/v1/stores', { name, store_number: '200' })),
    );
    const [won, lost] = racing.map((r) => r.status).sort();
    expect(won).toBe(201);
    // 422 when the second checked after the first committed; 409 "try again" when both checked first.
    expect([409, 422]).toContain(lost);
    expect(
      await ctx.db.selectFrom('stores').select('name').where('store_number', '=', '200').execute(),
    ).toHaveLength(1);
  });

  it('refuses references to another team’s records as invalid', async () => {
    const { admin } = await teamWithRoles(ctx);
    const other = await teamWithRoles(ctx);
    const foreign = await createVia(other.admin, 'companies', { name: 'Not yours' });
    const response = await admin.post('/app/api/v1/brands', { name: 'Sneaky', company_id: foreign.id });
    expect(response.status).toBe(422);
    expect(response.body.errors.company_id).toEqual(['The selected company is invalid.']);
  });
});

describe('roles and tenancy', () => {
  it('lets observers read but not write', async () => {
    const { admin, observer, manager } = await teamWithRoles(ctx);
    const company = await createVia(admin, 'companies', { name: 'Readable' });
    expect((await observer.get(`/app/api/v1/companies/${company.id}`)).body.data.abilities).toEqual({
      update: false,
      delete: false,
      restore: false,
    });
    expect((await observer.post('/app/api/v1/companies', { name: 'No' })).status).toBe(403);
    expect((await observer.patch(`/app/api/v1/companies/${company.id}`, { name: 'No' })).status).toBe(403);
    expect((await observer.delete(`/app/api/v1/companies/${company.id}`)).status).toBe(403);
    expect((await observer.post(`/app/api/v1/companies/${company.id}/notes`, { body: 'No' })).status).toBe(
      403,
    );
    expect((await manager.patch(`/app/api/v1/companies/${company.id}`, { name: 'Yes' })).status).toBe(200);
  });

  it('answers 404 to another team on every record route', async () => {
    const { admin } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    for (const type of ['companies', 'brands', 'stores', 'contacts'] as const) {
      const record = await createVia(
        admin,
        type,
        type === 'contacts' ? { first_name: 'Private' } : { name: 'Private' },
      );
      const base = `/app/api/v1/${type}/${record.id}`;
      const attempts: Array<[string, string, unknown?]> = [
        ['GET', base],
        ['PATCH', base, { name: 'Mine' }],
        ['DELETE', base],
        ['POST', `${base}/restore`],
        ['GET', `${base}/notes`],
        ['POST', `${base}/notes`, { body: 'hi' }],
        ['DELETE', `${base}/image`],
        ['GET', `${base}/activities`],
      ];
      for (const [method, url, body] of attempts) {
        expect((await stranger.request(method as 'GET', url, body)).status, `${method} ${url}`).toBe(404);
      }
      const list = await stranger.get(`/app/api/v1/${type}`);
      expect(list.body.meta.total).toBe(0);
      const exported = await stranger.get(`/app/api/v1/${type}/export?format=csv`);
      expect(exported.body.trim().split('\n')).toHaveLength(1);
    }
  });
});
