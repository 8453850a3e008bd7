import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  signIn,
} from '../../../test/factories';

const ctx = useTestApp();

/** A CSV export as records by header (the BOM Excel needs taken off). */
async function csvOf(client: TestClient, url: string): Promise<Array<Record<string, string>>> {
  const response = await client.get(url);
  expect([url, response.status]).toEqual([url, 200]);
  return parse(String(response.body).replace(/^\uFEFF/, ''), { columns: true }) as Array<
    Record<string, string>
  >;
}

/**
 * A franchisor's team with a store attribute and two franchisees, North (two stores) and South (one), each with
 * their stores' leases and an agreement; a store of the franchisor's own; and a manager limited to each.
 */
async function network() {
  const { user, team } = await buildUser(ctx);
  const owner = await signIn(ctx, user.email);
  expect(
    (await owner.post('/app/api/v1/attributes', { subject_type: 'stores', label: 'Margin', type: 'number' }))
      .status,
  ).toBe(201);
  expect(
    (await owner.post('/app/api/v1/attributes', { subject_type: 'leases', label: 'Strategy', type: 'text' }))
      .status,
  ).toBe(201);
  const north = await buildCompany(owner, { name: 'North LLC', kind: 'franchisee' });
  const south = await buildCompany(owner, { name: 'South LLC', kind: 'franchisee' });
  const stores = {
    north1: await buildStore(owner, { name: 'North One', company_id: north.id, attributes: { margin: 12 } }),
    north2: await buildStore(owner, { name: 'North Two', company_id: north.id }),
    south1: await buildStore(owner, { name: 'South One', company_id: south.id }),
    own: await buildStore(owner, { name: 'Head Office Store' }),
  };
  for (const [key, store] of Object.entries(stores))
    await buildLease(owner, { store_id: store.id, reference: `L-${key}`, attributes: { strategy: 'Exit' } });
  // The franchisor listed South's store on North's agreement by mistake: North's export does not name it.
  await buildAgreement(owner, {
    franchisee_id: north.id,
    agreement_number: 'FA-N',
    store_ids: [stores.north1.id, stores.south1.id],
  });
  await buildAgreement(owner, {
    franchisee_id: south.id,
    agreement_number: 'FA-S',
    store_ids: [stores.south1.id],
  });
  await buildAgreement(owner, { agreement_number: 'FA-HQ', store_ids: [stores.own.id] });
  const limited = async (companyId: number) => {
    const member = await buildMember(ctx, team.id, 'observer');
    const url = `/app/api/v1/teams/${team.id}/members/${member.id}`;
    expect((await owner.patch(url, { role: 'observer', company_ids: [companyId] })).status).toBe(200);
    return signIn(ctx, member.email);
  };
  // A month of sales at every store.
  const sold = await owner.post('/app/api/v1/sales/batch', {
    rows: Object.values(stores).map((store, i) => ({
      store_id: store.id,
      period: 'month',
      period_start: '2026-03-01',
      gross: 1000 + i,
    })),
  });
  expect(sold.status).toBe(200);
  return { owner, southId: south.id, north: await limited(north.id), south: await limited(south.id) };
}

describe('a franchisee’s exports', () => {
  it('hold only their own stores, leases, agreements and sales, without the franchisor’s attribute columns', async () => {
    const f = await network();
    const stores = await csvOf(f.north, '/app/api/v1/stores/export?format=csv&sort=name');
    expect(stores.map((r) => r.Name)).toEqual(['North One', 'North Two']);
    expect(Object.keys(stores[0]!)).not.toContain('Margin');
    expect((await csvOf(f.south, '/app/api/v1/stores/export?format=csv')).map((r) => r.Name)).toEqual([
      'South One',
    ]);
    // Naming the attribute columns does not bring them back.
    const asked = await csvOf(f.north, '/app/api/v1/stores/export?format=csv&attributes=margin');
    expect(Object.keys(asked[0]!)).not.toContain('Margin');
    // Filtering on another franchisee's company finds nothing rather than widening the scope.
    expect(await csvOf(f.north, `/app/api/v1/stores/export?format=csv&search=South`)).toEqual([]);

    const leases = await csvOf(f.north, '/app/api/v1/leases/export?format=csv');
    expect(leases.map((r) => r.Reference).sort()).toEqual(['L-north1', 'L-north2']);
    expect(Object.keys(leases[0]!)).not.toContain('Strategy');
    expect((await csvOf(f.south, '/app/api/v1/leases/export?format=csv')).map((r) => r.Reference)).toEqual([
      'L-south1',
    ]);

    const agreements = await csvOf(f.north, '/app/api/v1/agreements/export?format=csv');
    expect(agreements.map((r) => [r['Agreement number'], r.Stores])).toEqual([['FA-N', 'North One']]);
    expect(
      (await csvOf(f.south, '/app/api/v1/agreements/export?format=csv')).map((r) => r['Agreement number']),
    ).toEqual(['FA-S']);

    const sales = await csvOf(f.north, '/app/api/v1/sales/export?format=csv');
    expect(sales.map((r) => [r.Store, r.Franchisee, r['Gross sales']])).toEqual([
      ['North One', 'North LLC', '1000'],
      ['North Two', 'North LLC', '1001'],
    ]);
    expect((await csvOf(f.south, '/app/api/v1/sales/export?format=csv')).map((r) => r.Store)).toEqual([
      'South One',
    ]);
    // A filter naming the other franchisee narrows further, never wider.
    expect(
      await csvOf(f.north, `/app/api/v1/sales/export?format=csv&filters[franchisee_id]=${f.southId}`),
    ).toEqual([]);
    expect(await csvOf(f.owner, '/app/api/v1/sales/export?format=csv')).toHaveLength(4);
    expect((await f.north.get('/app/api/v1/sales/export?format=pdf')).status).toBe(422);

    // XLSX: the same rows.
    const xlsx = await f.south.request('GET', '/app/api/v1/leases/export?format=xlsx');
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(2);

    // The franchisor's exports are whole, attribute columns included.
    const all = await csvOf(f.owner, '/app/api/v1/stores/export?format=csv');
    expect(all).toHaveLength(4);
    expect(all.find((r) => r.Name === 'North One')?.Margin).toBe('12');
    expect(await csvOf(f.owner, '/app/api/v1/leases/export?format=csv')).toHaveLength(4);
    expect(await csvOf(f.owner, '/app/api/v1/agreements/export?format=csv')).toHaveLength(3);
  });

  it('stays refused for the record types they never see', async () => {
    const f = await network();
    for (const type of ['companies', 'brands', 'contacts'])
      expect([type, (await f.north.get(`/app/api/v1/${type}/export?format=csv`)).status]).toEqual([
        type,
        403,
      ]);
  });
});
