import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import { buildUser, createVia, signIn, teamWithRoles, uploadDocument } from '../../../test/factories';
import { purgeTrash } from '../trash/service';

const ctx = useTestApp();

async function define(client: TestClient, body: Record<string, unknown>) {
  const response = await client.post('/app/api/v1/attributes', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

const names = (response: { body: { data: Array<{ name: string }> } }) =>
  response.body.data.map((r) => r.name);

describe('attribute definitions', () => {
  it('admins add, edit, reorder, archive and unarchive them; every member reads them', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const tier = await define(admin, {
      subject_type: 'stores',
      label: 'Loyalty tier',
      type: 'select',
      options: ['Gold', 'Silver'],
    });
    expect(tier).toMatchObject({
      key: 'loyalty_tier',
      label: 'Loyalty tier',
      type: 'select',
      required: false,
      options: ['Gold', 'Silver'],
      position: 1,
      archived_at: null,
    });
    const seats = await define(admin, {
      subject_type: 'stores',
      label: 'Seats',
      key: 'seat_count',
      type: 'number',
      required: true,
    });
    expect(seats).toMatchObject({ key: 'seat_count', position: 2, required: true });

    const edited = await admin.patch(`/app/api/v1/attributes/${tier.id}`, {
      label: 'Tier',
      options: ['Gold', 'Silver', 'Bronze'],
    });
    expect(edited.body.data).toMatchObject({
      label: 'Tier',
      key: 'loyalty_tier',
      options: ['Gold', 'Silver', 'Bronze'],
    });

    const reordered = await admin.post('/app/api/v1/attributes/reorder', {
      subject_type: 'stores',
      ids: [seats.id, tier.id],
    });
    expect(reordered.body.data.map((a: { key: string }) => a.key)).toEqual(['seat_count', 'loyalty_tier']);

    for (const member of [manager, observer]) {
      const list = await member.get('/app/api/v1/attributes?subject_type=stores');
      expect(list.status).toBe(200);
      expect(list.body.data.map((a: { key: string }) => a.key)).toEqual(['seat_count', 'loyalty_tier']);
      expect(
        (await member.post('/app/api/v1/attributes', { subject_type: 'stores', label: 'X', type: 'text' }))
          .status,
      ).toBe(403);
      expect((await member.patch(`/app/api/v1/attributes/${tier.id}`, { label: 'X' })).status).toBe(403);
      expect((await member.post(`/app/api/v1/attributes/${tier.id}/archive`)).status).toBe(403);
      expect(
        (await member.post('/app/api/v1/attributes/reorder', { subject_type: 'stores', ids: [tier.id] }))
          .status,
      ).toBe(403);
    }

    expect(
      (await admin.post(`/app/api/v1/attributes/${tier.id}/archive`)).body.data.archived_at,
    ).not.toBeNull();
    expect(
      (await admin.get('/app/api/v1/attributes?subject_type=stores')).body.data.map(
        (a: { key: string }) => a.key,
      ),
    ).toEqual(['seat_count']);
    expect((await admin.get('/app/api/v1/attributes?subject_type=stores&archived=1')).body.data).toHaveLength(
      2,
    );
    expect(
      (await admin.post(`/app/api/v1/attributes/${tier.id}/unarchive`)).body.data.archived_at,
    ).toBeNull();

    const audit = await admin.get('/app/api/v1/activities?per_page=50');
    const actions = audit.body.data
      .filter((a: { subject_type: string }) => a.subject_type === 'attribute')
      .map((a: { action: string }) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['created', 'updated', 'reordered', 'archived', 'unarchived']),
    );
  });

  it('answers 422 per field for bad definitions and duplicate keys', async () => {
    const { admin } = await teamWithRoles(ctx);
    const bad = await admin.post('/app/api/v1/attributes', {
      subject_type: 'planets',
      label: ' ',
      type: 'colour',
      key: '9 lives',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['key', 'label', 'subject_type', 'type']);
    const select = await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Tier',
      type: 'select',
      options: [],
    });
    expect(select.body.errors.options).toEqual(['The options field is required for a select.']);
    await define(admin, { subject_type: 'stores', label: 'Region code', type: 'text' });
    const duplicate = await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Region  code!',
      type: 'text',
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.label).toEqual([
      'An attribute with this key already exists for this record type.',
    ]);
    // The same key on another record type is another attribute.
    await define(admin, { subject_type: 'companies', label: 'Region code', type: 'text' });
  });

  it('keeps another team out (404) and its definitions invisible', async () => {
    const { admin } = await teamWithRoles(ctx);
    const tier = await define(admin, { subject_type: 'stores', label: 'Tier', type: 'text' });
    const { user } = await buildUser(ctx);
    const stranger = await signIn(ctx, user.email);
    expect((await stranger.patch(`/app/api/v1/attributes/${tier.id}`, { label: 'Mine' })).status).toBe(404);
    expect((await stranger.post(`/app/api/v1/attributes/${tier.id}/archive`)).status).toBe(404);
    expect(
      (await stranger.post('/app/api/v1/attributes/reorder', { subject_type: 'stores', ids: [tier.id] }))
        .status,
    ).toBe(422);
    expect((await stranger.get('/app/api/v1/attributes')).body.data).toEqual([]);
    // Nor can the stranger write values of it on their own stores.
    const store = await stranger.post('/app/api/v1/stores', { name: 'Mine', attributes: { tier: 'x' } });
    expect(store.status).toBe(422);
    expect(store.body.errors['attributes.tier']).toEqual(['The selected attribute is invalid.']);
  });
});

