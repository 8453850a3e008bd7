import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildAgreement, buildBrand, buildCompany, buildStore, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();
const api = '/app/api/v1/sales';

async function storesOf(client: Awaited<ReturnType<typeof teamWithRoles>>['admin']) {
  const operator = await buildCompany(client, { name: 'Moore Partners', kind: 'franchisee' });
  const brand = await buildBrand(client, { name: 'Sunrise Fitness' });
  const dallas = await buildStore(client, {
    name: 'Dallas',
    brand_id: brand.id,
    company_id: operator.id,
  });
  const austin = await buildStore(client, { name: 'Austin', brand_id: brand.id });
  return { operator, brand, dallas, austin };
}

describe('sales figures', () => {
  it('creates, lists with filters, updates and deletes a figure, with an audit trail', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { operator, brand, dallas, austin } = await storesOf(admin);
    const created = await admin.post(api, {
      store_id: dallas.id,
      period: 'month',
      period_start: '2026-03-01',
      gross: '12,500.50',
      net: 11000,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      store: { id: dallas.id, name: 'Dallas' },
      brand: { id: brand.id },
      franchisee: { id: operator.id },
      period: 'month',
      period_start: '2026-03-01',
      gross: 12500.5,
      net: 11000,
      abilities: { update: true, delete: true },
    });
    await admin.post(api, { store_id: austin.id, period: 'week', period_start: '2026-03-02', gross: 900 });
    expect(
      (await admin.post(api, { store_id: dallas.id, period: 'month', period_start: '2026-03-01', gross: 1 }))
        .body.errors,
    ).toEqual({ period_start: ['Sales for this store and period already exist.'] });

    const list = await observer.get(`${api}?filters[franchisee_id]=${operator.id}`);
    expect(list.body.meta.total).toBe(1);
    expect(list.body.data[0]).toMatchObject({ gross: 12500.5, abilities: { update: false, delete: false } });
    expect(
      (await admin.get(`${api}?filters[period]=week`)).body.data.map(
        (s: { store: { name: string } }) => s.store.name,
      ),
    ).toEqual(['Austin']);
    expect(
      (
        await admin.get(
          `${api}?filters[brand_id]=${brand.id}&filters[from]=2026-03-02&filters[to]=2026-03-31`,
        )
      ).body.meta.total,
    ).toBe(1);
    expect(
      (await admin.get(`${api}?sort=gross&direction=desc`)).body.data.map((s: { gross: number }) => s.gross),
    ).toEqual([12500.5, 900]);
    expect((await admin.get(`${api}?sort=name`)).status).toBe(422);

    const id = created.body.data.id;
    expect((await admin.patch(`${api}/${id}`, { gross: 13000 })).body.data).toMatchObject({
      gross: 13000,
      net: 11000,
    });
    expect((await admin.patch(`${api}/${id}`, { net: 14000 })).body.errors).toEqual({
      net: ['The net sales may not be greater than the gross sales.'],
    });
    expect((await admin.delete(`${api}/${id}`)).status).toBe(204);
    expect((await admin.get(`${api}/${id}`)).status).toBe(404);
    const audit = await admin.get('/app/api/v1/activities?filters[subject_type]=sales');
    expect(audit.status).toBe(200);
    expect(audit.body.data.map((a: { action: string }) => a.action).sort()).toEqual([
      'created',
      'created',
      'deleted',
      'updated',
    ]);
  });

  it('answers 422 per field, 403 to observers and 404 to other teams', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const { dallas } = await storesOf(admin);
    const bad = await admin.post(api, {
      store_id: dallas.id,
      period: 'week',
      period_start: '2026-03-03',
      gross: -5,
      net: 'lots',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      gross: ['The gross sales must be at least 0.'],
      net: ['The net sales must be between 0 and 1000000000.'],
    });
    expect(
      (await admin.post(api, { store_id: dallas.id, period: 'week', period_start: '2026-03-03', gross: 5 }))
        .body.errors,
    ).toEqual({ period_start: ['A weekly period must start on a Monday.'] });
    expect(
      (await admin.post(api, { store_id: dallas.id, period: 'month', period_start: '2026-03-15', gross: 1 }))
        .body.errors,
    ).toEqual({ period_start: ['A monthly period must start on the first day of the month.'] });
    expect((await admin.post(api, { period: 'year', period_start: 'soon' })).body.errors).toMatchObject({
      store_id: ['The store field is required.'],
      period: ['The selected period is invalid.'],
      period_start: ['The period start is not a valid date.'],
      gross: expect.any(Array),
    });
    // Another team's store is as good as missing.
    expect(
      (
        await stranger.post(api, {
          store_id: dallas.id,
          period: 'month',
          period_start: '2026-03-01',
          gross: 1,
        })
      ).body.errors,
    ).toEqual({ store_id: ['The selected store is invalid.'] });

    expect(
      (
        await observer.post(api, {
          store_id: dallas.id,
          period: 'month',
          period_start: '2026-03-01',
          gross: 1,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await observer.post(`${api}/batch`, {
          rows: [{ store_id: dallas.id, period_start: '2026-03-01', gross: 1 }],
        })
      ).status,
    ).toBe(403);
    const id = (
      await admin.post(api, { store_id: dallas.id, period: 'month', period_start: '2026-03-01', gross: 100 })
    ).body.data.id;
    expect((await observer.patch(`${api}/${id}`, { gross: 5 })).status).toBe(403);
    expect((await observer.delete(`${api}/${id}`)).status).toBe(403);
    for (const [method, url] of [
      ['GET', `${api}/${id}`],
      ['PATCH', `${api}/${id}`],
      ['DELETE', `${api}/${id}`],
    ] as const) {
      expect(
        (await stranger.request(method, url, method === 'PATCH' ? { gross: 1 } : undefined)).status,
        `${method} ${url}`,
      ).toBe(404);
    }
    expect((await stranger.get(api)).body.meta.total).toBe(0);
    expect(
      (await stranger.get(`${api}/reports/summary?from=2026-01-01&to=2026-12-31`)).body.data.rows,
    ).toEqual([]);
  });

  it('saves a grid batch all or nothing, rejecting or merging existing periods', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { dallas, austin } = await storesOf(admin);
    const rows = [
      { store_id: dallas.id, period: 'month', period_start: '2026-01-01', gross: 1000 },
      { store_id: dallas.id, period: 'month', period_start: '2026-02-01', gross: 2000 },
      { store_id: austin.id, period: 'month', period_start: '2026-01-01', gross: 3000 },
    ];
    expect((await admin.post(`${api}/batch`, { rows })).body.data).toEqual({ created: 3, updated: 0 });

    const again = [
      { store_id: austin.id, period: 'month', period_start: '2026-02-01', gross: 10 },
      { ...rows[1], gross: 2500 },
      { store_id: austin.id, period: 'month', period_start: '2026-03-01', gross: 'x' },
    ];
    const rejected = await admin.post(`${api}/batch`, { rows: again, on_duplicate: 'reject' });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors).toEqual({
      'rows.2.gross': ['The gross sales must be between 0 and 1000000000.'],
      'rows.1.period_start': ['Sales for this store and period already exist.'],
    });
    expect((await admin.get(api)).body.meta.total).toBe(3);

    const merged = await admin.post(`${api}/batch`, { rows: again.slice(0, 2), on_duplicate: 'merge' });
    expect(merged.body.data).toEqual({ created: 1, updated: 1 });
    const list = await admin.get(`${api}?filters[store_id]=${dallas.id}`);
    expect(
      list.body.data.map((s: { period_start: string; gross: number }) => [s.period_start, s.gross]),
    ).toEqual([
      ['2026-02-01', 2500],
      ['2026-01-01', 1000],
    ]);
    const twice = { store_id: austin.id, period: 'day', period_start: '2026-05-05', gross: 1 };
    expect((await admin.post(`${api}/batch`, { rows: [twice, twice] })).body.errors).toEqual({
      'rows.1.period_start': ['This store and period appear twice in the batch (also row 1).'],
    });
    expect(
      (await admin.post(`${api}/batch`, { rows: [], on_duplicate: 'sometimes' })).body.errors,
    ).toMatchObject({
      rows: ['The rows field is required.'],
      on_duplicate: ['The selected duplicate handling is invalid.'],
    });
  });

  it('lets grid saves of the same stores at the same moment all succeed: merged in turn, never a 500 or a lost figure', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { dallas, austin } = await storesOf(admin);
    const months = ['2025-01-01', '2025-02-01', '2025-03-01', '2025-04-01'];
    // Half the figures exist; each save writes all of them (merging the rest in), the stores in opposite orders.
    await admin.post(`${api}/batch`, {
      rows: months
        .slice(0, 2)
        .map((m) => ({ store_id: dallas.id, period: 'month', period_start: m, gross: 1 })),
    });
    const save = (gross: number, stores: Array<{ id: number }>) =>
      admin.post(`${api}/batch`, {
        on_duplicate: 'merge',
        rows: stores.flatMap((store) =>
          months.map((m) => ({ store_id: store.id, period: 'month', period_start: m, gross })),
        ),
      });
    const answers = await Promise.all([
      save(10, [dallas, austin]),
      save(20, [austin, dallas]),
      save(30, [dallas, austin]),
      save(40, [austin, dallas]),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.body.data.created, 0)).toBe(6);
    const figures = (await admin.get(`${api}?per_page=100`)).body.data as Array<{
      store: { id: number };
      period_start: string;
      gross: number;
    }>;
    expect(figures).toHaveLength(8);
    // One save's figures won everywhere: saves ran one after another, not interleaved row by row.
    expect(new Set(figures.map((f) => f.gross)).size).toBe(1);
    // The yearly roll-up the reports read agrees with the rows.
    const rollUp = await sql<{
      rows: number;
      gross: number;
    }>`select rows_01 + rows_02 + rows_03 + rows_04 as rows, gross_01 + gross_02 + gross_03 + gross_04 as gross
      from sales_store_years where year = 2025 and store_id in (${dallas.id}, ${austin.id})`.execute(ctx.db);
    const winner = figures[0]!.gross * 100;
    expect(rollUp.rows.map((r) => [Number(r.rows), Number(r.gross)])).toEqual([
      [4, 4 * winner],
      [4, 4 * winner],
    ]);
  });

  it('reports sales by store, brand, franchisee and period against last year', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { dallas, austin } = await storesOf(admin);
    await admin.post(`${api}/batch`, {
      rows: [
        { store_id: dallas.id, period_start: '2025-01-01', gross: 800 },
        { store_id: dallas.id, period_start: '2026-01-01', gross: 1000 },
        { store_id: dallas.id, period: 'day', period_start: '2026-04-10', gross: 50, net: 40 },
        { store_id: austin.id, period_start: '2026-02-01', gross: 3000 },
      ],
    });
    const byStore = (await admin.get(`${api}/reports/summary?from=2026-01-01&to=2026-12-31&group_by=store`))
      .body.data;
    expect(byStore.rows).toEqual([
      {
        key: String(austin.id),
        label: 'Austin',
        gross: 3000,
        net: 3000,
        previous_gross: 0,
        change_percent: null,
      },
      {
        key: String(dallas.id),
        label: 'Dallas',
        gross: 1050,
        net: 1040,
        previous_gross: 800,
        change_percent: 31.3,
      },
    ]);
    expect(byStore.total).toMatchObject({ gross: 4050, previous_gross: 800 });
    expect(
      (
        await admin.get(`${api}/reports/summary?from=2026-01-01&to=2026-12-31&group_by=franchisee`)
      ).body.data.rows.map((r: { label: string; gross: number }) => [r.label, r.gross]),
    ).toEqual([
      ['No operating company', 3000],
      ['Moore Partners', 1050],
    ]);
    expect(
      (await admin.get(`${api}/reports/summary?from=2026-01-01&to=2026-12-31&group_by=brand`)).body.data.rows,
    ).toMatchObject([{ label: 'Sunrise Fitness', gross: 4050 }]);
    const quarters = (
      await admin.get(
        `${api}/reports/summary?from=2026-01-01&to=2026-12-31&group_by=period&granularity=quarter`,
      )
    ).body.data.rows;
    expect(
      quarters.map((r: { key: string; label: string; gross: number; previous_gross: number }) => [
        r.key,
        r.label,
        r.gross,
        r.previous_gross,
      ]),
    ).toEqual([
      ['2026-Q1', 'Q1 2026', 4000, 800],
      ['2026-Q2', 'Q2 2026', 50, 0],
    ]);
    const months = (await admin.get(`${api}/reports/summary?from=2026-01-01&to=2026-12-31&group_by=period`))
      .body.data.rows;
    expect(months.map((r: { label: string }) => r.label)).toEqual(['Jan 2026', 'Feb 2026', 'Apr 2026']);
    const bad = await admin.get(`${api}/reports/summary?from=2026-12-31&to=2026-01-01&group_by=city`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ to: ['The to date must be on or after the from date.'] });
    expect(
      (await admin.get(`${api}/reports/summary?from=2026-01-01&to=2026-12-31&group_by=city`)).body.errors,
    ).toEqual({ group_by: ['The selected group by is invalid.'] });
  });

  it('computes royalties due per agreement with tiers, minimum and marketing fund, and exports them', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const stranger = (await teamWithRoles(ctx)).admin;
    const { brand, operator, dallas, austin } = await storesOf(admin);
    const tiered = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      franchisee_id: operator.id,
      store_ids: [dallas.id, austin.id],
      agreement_number: 'FA-1',
      status: 'open',
      royalty_percent: 6,
      royalty_tiers: [{ from_sales: 10000, percent: 4 }],
      royalty_minimum: 300,
      marketing_percent: 2,
      reporting_frequency: 'monthly',
    });
    expect(tiered.status).toBe(201);
    const flat = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      store_ids: [austin.id],
      agreement_number: 'FA-2',
      status: 'open',
      royalty_percent: 5,
      reporting_frequency: 'quarterly',
    });
    await admin.post(`${api}/batch`, {
      rows: [
        // January: 15,000 across both stores → 10,000 × 6% + 5,000 × 4% = 800.
        { store_id: dallas.id, period_start: '2026-01-01', gross: 9000 },
        { store_id: austin.id, period_start: '2026-01-01', gross: 6000 },
        // February: Dallas 1,000; Austin's report is missing, estimated from January (6,000): 7,000 → 420.
        // March: both missing, estimated from their reports (Dallas (9,000 + 1,000) / 2, Austin 6,000): 640.
        { store_id: dallas.id, period: 'week', period_start: '2026-02-02', gross: 1000 },
        // Outside the range.
        { store_id: dallas.id, period_start: '2026-04-01', gross: 99999 },
      ],
    });
    const report = await observer.get(`${api}/reports/royalties?from=2026-01-01&to=2026-03-31`);
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual([
      {
        agreement: {
          id: tiered.body.data.id,
          agreement_number: 'FA-1',
          brand: 'Sunrise Fitness',
          franchisee: 'Moore Partners',
        },
        store_count: 2,
        reporting_frequency: 'monthly',
        periods: 3,
        basis: 'estimated',
        estimated_reports: 3,
        missing_reports: 0,
        sales: 33000,
        royalty: 1860,
        minimum_top_up: 0,
        marketing: 660,
        total_due: 2520,
        tiers: { basis: 'period', year: 'calendar', since: null, pooling: 'pooled' },
      },
      {
        agreement: {
          id: flat.body.data.id,
          agreement_number: 'FA-2',
          brand: 'Sunrise Fitness',
          franchisee: null,
        },
        store_count: 1,
        reporting_frequency: 'quarterly',
        periods: 1,
        basis: 'reported',
        estimated_reports: 0,
        missing_reports: 0,
        sales: 6000,
        royalty: 300,
        minimum_top_up: 0,
        marketing: 0,
        total_due: 300,
        tiers: { basis: 'period', year: 'calendar', since: null, pooling: 'pooled' },
      },
    ]);
    // Sixteen months: 2025's reports are missing with nothing to estimate them from, so its months are left
    // out (never billed as zero sales with a minimum top-up). FA-1's April: Dallas 99,999 and Austin's estimate
    // 6,000 → 600 + 3,839.96. FA-2's second quarter is estimated from the first.
    const wide = await observer.get(`${api}/reports/royalties?from=2025-01-01&to=2026-04-30`);
    expect(
      wide.body.data.map((r: Record<string, unknown>) => [
        r.periods,
        r.basis,
        r.estimated_reports,
        r.missing_reports,
        r.sales,
        r.royalty,
        r.minimum_top_up,
        r.marketing,
        r.total_due,
      ]),
    ).toEqual([
      [4, 'missing', 4, 24, 138999, 6299.96, 0, 2779.98, 9079.94],
      [2, 'missing', 1, 4, 12000, 600, 0, 0, 600],
    ]);
    const csv = await admin.get(`${api}/reports/royalties.csv?from=2026-01-01&to=2026-03-31`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = String(csv.body);
    expect(text).toContain(
      'Agreement,Brand,Franchisee,Stores,Pooling,Reporting,Periods,Basis,Estimated reports,Missing reports,Sales,Royalty,Minimum top-up,Marketing fund,Total due',
    );
    expect(text).toContain(
      'FA-1,Sunrise Fitness,Moore Partners,2,pooled across 2 stores,monthly,3,estimated,3,0,33000.00,1860.00,0.00,660.00,2520.00',
    );
    expect((await stranger.get(`${api}/reports/royalties?from=2026-01-01&to=2026-03-31`)).body.data).toEqual(
      [],
    );
    expect((await admin.get(`${api}/reports/royalties?from=2026-01-01`)).body.errors).toEqual({
      to: ['The to is not a valid date.'],
    });
  });

  it('buckets weekly-reporting agreements by Monday weeks, from day, week and month figures', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { brand, dallas } = await storesOf(admin);
    const agreement = await admin.post('/app/api/v1/agreements', {
      brand_id: brand.id,
      store_ids: [dallas.id],
      agreement_number: 'W-1',
      status: 'open',
      royalty_percent: 10,
      royalty_minimum: 80,
      reporting_frequency: 'weekly',
    });
    await admin.post(`${api}/batch`, {
      rows: [
        { store_id: dallas.id, period: 'week', period_start: '2026-03-02', gross: 1000 },
        { store_id: dallas.id, period: 'day', period_start: '2026-03-10', gross: 500 },
        // Starts on Sunday 1 March: the week of 23 February, before the range.
        { store_id: dallas.id, period: 'month', period_start: '2026-03-01', gross: 99999 },
      ],
    });
    const report = await admin.get(`${api}/reports/royalties?from=2026-03-04&to=2026-03-15`);
    expect(report.body.data).toEqual([
      {
        agreement: {
          id: agreement.body.data.id,
          agreement_number: 'W-1',
          brand: 'Sunrise Fitness',
          franchisee: null,
        },
        store_count: 1,
        reporting_frequency: 'weekly',
        periods: 2,
        basis: 'reported',
        estimated_reports: 0,
        missing_reports: 0,
        sales: 1500,
        royalty: 150,
        minimum_top_up: 30,
        marketing: 0,
        total_due: 180,
        tiers: { basis: 'period', year: 'calendar', since: null, pooling: 'pooled' },
      },
    ]);
  });

  it('adds the last twelve months of royalties to the dashboard expenditure', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { brand, dallas } = await storesOf(admin);
    await buildAgreement(admin, {
      brand_id: brand.id,
      store_ids: [dallas.id],
      status: 'open',
      royalty_percent: 10,
      marketing_percent: 1,
      technology_fee: 100,
    });
    // 12 × $100 technology fee before any sales.
    expect((await admin.get('/app/api/v1/dashboard')).body.data.stats.expenditure).toBe(1200);
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await admin.post(api, {
      store_id: dallas.id,
      period_start: lastMonth.toISOString().slice(0, 10),
      gross: 50000,
    });
    // Plus 10% royalty and 1% marketing fund on last month's $50,000.
    expect((await admin.get('/app/api/v1/dashboard')).body.data.stats.expenditure).toBe(1200 + 5000 + 500);
  });
});
