import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
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
import type { TestClient } from '../../../test/client';

const ctx = useTestApp();
const api = '/app/api/v1';

type Invoice = { id: number; franchisee: { id: number }; royalty: number; marketing: number; total: number };
type ReportRow = {
  agreement: { franchisee: string | null };
  store_count: number;
  periods: number;
  sales: number;
  royalty: number;
  minimum_top_up: number;
  marketing: number;
  total_due: number;
  tiers: { basis: string; year: string; since: string | null; pooling: string };
};

/**
 * A franchisee with two stores under one monthly agreement of its own brand (the pooling setting is the
 * brand's), and the monthly sales given for both stores.
 */
async function twoStores(
  client: TestClient,
  name: string,
  terms: Record<string, unknown>,
  months: Array<{ month: string; first: number; second: number }>,
) {
  const operator = await buildCompany(client, { name, kind: 'franchisee' });
  const brand = await buildBrand(client, { name: `Brand ${name}` });
  const first = await buildStore(client, {
    name: `${name} North`,
    brand_id: brand.id,
    company_id: operator.id,
  });
  const second = await buildStore(client, {
    name: `${name} South`,
    brand_id: brand.id,
    company_id: operator.id,
  });
  await buildAgreement(client, {
    brand_id: brand.id,
    franchisee_id: operator.id,
    store_ids: [first.id, second.id],
    agreement_number: `FA-${operator.id}`,
    status: 'open',
    reporting_frequency: 'monthly',
    ...terms,
  });
  const rows = months.flatMap(({ month, first: a, second: b }) => [
    { store_id: first.id, period_start: `${month}-01`, gross: a },
    { store_id: second.id, period_start: `${month}-01`, gross: b },
  ]);
  if (rows.length) expect((await client.post(`${api}/sales/batch`, { rows })).status).toBe(200);
  return { operator, brand };
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
  return (name: string) => rows.find((r) => r.agreement.franchisee === name)!;
}

/*
 * Tiers per period. Each agreement: 4% royalty, 6% on a period's sales from $30,000, a $650 minimum per
 * period, 2% marketing. March 2026: North $20,000.50, South $15,000.25 (together $35,000.75).
 * - Pooled: $30,000 × 4% = $1,200 + $5,000.75 × 6% = $300.045 → $1,500.05 (half a cent rounds up), over the
 *   minimum; marketing $35,000.75 × 2% = $700.015 → $700.02. Total $2,200.07.
 * - Per store, neither store reaches $30,000: North $20,000.50 × 4% = $800.02; South $15,000.25 × 4% =
 *   $600.01, short of the minimum by $49.99. Royalty $1,400.03 + $49.99 shortfall = $1,450.02 on the invoice;
 *   marketing North $400.01 + South $300.005 → $300.01 = $700.02. Total $2,150.04.
 */