describe('attribute values on records', () => {
  it('validates, stores, returns and audits values; required ones are enforced on create', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, { subject_type: 'stores', label: 'Seats', type: 'number', required: true });
    await define(admin, {
      subject_type: 'stores',
      label: 'Tier',
      type: 'select',
      options: ['Gold', 'Silver'],
    });
    await define(admin, {
      subject_type: 'stores',
      label: 'Services',
      type: 'multi_select',
      options: ['Drive-thru', 'Delivery', 'Catering'],
    });
    await define(admin, { subject_type: 'stores', label: 'Remodel due', type: 'date' });
    await define(admin, { subject_type: 'stores', label: 'Marketing budget', type: 'money' });
    await define(admin, { subject_type: 'stores', label: 'Patio', type: 'boolean' });
    await define(admin, { subject_type: 'stores', label: 'Menu page', type: 'url' });
    await define(admin, { subject_type: 'stores', label: 'Ops inbox', type: 'email' });
    await define(admin, { subject_type: 'stores', label: 'Notes', type: 'long_text' });

    const missing = await admin.post('/app/api/v1/stores', { name: 'No seats' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'attributes.seats': ['The seats field is required.'] });

    const invalid = await admin.post('/app/api/v1/stores', {
      name: 'Bad',
      opening_date: '2025-05-01',
      closing_date: '2025-04-01',
      attributes: {
        seats: 'many',
        tier: 'Platinum',
        services: ['Valet'],
        remodel_due: '2025-13-40',
        marketing_budget: 1.234,
        patio: 'maybe',
        menu_page: 'nope',
        ops_inbox: 'x@',
        nope: 1,
      },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toMatchObject({
      closing_date: ['The closing date must be a date after opening date.'],
      'attributes.seats': ['The seats must be between -1000000000000 and 1000000000000.'],
      'attributes.tier': ['The selected tier is invalid.'],
      'attributes.services': ['The selected services is invalid.'],
      'attributes.remodel_due': ['The remodel due is not a valid date.'],
      'attributes.marketing_budget': ['The marketing budget may have at most 2 decimals.'],
      'attributes.patio': ['The patio field must be true or false.'],
      'attributes.menu_page': ['The menu page must be a valid URL.'],
      'attributes.ops_inbox': ['The ops inbox must be a valid email address.'],
      'attributes.nope': ['The selected attribute is invalid.'],
    });

    const store = await createVia(admin, 'stores', {
      name: 'Downtown',
      attributes: {
        seats: '48',
        tier: 'Gold',
        services: ['Delivery', 'Drive-thru'],
        remodel_due: '2027-03-01',
        marketing_budget: '1250.50',
        patio: true,
        menu_page: 'menu.example.com',
        ops_inbox: 'Ops@Example.com',
        notes: 'Corner lot',
      },
    });
    expect(store.attributes).toEqual({
      seats: 48,
      tier: 'Gold',
      services: ['Drive-thru', 'Delivery'],
      remodel_due: '2027-03-01',
      marketing_budget: 1250.5,
      patio: true,
      menu_page: 'https://menu.example.com',
      ops_inbox: 'ops@example.com',
      notes: 'Corner lot',
    });

    // A PATCH checks and changes only the attributes it sends; a required one cannot be cleared.
    const cleared = await admin.patch(`/app/api/v1/stores/${store.id}`, { attributes: { seats: '' } });
    expect(cleared.body.errors).toEqual({ 'attributes.seats': ['The seats field is required.'] });
    const patched = await admin.patch(`/app/api/v1/stores/${store.id}`, {
      attributes: { tier: 'Silver', services: [] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({
      seats: 48,
      tier: 'Silver',
      services: [],
      patio: true,
    });

    const history = await admin.get(`/app/api/v1/stores/${store.id}/activities`);
    const updated = history.body.data.find((a: { action: string }) => a.action === 'updated');
    expect(updated.changes).toMatchObject({
      'attributes.tier': ['Gold', 'Silver'],
      'attributes.services': [['Drive-thru', 'Delivery'], []],
    });

    // Search finds the record by a text attribute.
    const found = await admin.get('/app/api/v1/search?query=corner');
    expect(
      found.body.data.flatMap((group: { data: Array<{ id: number }> }) => group.data.map((r) => r.id)),
    ).toContain(store.id);
  });

  it('works the same for companies, brands and contacts', async () => {
    const { admin } = await teamWithRoles(ctx);
    for (const [type, body] of [
      ['companies', { name: 'Acme' }],
      ['brands', { name: 'Acme Burgers' }],
      ['contacts', { first_name: 'Mia' }],
    ] as const) {
      await define(admin, { subject_type: type, label: 'External id', type: 'text', required: true });
      expect((await admin.post(`/app/api/v1/${type}`, body)).body.errors).toEqual({
        'attributes.external_id': ['The external id field is required.'],
      });
      const record = await createVia(admin, type, { ...body, attributes: { external_id: `X-${type}` } });
      expect(record.attributes).toEqual({ external_id: `X-${type}` });
      expect((await admin.get(`/app/api/v1/${type}/${record.id}`)).body.data.attributes).toEqual({
        external_id: `X-${type}`,
      });
    }
  });

  it('archiving hides an attribute and keeps its values, which come back on unarchive', async () => {
    const { admin } = await teamWithRoles(ctx);
    const tier = await define(admin, { subject_type: 'stores', label: 'Tier', type: 'text', required: true });
    const store = await createVia(admin, 'stores', { name: 'Downtown', attributes: { tier: 'Gold' } });
    await admin.post(`/app/api/v1/attributes/${tier.id}/archive`);
    // Hidden: not in the record, not required, not writable, not a filter.
    expect((await admin.get(`/app/api/v1/stores/${store.id}`)).body.data.attributes).toEqual({});
    expect((await admin.post('/app/api/v1/stores', { name: 'Uptown' })).status).toBe(201);
    expect(
      (await admin.patch(`/app/api/v1/stores/${store.id}`, { attributes: { tier: 'Silver' } })).status,
    ).toBe(422);
    expect((await admin.get('/app/api/v1/stores?filters[attr.tier]=Gold')).status).toBe(422);
    await admin.post(`/app/api/v1/attributes/${tier.id}/unarchive`);
    expect((await admin.get(`/app/api/v1/stores/${store.id}`)).body.data.attributes).toEqual({
      tier: 'Gold',
    });

    // Only the purge of the trash, 30 days after a delete, removes a record's values with it.
    await admin.delete(`/app/api/v1/stores/${store.id}`);
    const values = () =>
      ctx.db
        .selectFrom('attribute_values')
        .select('id')
        .where('subject_type', '=', 'stores')
        .where('subject_id', '=', store.id)
        .execute();
    expect(await values()).toHaveLength(1);
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await ctx.db.updateTable('stores').set({ deleted_at: longAgo }).where('id', '=', store.id).execute();
    await purgeTrash(ctx.app.deps);
    expect(await values()).toHaveLength(0);
  });

  it('lists filter and sort by attributes, and the export has their columns', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'stores',
      label: 'Tier',
      type: 'select',
      options: ['Gold', 'Silver'],
    });
    await define(admin, { subject_type: 'stores', label: 'Seats', type: 'number' });
    await define(admin, {
      subject_type: 'stores',
      label: 'Services',
      type: 'multi_select',
      options: ['Delivery', 'Catering'],
    });
    await define(admin, { subject_type: 'stores', label: 'Patio', type: 'boolean' });
    await createVia(admin, 'stores', {
      name: 'Alpha',
      attributes: { tier: 'Gold', seats: 30, services: ['Delivery'], patio: true },
    });
    await createVia(admin, 'stores', {
      name: 'Bravo',
      attributes: { tier: 'Silver', seats: 120, services: ['Delivery', 'Catering'], patio: false },
    });
    await createVia(admin, 'stores', {
      name: 'Charlie',
      attributes: { tier: 'Gold', seats: 8, services: [], patio: false },
    });

    expect(names(await admin.get('/app/api/v1/stores?filters[attr.tier]=Gold'))).toEqual([
      'Alpha',
      'Charlie',
    ]);
    expect(names(await admin.get('/app/api/v1/stores?filters[attr.services]=Catering'))).toEqual(['Bravo']);
    expect(names(await admin.get('/app/api/v1/stores?filters[attr.patio]=true'))).toEqual(['Alpha']);
    expect(names(await admin.get('/app/api/v1/stores?filters[attr.seats]=120'))).toEqual(['Bravo']);
    const both = await admin.get(
      '/app/api/v1/stores?filters[attr.tier]=Gold&filters[attr.services]=Delivery',
    );
    expect(names(both)).toEqual(['Alpha']);
    expect(both.body.meta.total).toBe(1);
    expect(names(await admin.get('/app/api/v1/stores?sort=attr.seats'))).toEqual([
      'Charlie',
      'Alpha',
      'Bravo',
    ]);
    expect(names(await admin.get('/app/api/v1/stores?sort=attr.seats&direction=desc'))).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
    ]);
    expect(names(await admin.get('/app/api/v1/stores?sort=attr.seats&search=alpha'))).toEqual(['Alpha']);
    // Records without a value come last in both directions; filters and pages apply as usual.
    await createVia(admin, 'stores', { name: 'Delta' });
    expect(names(await admin.get('/app/api/v1/stores?sort=attr.seats'))).toEqual([
      'Charlie',
      'Alpha',
      'Bravo',
      'Delta',
    ]);
    expect(names(await admin.get('/app/api/v1/stores?sort=attr.seats&direction=desc'))).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
      'Delta',
    ]);
    const paged = await admin.get('/app/api/v1/stores?sort=attr.seats&per_page=2&page=2');
    expect(names(paged)).toEqual(['Bravo', 'Delta']);
    expect(paged.body.meta).toMatchObject({ total: 4, last_page: 2 });
    expect(
      names(
        await admin.get('/app/api/v1/stores?sort=attr.tier&direction=desc&filters[attr.services]=Delivery'),
      ),
    ).toEqual(['Bravo', 'Alpha']);
    expect(names(await admin.get('/app/api/v1/stores?sort=attr.patio&filters[status]=planned'))).toEqual([
      'Bravo',
      'Charlie',
      'Alpha',
      'Delta',
    ]);
    // Unknown attributes are whitelist errors like any unknown field.
    expect((await admin.get('/app/api/v1/stores?sort=attr.nope')).body.errors).toEqual({
      sort: ['The selected sort is invalid.'],
    });
    expect((await admin.get('/app/api/v1/stores?filters[attr.nope]=1')).status).toBe(422);
    expect((await admin.get('/app/api/v1/stores?sort=attr.services')).status).toBe(422);

    const csv = await admin.get('/app/api/v1/stores/export?format=csv&filters[attr.tier]=Gold');
    expect(csv.status).toBe(200);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(/,Tier,Seats,Services,Patio$/);
    expect(lines.slice(1).map((l) => l.split(',').slice(-4).join(','))).toEqual([
      'Gold,30,Delivery,Yes',
      'Gold,8,,No',
    ]);
  });
});

