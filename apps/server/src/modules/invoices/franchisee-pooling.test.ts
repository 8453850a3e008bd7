import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildFranchiseeMember,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';

const ctx = useTestApp();
const api = '/app/api/v1';

type Line = { kind: string; agreement_id: number; description: string; amount: number; basis: string | null };
type Invoice = {
  id: number;
  franchisee: { id: number };
  royalty: number;
  marketing: number;
  total: number;
  missing: boolean;
  lines?: Line[];
};
type ReportRow = {
  agreement: { id: number; agreement_number: string | null; franchisee: string | null };
  periods: number;
  missing_reports: number;
  sales: number;
  royalty: number;
  minimum_top_up: number;
  marketing: number;
  total_due: number;
  tiers: {
    pooling: string;
    pool?: { franchisee: string; agreements: string[]; apart: string[]; waiting_periods: number };
  };
};

/** A franchisee of its own brand under `rules`, and a way to add its agreements, each over new stores. */
async function franchisee(client: TestClient, name: string, rules: Record<string, unknown>) {
  const operator = await buildCompany(client, { name, kind: 'franchisee' });
  const brand = await buildBrand(client, { name: `${name} Brand` });
  const put = await client.put(`${api}/invoicing/settings/brands/${brand.id}`, rules);
  expect(put.status).toBe(200);
  const agreement = async (number: string, stores: number, terms: Record<string, unknown>) => {
    const made = [];
    for (let i = 1; i <= stores; i += 1)
      made.push(
        await buildStore(client, {
          name: `${number} store ${i}`,
          brand_id: brand.id,
          company_id: operator.id,
        }),
      );
    const created = await buildAgreement(client, {
      brand_id: brand.id,
      franchisee_id: operator.id,
      store_ids: made.map((s) => s.id),
      agreement_number: number,
      status: 'open',
      effective_date: '2025-01-01',
      reporting_frequency: 'monthly',
      ...terms,
    });
    return { id: created.id, stores: made.map((s) => s.id) };
  };
  return { operator, brand, agreement };
}

async function sell(
  client: TestClient,
  rows: Array<{ store_id: number; period_start: string; gross: number }>,
) {
  expect((await client.post(`${api}/sales/batch`, { rows })).status).toBe(200);
}

async function invoiceMonth(client: TestClient, period: string) {
  const response = await client.post(`${api}/invoices`, { period });
  expect(response.status).toBe(201);
  return (response.body.data as { created: Invoice[] }).created;
}