describe('royalty tiers per store or pooled, alike in the invoice and the royalty report', () => {
  const terms = {
    effective_date: '2025-01-01',
    royalty_percent: 4,
    royalty_tiers: [{ from_sales: 30_000, percent: 6 }],
    royalty_minimum: 650,
    marketing_percent: 2,
  };
  const march = [{ month: '2026-03', first: 20_000.5, second: 15_000.25 }];

  it('crosses a period tier only pooled, and the report and the invoice agree to the cent and say which reading', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const pooled = await twoStores(admin, 'Pool Partners', terms, march);
    const perStore = await twoStores(admin, 'Single Partners', terms, march);
    const settings = await admin.put(`${api}/invoicing/settings/brands/${perStore.brand.id}`, {
      pooling: 'per_store',
    });
    expect(settings.body.data).toMatchObject({ pooling: 'per_store', tier_basis: 'period' });

    const invoices = await invoiceMonth(admin, '2026-03');
    const invoiceOf = (operatorId: number) => invoices.find((i) => i.franchisee.id === operatorId)!;
    expect(invoiceOf(pooled.operator.id)).toMatchObject({
      royalty: 1500.05,
      marketing: 700.02,
      total: 2200.07,
    });
    expect(invoiceOf(perStore.operator.id)).toMatchObject({
      royalty: 1450.02,
      marketing: 700.02,
      total: 2150.04,
    });
    const lines = (
      await observer.get(`${api}/invoices/${invoiceOf(perStore.operator.id).id}`)
    ).body.data.lines.map((l: { kind: string; description: string; amount: number }) => [
      l.kind,
      l.description.split(', ')[2],
      l.amount,
    ]);
    expect(lines).toEqual([
      ['royalty', 'Single Partners North', 800.02],
      ['marketing', 'Single Partners North', 400.01],
      ['royalty', 'Single Partners South', 600.01],
      ['minimum', 'Single Partners South', 49.99],
      ['marketing', 'Single Partners South', 300.01],
    ]);

    const row = await report(observer, '2026-03-01', '2026-03-31');
    expect(row('Pool Partners')).toMatchObject({
      store_count: 2,
      periods: 1,
      royalty: 1500.05,
      minimum_top_up: 0,
      marketing: 700.02,
      total_due: 2200.07,
      tiers: { basis: 'period', pooling: 'pooled' },
    });
    expect(row('Single Partners')).toMatchObject({
      store_count: 2,
      periods: 1,
      royalty: 1400.03,
      minimum_top_up: 49.99,
      marketing: 700.02,
      total_due: 2150.04,
      tiers: { basis: 'period', pooling: 'per_store' },
    });
    // The invoice's royalty holds the minimum's shortfall line; the report shows it as the top-up.
    for (const [name, { operator }] of [
      ['Pool Partners', pooled],
      ['Single Partners', perStore],
    ] as const) {
      const invoice = invoiceOf(operator.id);
      expect(row(name).royalty + row(name).minimum_top_up).toBeCloseTo(invoice.royalty, 2);
      expect(row(name).total_due).toBe(invoice.total);
    }

    // Switching the brand back to pooled changes the report's figure and its reading at once.
    expect(
      (await admin.put(`${api}/invoicing/settings/brands/${perStore.brand.id}`, { pooling: 'pooled' }))
        .status,
    ).toBe(200);
    expect((await report(observer, '2026-03-01', '2026-03-31'))('Single Partners')).toMatchObject({
      royalty: 1500.05,
      minimum_top_up: 0,
      total_due: 2200.07,
      tiers: { pooling: 'pooled' },
    });
  });

  /*
   * Year-to-date tiers. Each agreement: effective 2025-07-01, 4% royalty, 6% on the tier year's sales from
   * $130,000; each store sells $10,000 a month from July 2025 to July 2026 ($20,000 together).
   * - Per store a store's year never passes $120,000 (12 × $10,000): 4% always, $400 a store, $800 a month.
   * - Pooled, calendar year: January–June 2026 reach $120,000 ($800 a month); July runs from $120,000 to
   *   $140,000: $10,000 × 4% + $10,000 × 6% = $1,000.
   * - Pooled, agreement year (from 1 July): July–December 2025 reach $120,000, so January 2026 runs from
   *   $120,000 to $140,000 ($1,000), February–June are wholly over $130,000 ($20,000 × 6% = $1,200 each), and
   *   July 2026 starts the new agreement year at $0 ($800).
   * - The report over January–June 2026: calendar pooled 6 × $800 = $4,800; agreement pooled $1,000 +
   *   5 × $1,200 = $7,000 (the year-to-date royalty of $240,000, $5,200 + $6,600 = $11,800, less that of
   *   $120,000, $4,800); per store, either year, 6 × $800 = $4,800. July alone: calendar pooled $1,000, agreement
   *   pooled $800, per store $800.
   */
  it('reads year-to-date tiers over a calendar or an agreement year, pooled or per store, alike in both', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const months = Array.from({ length: 13 }, (_, i) => ({
      month: `${2025 + Math.floor((6 + i) / 12)}-${String(((6 + i) % 12) + 1).padStart(2, '0')}`,
      first: 10_000,
      second: 10_000,
    }));
    const ytd = {
      effective_date: '2025-07-01',
      royalty_percent: 4,
      royalty_tiers: [{ from_sales: 130_000, percent: 6 }],
    };
    const readings = [
      ['Calendar Pool', { tier_basis: 'year_to_date', tier_year: 'calendar', pooling: 'pooled' }],
      ['Anniversary Pool', { tier_basis: 'year_to_date', tier_year: 'agreement', pooling: 'pooled' }],
      ['Calendar Single', { tier_basis: 'year_to_date', tier_year: 'calendar', pooling: 'per_store' }],
      ['Anniversary Single', { tier_basis: 'year_to_date', tier_year: 'agreement', pooling: 'per_store' }],
    ] as const;
    const franchisees = [];
    for (const [name, rules] of readings) {
      const built = await twoStores(admin, name, ytd, months);
      expect((await admin.put(`${api}/invoicing/settings/brands/${built.brand.id}`, rules)).status).toBe(200);
      franchisees.push({ name, ...built });
    }

    const expected: Record<string, { invoices: number[]; half: number; july: number }> = {
      'Calendar Pool': { invoices: [800, 800, 1000], half: 4800, july: 1000 },
      'Anniversary Pool': { invoices: [1000, 1200, 800], half: 7000, july: 800 },
      'Calendar Single': { invoices: [800, 800, 800], half: 4800, july: 800 },
      'Anniversary Single': { invoices: [800, 800, 800], half: 4800, july: 800 },
    };
    const invoiced = new Map<string, number[]>();
    for (const month of ['2026-01', '2026-06', '2026-07']) {
      const created = await invoiceMonth(admin, month);
      for (const { name, operator } of franchisees)
        invoiced.set(name, [
          ...(invoiced.get(name) ?? []),
          created.find((i) => i.franchisee.id === operator.id)!.royalty,
        ]);
      // Each month's report row is that month's invoice, whatever the reading.
      const row = await report(observer, `${month}-01`, `${month}-${month === '2026-06' ? 30 : 31}`);
      for (const { name, operator } of franchisees)
        expect([name, month, row(name).royalty]).toEqual([
          name,
          month,
          created.find((i) => i.franchisee.id === operator.id)!.royalty,
        ]);
    }
    for (const { name } of franchisees)
      expect([name, invoiced.get(name)]).toEqual([name, expected[name]!.invoices]);

    const half = await report(observer, '2026-01-01', '2026-06-30');
    const july = await report(observer, '2026-07-01', '2026-07-31');
    for (const { name } of franchisees) {
      expect([name, half(name).royalty, july(name).royalty]).toEqual([
        name,
        expected[name]!.half,
        expected[name]!.july,
      ]);
    }
    expect(half('Anniversary Pool').tiers).toEqual({
      basis: 'year_to_date',
      year: 'agreement',
      since: '2025-07-01',
      pooling: 'pooled',
    });
    expect(half('Calendar Single').tiers).toEqual({
      basis: 'year_to_date',
      year: 'calendar',
      since: '2026-01-01',
      pooling: 'per_store',
    });
  });

  /*
   * The term starts on the opening date, the effective date only without one, in both: effective 2025-01-01,
   * opened 2026-03-01, a $500 minimum. January and February 2026 owe no minimum, get no invoice and expect no
   * report, and February's $1,000 a store (a soft opening, before the term) owes no royalty in either; March,
   * with $5,000 a store at 4% ($200 each, $400 pooled), is topped up to $500.
   */
  it('starts the term on the opening date in the invoice and the report alike', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    await twoStores(
      admin,
      'Late Opener',
      {
        effective_date: '2025-01-01',
        opening_date: '2026-03-01',
        royalty_percent: 4,
        royalty_minimum: 500,
      },
      [
        { month: '2026-02', first: 1_000, second: 1_000 },
        { month: '2026-03', first: 5_000, second: 5_000 },
      ],
    );
    // February is wholly before the term: no invoice at all, not one for $0.
    expect(await invoiceMonth(admin, '2026-02')).toEqual([]);
    const [invoice] = await invoiceMonth(admin, '2026-03');
    expect(invoice).toMatchObject({ royalty: 500, total: 500 });
    const row = (await report(observer, '2026-01-01', '2026-03-31'))('Late Opener');
    expect(row).toMatchObject({
      basis: 'reported',
      missing_reports: 0,
      periods: 1,
      sales: 10_000,
      royalty: 400,
      minimum_top_up: 100,
      total_due: 500,
    });
  });

  it('keeps the report to its team and from a franchisee’s members, whatever the pooling', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const { operator, brand } = await twoStores(admin, 'Private Pool', terms, march);
    await admin.put(`${api}/invoicing/settings/brands/${brand.id}`, { pooling: 'per_store' });
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect(
      (await stranger.get(`${api}/sales/reports/royalties?from=2026-03-01&to=2026-03-31`)).body.data,
    ).toEqual([]);
    expect(
      String((await stranger.get(`${api}/sales/reports/royalties.csv?from=2026-03-01&to=2026-03-31`)).body),
    ).not.toContain('Private Pool');
    expect(
      (await stranger.put(`${api}/invoicing/settings/brands/${brand.id}`, { pooling: 'pooled' })).status,
    ).toBe(404);

    // A member limited to the franchisee reads its stores' figures and its own invoices (none yet), never the
    // franchisor's report or rules.
    const { client: franchisee } = await buildFranchiseeMember(ctx, admin, team.id, [operator.id]);
    for (const url of [
      `${api}/sales/reports/royalties?from=2026-03-01&to=2026-03-31`,
      `${api}/sales/reports/royalties.csv?from=2026-03-01&to=2026-03-31`,
      `${api}/invoicing/settings`,
    ])
      expect([url, (await franchisee.get(url)).status]).toEqual([url, 403]);
    expect((await franchisee.get(`${api}/invoices`)).body.meta.total).toBe(0);
    expect((await franchisee.get(`${api}/sales?per_page=100`)).body.meta.total).toBe(2);
  });
});