describe('date attributes as reminders', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const attributeReminders = async (client: TestClient, storeId: number) =>
    (
      await client.get(`/app/api/v1/reminders?filters[subject_type]=store&filters[subject_id]=${storeId}`)
    ).body.data
      .filter((r: { source: string }) => r.source === 'attribute_date')
      .map((r: { title: string; due_date: string }) => [r.title, r.due_date]);

  it('keeps a reminder per record for a reminder date, moved, cleared, archived and restored with it', async () => {
    const { admin } = await teamWithRoles(ctx);
    const remodel = await define(admin, {
      subject_type: 'stores',
      label: 'Remodel due',
      type: 'date',
      reminder: true,
    });
    expect(remodel.reminder).toBe(true);
    await define(admin, { subject_type: 'stores', label: 'Opened in old system', type: 'date' });
    const bad = await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Tier',
      type: 'text',
      reminder: true,
    });
    expect(bad.body.errors).toEqual({ reminder: ['Only date attributes can create reminders.'] });

    const store = await createVia(admin, 'stores', {
      name: 'Downtown',
      attributes: { remodel_due: inDays(30), opened_in_old_system: inDays(40) },
    });
    expect(await attributeReminders(admin, store.id)).toEqual([['Remodel due', inDays(30)]]);
    const inbox = await admin.get('/app/api/v1/reminders');
    expect(inbox.body.data.find((r: { source: string }) => r.source === 'attribute_date')).toMatchObject({
      subject: { type: 'store', id: store.id, name: 'Downtown' },
    });

    await admin.patch(`/app/api/v1/stores/${store.id}`, { attributes: { remodel_due: inDays(60) } });
    expect(await attributeReminders(admin, store.id)).toEqual([['Remodel due', inDays(60)]]);

    await admin.post(`/app/api/v1/attributes/${remodel.id}/archive`);
    expect(await attributeReminders(admin, store.id)).toEqual([]);
    await admin.post(`/app/api/v1/attributes/${remodel.id}/unarchive`);
    expect(await attributeReminders(admin, store.id)).toEqual([['Remodel due', inDays(60)]]);

    await admin.delete(`/app/api/v1/stores/${store.id}`);
    expect(await attributeReminders(admin, store.id)).toEqual([]);
    await admin.post(`/app/api/v1/stores/${store.id}/restore`);
    expect(await attributeReminders(admin, store.id)).toEqual([['Remodel due', inDays(60)]]);

    await admin.patch(`/app/api/v1/stores/${store.id}`, { attributes: { remodel_due: '' } });
    expect(await attributeReminders(admin, store.id)).toEqual([]);
  });
});