async function report(client: TestClient, from: string, to: string) {
  const response = await client.get(`${api}/sales/reports/royalties?from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  const rows = response.body.data as ReportRow[];
  return (number: string) => rows.find((r) => r.agreement.agreement_number === number)!;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/*
 * The worked example, by hand. Each franchisee has three open monthly agreements of its own brand:
 * - A: two stores, 4% royalty, 6% on a period's sales from $30,000, a $650 minimum, 2% marketing;
 * - B: one store, the same rate and tiers, a $1,300 minimum, 2% marketing;
 * - C: one store, 5% flat and 2% marketing: terms that differ from A's and B's.
 * The brand caps the royalty (shortfall included) at $1,700 per period and unit. March 2026 sales: A's stores
 * $20,000.50 and $15,000.25 (A $35,000.75), B's $25,000.10, C's $10,000.00.
 *
 * Per store (each store a unit with the agreement's minimum): A $800.02 and $600.01 + $49.99 shortfall; B
 * $1,000.00 + $300.00 shortfall; C $500.00. Royalty $3,250.02.
 *
 * Pooled per agreement: A $30,000 × 4% + $5,000.75 × 6% = $1,200 + $300.045 = $1,500.05; B $1,000.00 +
 * $300.00 shortfall; C $500.00. Royalty $3,300.05.
 *
 * Pooled across the franchisee's agreements (A and B; C's terms differ, so it stays alone): A + B sold
 * $60,000.85; $30,000 × 4% + $30,000.85 × 6% = $1,200 + $1,800.051 = $3,000.05 (300,005 cents). Shared by
 * sales: A 300,005 × 3,500,075 / 6,000,085 = 175,004.1875 cents, B 125,000.8125: floors 175,004 + 125,000 leave
 * one cent, to the larger fraction (B): A $1,750.04, B $1,250.01, together exactly $3,000.05. Then each
 * agreement's own minimum and cap: A's $1,750.04 is capped at $1,700.00; B's $1,250.01 is topped up by $49.99 to
 * its $1,300 minimum. C $500.00. Royalty $3,500.00.
 *
 * Marketing in every reading: A $35,000.75 × 2% = $700.015 → $700.02 (per store $400.01 + $300.01), B $500.00,
 * C $200.00: $1,400.02. Totals $4,650.04, $4,700.07 and $4,900.02.
 */
describe('tiers pooled across a franchisee’s agreements', () => {
  const rate = {
    royalty_percent: 4,
    royalty_tiers: [{ from_sales: 30_000, percent: 6 }],
    marketing_percent: 2,
  };
  const readings = [
    ['Store Partners', 'SP', 'per_store', { royalty: 3250.02, total: 4650.04 }],
    ['Agreement Partners', 'AP', 'pooled', { royalty: 3300.05, total: 4700.07 }],
    ['Franchisee Partners', 'FP', 'franchisee', { royalty: 3500, total: 4900.02 }],
  ] as const;

  it('gives three different figures per store, per agreement and across agreements, alike in the invoice and the report', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const operators = new Map<string, number>();
    for (const [name, prefix, pooling] of readings) {
      const made = await franchisee(admin, name, { pooling, cap: 1700 });
      operators.set(prefix, made.operator.id);
      const a = await made.agreement(`${prefix}-A`, 2, { ...rate, royalty_minimum: 650 });
      const b = await made.agreement(`${prefix}-B`, 1, { ...rate, royalty_minimum: 1300 });
      const c = await made.agreement(`${prefix}-C`, 1, { royalty_percent: 5, marketing_percent: 2 });
      await sell(admin, [
        { store_id: a.stores[0]!, period_start: '2026-03-01', gross: 20_000.5 },
        { store_id: a.stores[1]!, period_start: '2026-03-01', gross: 15_000.25 },
        { store_id: b.stores[0]!, period_start: '2026-03-01', gross: 25_000.1 },
        { store_id: c.stores[0]!, period_start: '2026-03-01', gross: 10_000 },
      ]);
    }

    const invoices = await invoiceMonth(admin, '2026-03');
    const row = await report(observer, '2026-03-01', '2026-03-31');
    for (const [, prefix, , expected] of readings) {
      const invoice = invoices.find((i) => i.franchisee.id === operators.get(prefix))!;
      expect([prefix, invoice.royalty, invoice.marketing, invoice.total]).toEqual([
        prefix,
        expected.royalty,
        1400.02,
        expected.total,
      ]);
      // The report's rows of the franchisee's agreements add up to its invoice, to the cent.
      const rows = ['A', 'B', 'C'].map((x) => row(`${prefix}-${x}`));
      const sum = (pick: (r: ReportRow) => number) => rows.reduce((s, r) => s + cents(pick(r)), 0);
      expect([prefix, sum((r) => r.royalty) + sum((r) => r.minimum_top_up)]).toEqual([
        prefix,
        cents(invoice.royalty),
      ]);
      expect([prefix, sum((r) => r.marketing), sum((r) => r.total_due)]).toEqual([
        prefix,
        cents(invoice.marketing),
        cents(invoice.total),
      ]);
    }

    // Across agreements: A's share capped, B's topped up to its own minimum, C alone; each says how it read.
    expect(row('FP-A')).toMatchObject({
      sales: 35_000.75,
      royalty: 1700,
      minimum_top_up: 0,
      tiers: {
        pooling: 'franchisee',
        pool: {
          franchisee: 'Franchisee Partners',
          agreements: ['FP-A', 'FP-B'],
          apart: ['FP-C'],
          waiting_periods: 0,
        },
      },
    });
    expect(row('FP-B')).toMatchObject({ royalty: 1250.01, minimum_top_up: 49.99 });
    expect(row('FP-C')).toMatchObject({
      royalty: 500,
      tiers: { pool: { agreements: ['FP-C'], apart: ['FP-A', 'FP-B'] } },
    });
    expect(row('AP-A')).toMatchObject({ royalty: 1500.05, tiers: { pooling: 'pooled' } });
    expect(row('AP-A').tiers.pool).toBeUndefined();
    expect(row('SP-A')).toMatchObject({ royalty: 1400.03, minimum_top_up: 49.99 });

    const pooled = invoices.find((i) => i.franchisee.id === operators.get('FP'))!;
    const lines = (await observer.get(`${api}/invoices/${pooled.id}`)).body.data.lines as Line[];
    expect(lines.filter((l) => l.kind !== 'marketing').map((l) => [l.kind, l.description, l.amount])).toEqual(
      [
        [
          'royalty',
          'Royalty, FP-A, all stores, 2026-03-01 – 2026-03-31 (tiers pooled across agreements FP-A, FP-B on $60,000.85 of sales together; not pooled with FP-C: royalty terms differ)',
          1700,
        ],
        [
          'royalty',
          'Royalty, FP-B, all stores, 2026-03-01 – 2026-03-31 (tiers pooled across agreements FP-A, FP-B on $60,000.85 of sales together; not pooled with FP-C: royalty terms differ)',
          1250.01,
        ],
        ['minimum', 'Minimum royalty shortfall, FP-B, all stores, 2026-03-01 – 2026-03-31', 49.99],
        [
          'royalty',
          'Royalty, FP-C, all stores, 2026-03-01 – 2026-03-31 (not pooled with FP-A, FP-B: royalty terms differ)',
          500,
        ],
      ],
    );

    // The CSV names each row's reading.
    const csv = String(
      (await observer.get(`${api}/sales/reports/royalties.csv?from=2026-03-01&to=2026-03-31`)).body,
    );
    const csvRow = (number: string) => csv.split('\n').find((l) => l.startsWith(`${number},`))!;
    expect(csv.split('\n')[0]).toContain(',Pooling,');
    expect(csvRow('FP-A')).toContain(
      `,"pooled across 2 of the franchisee's agreements (FP-A, FP-B); not pooled with FP-C: royalty terms differ",`,
    );
    expect(csvRow('FP-C')).toContain(',"not pooled with FP-A, FP-B: royalty terms differ",');
    expect(csvRow('AP-A')).toContain(',pooled across 2 stores,');
    expect(csvRow('AP-B')).toContain(',one store,');
    expect(csvRow('SP-A')).toContain(',per store,');
  });

  /*
   * One pooled agreement's missing report holds the pool back: FM-1's store sold $40,000 in March, FM-2's store
   * has never reported (nothing to estimate from). Neither is billed for March (royalty, minimum or marketing
   * fund: the period waits whole, as a pooled agreement's does for one store), in the invoice or the report;
   * once FM-2's $20,000 is in, March is voided and invoiced again: $60,000 together at 4% and 6% from $30,000
   * is $3,000, shared $2,000 and $1,000.
   */
  it('waits for every pooled agreement’s report, then bills the shares', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const made = await franchisee(admin, 'Missing Partners', { pooling: 'franchisee' });
    const first = await made.agreement('FM-1', 1, { ...rate, royalty_minimum: 100 });
    const second = await made.agreement('FM-2', 1, rate);
    await sell(admin, [{ store_id: first.stores[0]!, period_start: '2026-03-01', gross: 40_000 }]);

    const [waiting] = await invoiceMonth(admin, '2026-03');
    expect(waiting).toMatchObject({ royalty: 0, marketing: 0, total: 0, missing: true });
    const lines = (await observer.get(`${api}/invoices/${waiting!.id}`)).body.data.lines as Line[];
    expect(lines.filter((l) => l.kind === 'royalty').map((l) => [l.description, l.basis, l.amount])).toEqual([
      [
        'Royalty, FM-1, all stores, 2026-03-01 – 2026-03-31: waiting for the sales report of FM-2 (tiers pooled across agreements FM-1, FM-2)',
        'missing',
        0,
      ],
      [
        'Royalty, FM-2, all stores, 2026-03-01 – 2026-03-31: sales report missing (tiers pooled across agreements FM-1, FM-2)',
        'missing',
        0,
      ],
    ]);
    let row = await report(observer, '2026-03-01', '2026-03-31');
    expect(row('FM-1')).toMatchObject({ periods: 0, royalty: 0, tiers: { pool: { waiting_periods: 1 } } });
    expect(row('FM-2')).toMatchObject({
      periods: 0,
      missing_reports: 1,
      tiers: { pool: { waiting_periods: 0 } },
    });

    await sell(admin, [{ store_id: second.stores[0]!, period_start: '2026-03-01', gross: 20_000 }]);
    expect((await admin.post(`${api}/invoices/${waiting!.id}/void`)).status).toBe(200);
    const [billed] = await invoiceMonth(admin, '2026-03');
    expect(billed).toMatchObject({ royalty: 3000, missing: false });
    row = await report(observer, '2026-03-01', '2026-03-31');
    expect([row('FM-1').royalty, row('FM-2').royalty]).toEqual([2000, 1000]);
  });

  /*
   * Year to date across agreements: two agreements of one store each, 4%, 6% on the calendar year's sales from
   * $130,000; each store sells $10,000 a month from January to July 2026. Each agreement alone reaches $70,000
   * by July: $400 a month each. Pooled across both, January–June reach $120,000 ($800 a month together) and July
   * runs from $120,000 to $140,000: $10,000 × 4% + $10,000 × 6% = $1,000, $500 each.
   */
  it('reads year-to-date tiers on the pooled agreements’ combined year', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const ytd = { royalty_percent: 4, royalty_tiers: [{ from_sales: 130_000, percent: 6 }] };
    const pooled = await franchisee(admin, 'Year Pool', {
      pooling: 'franchisee',
      tier_basis: 'year_to_date',
    });
    const alone = await franchisee(admin, 'Year Alone', { pooling: 'pooled', tier_basis: 'year_to_date' });
    const stores = [
      ...(await pooled.agreement('YP-1', 1, ytd)).stores,
      ...(await pooled.agreement('YP-2', 1, ytd)).stores,
      ...(await alone.agreement('YA-1', 1, ytd)).stores,
      ...(await alone.agreement('YA-2', 1, ytd)).stores,
    ];
    await sell(
      admin,
      stores.flatMap((store_id) =>
        Array.from({ length: 7 }, (_, m) => ({ store_id, period_start: `2026-0${m + 1}-01`, gross: 10_000 })),
      ),
    );
    for (const [month, together, apart] of [
      ['2026-06', 800, 800],
      ['2026-07', 1000, 800],
    ] as const) {
      const created = await invoiceMonth(admin, month);
      const royaltyOf = (id: number) => created.find((i) => i.franchisee.id === id)!.royalty;
      expect([month, royaltyOf(pooled.operator.id), royaltyOf(alone.operator.id)]).toEqual([
        month,
        together,
        apart,
      ]);
      const row = await report(observer, `${month}-01`, `${month}-${month === '2026-06' ? 30 : 31}`);
      expect([month, row('YP-1').royalty, row('YP-2').royalty]).toEqual([month, together / 2, together / 2]);
    }
  });

  it('keeps another team out of the pooling setting, refuses a reading that does not exist and keeps a franchisee’s member out of the rules and the report', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const made = await franchisee(admin, 'Private Pool', { pooling: 'franchisee' });
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect(
      (await stranger.put(`${api}/invoicing/settings/brands/${made.brand.id}`, { pooling: 'franchisee' }))
        .status,
    ).toBe(404);
    // A reading that does not exist is a 422 on the field.
    const bad = await admin.put(`${api}/invoicing/settings/brands/${made.brand.id}`, {
      pooling: 'per_brand',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ pooling: ['The selected pooling is invalid.'] });
    // The franchisee's own member reads their invoices, never the franchisor's rules or royalty report.
    const { client: member } = await buildFranchiseeMember(ctx, admin, team.id, [made.operator.id]);
    for (const [method, url, body] of [
      ['GET', `${api}/invoicing/settings`],
      ['PUT', `${api}/invoicing/settings/brands/${made.brand.id}`, { pooling: 'pooled' }],
      ['GET', `${api}/sales/reports/royalties?from=2026-03-01&to=2026-03-31`],
      ['GET', `${api}/sales/reports/royalties.csv?from=2026-03-01&to=2026-03-31`],
    ] as const)
      expect([method, url, (await member.request(method, url, body)).status]).toEqual([method, url, 403]);
  });
});
