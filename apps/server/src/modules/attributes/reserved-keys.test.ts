import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { createVia, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

/** Names every plain object inherits: user input that indexes an object must never find them. */
const PROTOTYPE_NAMES = [
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'prototype',
  'isPrototypeOf',
];

const LISTS = [
  'companies',
  'brands',
  'stores',
  'contacts',
  'documents',
  'leases',
  'agreements',
  'reminders',
  'activities',
  'trash',
];

describe('attribute keys and list filters named like prototype members', () => {
  it('a label "Constructor" gets a safe key and records of that type are created and listed', async () => {
    const { admin } = await teamWithRoles(ctx);
    const created = await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Constructor',
      type: 'text',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.key).toBe('constructor_1');
    const prototype = await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Prototype',
      type: 'text',
    });
    expect(prototype.body.data.key).toBe('prototype_1');

    const store = await createVia(admin, 'stores', { name: 'Bay Street', store_number: 'S-1' });
    expect(store.attributes).toEqual({ constructor_1: null, prototype_1: null });
    const valued = await createVia(admin, 'stores', {
      name: 'King Street',
      store_number: 'S-2',
      attributes: { constructor_1: 'Acme Build' },
    });
    expect(valued.attributes.constructor_1).toBe('Acme Build');
    const filtered = await admin.get('/app/api/v1/stores?filters[attr.constructor_1]=Acme Build');
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((s: { id: number }) => s.id)).toEqual([valued.id]);
  });

  it('a stored attribute keyed like a prototype member still reads and writes its own values', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const created = await admin.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Builder',
      type: 'text',
    });
    // A key chosen before such keys were refused.
    await ctx.db
      .updateTable('attribute_definitions')
      .set({ key: 'constructor' })
      .where('id', '=', created.body.data.id)
      .where('team_id', '=', team.id)
      .execute();

    const plain = await createVia(admin, 'stores', { name: 'Bay Street', store_number: 'S-1' });
    expect(plain.attributes).toEqual({ constructor: null });
    const valued = await createVia(admin, 'stores', {
      name: 'King Street',
      store_number: 'S-2',
      attributes: { constructor: 'Acme Build' },
    });
    expect(valued.attributes).toEqual({ constructor: 'Acme Build' });
    const edited = await admin.patch(`/app/api/v1/stores/${plain.id}`, {
      attributes: { constructor: 'Zenith' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.attributes).toEqual({ constructor: 'Zenith' });
    const renamed = await admin.patch(`/app/api/v1/stores/${plain.id}`, { name: 'Bay St' });
    expect(renamed.body.data.attributes).toEqual({ constructor: 'Zenith' });
    const filtered = await admin.get(
      '/app/api/v1/stores?filters[attr.constructor]=Acme Build&sort=attr.constructor',
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body.data.map((s: { id: number }) => s.id)).toEqual([valued.id]);
  });

  it('an explicit key that an object inherits is refused on the key field', async () => {
    const { admin } = await teamWithRoles(ctx);
    for (const key of ['constructor', 'prototype', 'tostring', 'valueof', 'hasownproperty']) {
      const response = await admin.post('/app/api/v1/attributes', {
        subject_type: 'stores',
        label: 'Builder',
        key,
        type: 'text',
      });
      expect(response.status, key).toBe(422);
      expect(response.body.errors.key, key).toEqual(['The key is reserved; choose another.']);
    }
  });

  it('values sent for keys an object inherits are unknown attributes, not a 500', async () => {
    const { admin } = await teamWithRoles(ctx);
    await admin.post('/app/api/v1/attributes', { subject_type: 'stores', label: 'Tier', type: 'text' });
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const response = await admin.post('/app/api/v1/stores', {
        name: 'Bay',
        store_number: `S-${key}`,
        attributes: { [key]: 'x' },
      });
      expect(response.status, key).toBe(422);
      expect(response.body.errors[`attributes.${key}`], key).toEqual(['The selected attribute is invalid.']);
    }
  });

  it('every list answers a filter or sort named like a prototype member with a 422', async () => {
    const { admin } = await teamWithRoles(ctx);
    await admin.post('/app/api/v1/attributes', { subject_type: 'stores', label: 'Tier', type: 'text' });
    for (const list of LISTS) {
      for (const name of PROTOTYPE_NAMES) {
        const filter = await admin.get(`/app/api/v1/${list}?filters[${encodeURIComponent(name)}]=1`);
        expect(filter.status, `${list} filters[${name}]`).toBe(422);
        expect(filter.body.errors[`filters.${name}`], `${list} filters[${name}]`).toEqual([
          'The selected filter is invalid.',
        ]);
        const sort = await admin.get(`/app/api/v1/${list}?sort=${encodeURIComponent(name)}`);
        expect(sort.status, `${list} sort=${name}`).toBe(422);
      }
    }
  });

  it('body members named like prototype members are ignored like any unknown field, never a 500', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await createVia(admin, 'stores', { name: 'Bay Street', store_number: 'S-1' });
    const brand = await createVia(admin, 'brands', { name: 'Orbit Pizza' });
    const hostile = { constructor: 'x', toString: 'y', valueOf: 1, hasOwnProperty: false };
    const lease = await admin.post('/app/api/v1/leases', {
      store_id: store.id,
      status: 'active',
      ...hostile,
    });
    expect(lease.status, JSON.stringify(lease.body)).toBe(201);
    const leasePatch = await admin.patch(`/app/api/v1/leases/${lease.body.data.id}`, {
      reference: 'L-1',
      ...hostile,
    });
    expect(leasePatch.status, JSON.stringify(leasePatch.body)).toBe(200);
    const agreement = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      store_ids: [store.id],
      status: 'open',
      ...hostile,
    });
    expect(agreement.status, JSON.stringify(agreement.body)).toBe(201);
    const agreementPatch = await admin.patch(`/app/api/v1/agreements/${agreement.body.data.id}`, {
      agreement_number: 'FA-1',
      ...hostile,
    });
    expect(agreementPatch.status, JSON.stringify(agreementPatch.body)).toBe(200);
    const company = await admin.patch(`/app/api/v1/stores/${store.id}`, { name: 'Bay St', ...hostile });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
  });
});