describe('attribute values on leases', () => {
  it('validates, stores and returns them on create and update, with the lease’s own errors', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, { subject_type: 'leases', label: 'Landlord code', type: 'text', required: true });
    await define(admin, { subject_type: 'leases', label: 'CAM audit', type: 'boolean' });
    const store = await createVia(admin, 'stores', { name: 'Downtown' });
    const body = {
      store_id: store.id,
      status: 'active',
      type: 'nnn',
      commencement_date: '2024-01-01',
      expiration_date: '2034-12-31',
    };

    const missing = await admin.post('/app/api/v1/leases', { ...body, status: 'pirate' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['attributes.landlord_code', 'status']);
    expect(missing.body.errors['attributes.landlord_code']).toEqual(['The landlord code field is required.']);

    const created = await admin.post('/app/api/v1/leases', {
      ...body,
      attributes: { landlord_code: 'LL-9', cam_audit: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.attributes).toEqual({ landlord_code: 'LL-9', cam_audit: true });

    const bad = await admin.patch(`/app/api/v1/leases/${created.body.data.id}`, {
      attributes: { cam_audit: 'maybe' },
    });
    expect(bad.body.errors).toEqual({
      'attributes.cam_audit': ['The cam audit field must be true or false.'],
    });
    const patched = await admin.patch(`/app/api/v1/leases/${created.body.data.id}`, {
      suite: '12B',
      attributes: { cam_audit: false },
    });
    expect(patched.body.data).toMatchObject({
      suite: '12B',
      attributes: { landlord_code: 'LL-9', cam_audit: false },
    });
    expect((await admin.get(`/app/api/v1/leases/${created.body.data.id}`)).body.data.attributes).toEqual({
      landlord_code: 'LL-9',
      cam_audit: false,
    });
  });
});

describe('attribute values on franchise agreements', () => {
  it('validates, stores and returns them on create and update', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'agreements',
      label: 'Area developer',
      type: 'select',
      options: ['North', 'South'],
      required: true,
    });
    const brand = await createVia(admin, 'brands', { name: 'Sunrise Fitness' });
    expect((await admin.post('/app/api/v1/agreements', { brand_id: brand.id })).body.errors).toEqual({
      'attributes.area_developer': ['The area developer field is required.'],
    });
    const created = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      attributes: { area_developer: 'North' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.attributes).toEqual({ area_developer: 'North' });
    const id = created.body.data.id;
    expect(
      (await admin.patch(`/app/api/v1/agreements/${id}`, { attributes: { area_developer: 'East' } })).body
        .errors,
    ).toEqual({ 'attributes.area_developer': ['The selected area developer is invalid.'] });
    expect(
      (await observer.patch(`/app/api/v1/agreements/${id}`, { attributes: { area_developer: 'South' } }))
        .status,
    ).toBe(403);
    const patched = await admin.patch(`/app/api/v1/agreements/${id}`, {
      attributes: { area_developer: 'South' },
    });
    expect(patched.body.data.attributes).toEqual({ area_developer: 'South' });
    const history = await admin.get(
      `/app/api/v1/activities?filters[subject_type]=agreement&filters[subject_id]=${id}`,
    );
    expect(history.body.data[0].changes).toEqual({ 'attributes.area_developer': ['North', 'South'] });
  });
});

