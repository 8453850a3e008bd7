import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import { createVia, teamWithRoles } from '../../test/factories';

const ctx = useTestApp();

type JsonSchema = { properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema };

async function bodySchemaOf(path: string, method: 'post' | 'patch'): Promise<JsonSchema> {
  const doc = (await ctx.client().get('/app/api/docs')).body;
  return doc.paths[path][method].requestBody.content['application/json'].schema;
}

describe('whole-record bodies validated in their service', () => {
  it('are described in the OpenAPI document: fields, nested rows, attributes; a PATCH requires none', async () => {
    const lease = await bodySchemaOf('/app/api/v1/leases', 'post');
    expect(lease.required).toContain('store_id');
    expect(Object.keys(lease.properties!)).toEqual(
      expect.arrayContaining([
        'store_id',
        'expiration_date',
        'rent_schedule',
        'charges',
        'options',
        'attributes',
      ]),
    );
    expect(Object.keys(lease.properties!.rent_schedule!.items!.properties!)).toEqual(
      expect.arrayContaining(['start_date', 'end_date', 'monthly_amount']),
    );
    const leasePatch = await bodySchemaOf('/app/api/v1/leases/{id}', 'patch');
    expect(leasePatch.required ?? []).toEqual([]);
    expect(Object.keys(leasePatch.properties!)).toEqual(Object.keys(lease.properties!));

    const agreement = await bodySchemaOf('/app/api/v1/agreements', 'post');
    expect(agreement.required).toContain('brand_id');
    expect(Object.keys(agreement.properties!)).toEqual(
      expect.arrayContaining(['brand_id', 'store_ids', 'royalty_tiers', 'clauses', 'attributes']),
    );
    expect((await bodySchemaOf('/app/api/v1/agreements/{id}', 'patch')).required ?? []).toEqual([]);

    const sales = await bodySchemaOf('/app/api/v1/sales', 'post');
    expect(sales.required).toEqual(expect.arrayContaining(['store_id', 'period_start', 'gross']));
    const batch = await bodySchemaOf('/app/api/v1/sales/batch', 'post');
    expect(batch.properties!.rows!.items!.required).toEqual(sales.required);
    expect(Object.keys((await bodySchemaOf('/app/api/v1/sales/{id}', 'patch')).properties!)).toEqual([
      'gross',
      'net',
    ]);
  });

  it('answer a wrongly typed field with its own 422 message, and anything but an object with a 422', async () => {
    const { admin } = await teamWithRoles(ctx);
    const franchisor = await createVia(admin, 'companies', { name: 'Northwind Inc', kind: 'franchisor' });
    const brand = await createVia(admin, 'brands', { name: 'Northwind', company_id: franchisor.id });
    const store = await createVia(admin, 'stores', { name: 'Northwind Austin', brand_id: brand.id });

    const lease = await admin.post('/app/api/v1/leases', { store_id: store.id, rentable_sqft: 'large' });
    expect(lease.status).toBe(422);
    expect(lease.body.errors).toEqual({
      rentable_sqft: ['The rentable square feet must be between 0 and 10000000.'],
    });
    const created = await admin.post('/app/api/v1/leases', { store_id: store.id });
    expect(created.status).toBe(201);
    const patched = await admin.patch(`/app/api/v1/leases/${created.body.data.id}`, {
      expiration_date: 'next spring',
    });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toEqual({ expiration_date: ['The expiration date is not a valid date.'] });

    const agreement = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      royalty_percent: 'six',
    });
    expect(agreement.status).toBe(422);
    expect(agreement.body.errors).toEqual({ royalty_percent: ['The royalty must be between 0 and 100.'] });

    const sales = await admin.post('/app/api/v1/sales', {
      store_id: store.id,
      period_start: '2026-03-01',
      gross: 'plenty',
    });
    expect(sales.status).toBe(422);
    expect(sales.body.errors).toEqual({ gross: ['The gross sales must be between 0 and 1000000000.'] });

    for (const path of ['/app/api/v1/leases', '/app/api/v1/agreements', '/app/api/v1/sales']) {
      const list = await admin.post(path, [{ store_id: store.id }]);
      expect(list.status).toBe(422);
      expect(list.body.errors).toBeDefined();
    }
  });
});