/** A CSV export's lines, without the byte-order mark Excel needs. */
async function csvLines(client: TestClient, url: string) {
  const response = await client.get(url);
  expect(response.status, String(response.body)).toBe(200);
  return String(response.body)
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
}

/** A lease or agreement through the API (201 or the test fails with the answer). */
async function createContract(
  client: TestClient,
  type: 'leases' | 'agreements',
  body: Record<string, unknown>,
) {
  const response = await client.post(`/app/api/v1/${type}`, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number };
}

describe('attributes on the lease and agreement lists', () => {
  it('filter and sort the leases list, and the export carries their columns (all, or those asked for)', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'leases',
      label: 'Region',
      type: 'select',
      options: ['East', 'West'],
    });
    await define(admin, { subject_type: 'leases', label: 'Priority', type: 'number' });
    const store = await createVia(admin, 'stores', { name: 'Downtown' });
    const lease = (reference: string, attributes: Record<string, unknown>) =>
      createContract(admin, 'leases', {
        store_id: store.id,
        reference,
        status: 'active',
        type: 'nnn',
        commencement_date: '2024-01-01',
        expiration_date: '2034-12-31',
        attributes,
      });
    await lease('L-1', { region: 'East', priority: 3 });
    await lease('L-2', { region: 'West', priority: 1 });
    await lease('L-3', { region: 'East', priority: 2 });
    await lease('L-4', {});
    const references = async (query: string) => {
      const response = await admin.get(`/app/api/v1/leases?${query}`);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data.map((l: { reference: string }) => l.reference);
    };

    expect(await references('filters[attr.region]=East&sort=reference')).toEqual(['L-1', 'L-3']);
    expect(
      await references(
        'sort=attr.priority&direction=asc&filters[attr.region][]=East&filters[attr.region][]=West',
      ),
    ).toEqual(['L-2', 'L-3', 'L-1']);
    expect(await references('sort=attr.priority&direction=desc&filters[status]=active')).toEqual([
      'L-1',
      'L-3',
      'L-2',
      'L-4',
    ]);
    expect((await admin.get('/app/api/v1/leases?sort=attr.nope')).status).toBe(422);
    expect((await admin.get('/app/api/v1/leases?filters[attr.nope]=1')).status).toBe(422);

    const all = await csvLines(admin, '/app/api/v1/leases/export?filters[attr.region]=East&sort=reference');
    expect(all[0]!.split(',').slice(-2)).toEqual(['Region', 'Priority']);
    expect(all.slice(1).map((line) => line.split(',').slice(-2).join(','))).toEqual(['East,3', 'East,2']);
    const chosen = await csvLines(admin, '/app/api/v1/leases/export?attributes=priority&sort=reference');
    expect(chosen[0]!.split(',').slice(-2)).toEqual(['Options', 'Priority']);
  });

  it('filter and sort the agreements list and export', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'agreements',
      label: 'Area developer',
      type: 'select',
      options: ['North', 'South'],
    });
    const brand = await createVia(admin, 'brands', { name: 'Sunrise Fitness' });
    for (const [number, area] of [
      ['A-1', 'South'],
      ['A-2', 'North'],
      ['A-3', 'South'],
    ] as const) {
      await createContract(admin, 'agreements', {
        brand_id: brand.id,
        agreement_number: number,
        attributes: { area_developer: area },
      });
    }
    const numbers = (
      await admin.get(
        '/app/api/v1/agreements?filters[attr.area_developer]=South&sort=agreement_number&direction=desc',
      )
    ).body.data.map((a: { agreement_number: string }) => a.agreement_number);
    expect(numbers).toEqual(['A-3', 'A-1']);
    const sorted = (await admin.get('/app/api/v1/agreements?sort=attr.area_developer')).body.data.map(
      (a: { attributes: { area_developer: string } }) => a.attributes.area_developer,
    );
    expect(sorted).toEqual(['North', 'South', 'South']);
    const lines = await csvLines(admin, '/app/api/v1/agreements/export?filters[attr.area_developer]=North');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(',').at(-1)).toBe('Area developer');
    expect(lines[1]!.split(',').at(-1)).toBe('North');
  });

  it('keeps another team’s attribute filters out: an unknown key there is a 422, never a match', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, { subject_type: 'leases', label: 'Region', type: 'text' });
    const other = await teamWithRoles(ctx);
    expect((await other.admin.get('/app/api/v1/leases?filters[attr.region]=East')).status).toBe(422);
  });
});

describe('date attributes of leases and agreements as reminders', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const reminders = async (client: TestClient, type: string, id: number) =>
    (
      await client.get(
        `/app/api/v1/reminders?filters[subject_type]=${type}&filters[subject_id]=${id}&per_page=100`,
      )
    ).body.data
      .map((r: { source: string; title: string; due_date: string }) => [r.source, r.due_date])
      .sort();

  it('sit beside the lease’s own critical dates: editing either never removes the other', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'leases',
      label: 'CAM reconciliation',
      type: 'date',
      reminder: true,
    });
    const store = await createVia(admin, 'stores', { name: 'Downtown' });
    const expiration = inDays(400);
    const lease = await createContract(admin, 'leases', {
      store_id: store.id,
      status: 'active',
      type: 'nnn',
      commencement_date: inDays(-30),
      expiration_date: expiration,
      attributes: { cam_reconciliation: inDays(20) },
    });
    expect(await reminders(admin, 'lease', lease.id)).toEqual([
      ['attribute_date', inDays(20)],
      ['lease_expiration', expiration],
    ]);

    // The lease's own dates move: the attribute's reminder stays.
    await admin.patch(`/app/api/v1/leases/${lease.id}`, { expiration_date: inDays(500) });
    expect(await reminders(admin, 'lease', lease.id)).toEqual([
      ['attribute_date', inDays(20)],
      ['lease_expiration', inDays(500)],
    ]);
    // The attribute moves, then is cleared: the lease's own reminder stays.
    await admin.patch(`/app/api/v1/leases/${lease.id}`, { attributes: { cam_reconciliation: inDays(25) } });
    expect(await reminders(admin, 'lease', lease.id)).toEqual([
      ['attribute_date', inDays(25)],
      ['lease_expiration', inDays(500)],
    ]);
    await admin.delete(`/app/api/v1/leases/${lease.id}`);
    expect(await reminders(admin, 'lease', lease.id)).toEqual([]);
    await admin.post(`/app/api/v1/leases/${lease.id}/restore`);
    expect(await reminders(admin, 'lease', lease.id)).toEqual([
      ['attribute_date', inDays(25)],
      ['lease_expiration', inDays(500)],
    ]);
    await admin.patch(`/app/api/v1/leases/${lease.id}`, { attributes: { cam_reconciliation: null } });
    expect(await reminders(admin, 'lease', lease.id)).toEqual([['lease_expiration', inDays(500)]]);
  });

  it('work on agreements too', async () => {
    const { admin } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'agreements',
      label: 'Development deadline',
      type: 'date',
      reminder: true,
    });
    const brand = await createVia(admin, 'brands', { name: 'Sunrise Fitness' });
    const agreement = await createContract(admin, 'agreements', {
      brand_id: brand.id,
      attributes: { development_deadline: inDays(45) },
    });
    expect(await reminders(admin, 'agreement', agreement.id)).toEqual([['attribute_date', inDays(45)]]);
  });
});

describe('attribute values on documents', () => {
  it('are edited with the metadata, listed, filtered, sorted, searched, audited and remind like other dates', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    await define(admin, {
      subject_type: 'documents',
      label: 'Insurer',
      type: 'select',
      options: ['Acme Mutual', 'Zenith'],
    });
    await define(admin, { subject_type: 'documents', label: 'Renewal review', type: 'date', reminder: true });
    await define(admin, { subject_type: 'documents', label: 'Policy holder', type: 'text' });
    const a = await uploadDocument(admin, {
      name: 'a.txt',
      content: 'first certificate',
      type: 'text/plain',
    });
    const b = await uploadDocument(admin, {
      name: 'b.txt',
      content: 'second certificate',
      type: 'text/plain',
    });
    expect(a.attributes).toEqual({ insurer: null, renewal_review: null, policy_holder: null });

    const bad = await admin.patch(`/app/api/v1/documents/${a.id}`, { attributes: { insurer: 'Nobody' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'attributes.insurer': ['The selected insurer is invalid.'] });
    expect(
      (await observer.patch(`/app/api/v1/documents/${a.id}`, { attributes: { insurer: 'Zenith' } })).status,
    ).toBe(403);
    const review = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const saved = await admin.patch(`/app/api/v1/documents/${a.id}`, {
      title: 'Certificate A',
      attributes: { insurer: 'Zenith', renewal_review: review, policy_holder: 'Quillfeather Holdings' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      title: 'Certificate A',
      attributes: { insurer: 'Zenith', renewal_review: review, policy_holder: 'Quillfeather Holdings' },
    });
    await admin.patch(`/app/api/v1/documents/${b.id}`, { attributes: { insurer: 'Acme Mutual' } });

    const ids = async (query: string) =>
      (await admin.get(`/app/api/v1/documents?${query}`)).body.data.map((d: { id: number }) => d.id);
    expect(await ids('filters[attr.insurer]=Zenith')).toEqual([a.id]);
    expect(await ids('sort=attr.insurer&direction=asc')).toEqual([b.id, a.id]);
    expect(await ids('search=quillfeather')).toEqual([a.id]);
    expect((await admin.get('/app/api/v1/documents?filters[attr.unknown]=x')).status).toBe(422);

    const reminders = (
      await admin.get(`/app/api/v1/reminders?filters[subject_type]=document&filters[subject_id]=${a.id}`)
    ).body.data;
    expect(reminders.map((r: { source: string; due_date: string }) => [r.source, r.due_date])).toEqual([
      ['attribute_date', review],
    ]);
    const history = await admin.get(
      `/app/api/v1/activities?filters[subject_type]=document&filters[subject_id]=${a.id}`,
    );
    expect(history.body.data[0].changes).toMatchObject({
      title: ['a.txt', 'Certificate A'],
      'attributes.insurer': [null, 'Zenith'],
    });

    const lines = await csvLines(
      admin,
      '/app/api/v1/documents/export?filters[attr.insurer]=Zenith&attributes=insurer',
    );
    expect(lines[0]).toMatch(/^ID,Title,Category,.*,Uploaded at,Insurer$/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(new RegExp(`^${a.id},Certificate A,Other,.*,Zenith$`));

    // Another team sees neither the document nor its values.
    const other = await teamWithRoles(ctx);
    expect(
      (await other.admin.patch(`/app/api/v1/documents/${a.id}`, { attributes: { insurer: 'Zenith' } }))
        .status,
    ).toBe(404);
    expect(await csvLines(other.admin, '/app/api/v1/documents/export')).toEqual([
      expect.stringMatching(/^ID,Title,/),
    ]);
  });
});
