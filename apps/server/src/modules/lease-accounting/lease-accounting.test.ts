import { describe, expect, it } from 'vitest';
import { monthInterestCents, presentValueCents } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import { buildLease, teamWithRoles } from '../../../test/factories';

const ctx = useTestApp();

/** Five years from 2025-01-01: $10,000 a month for two years, then $10,300. */
const fiveYearLease = {
  status: 'active',
  commencement_date: '2025-01-01',
  expiration_date: '2029-12-31',
  rent_schedule: [
    { start_date: '2025-01-01', end_date: '2026-12-31', monthly_amount: 10_000 },
    { start_date: '2027-01-01', end_date: '2029-12-31', monthly_amount: 10_300 },
  ],
  options: [{ kind: 'renewal', count: 1, length_months: 60, notice_days: 180 }],
} as const;

const payments = [...Array(24).fill(1_000_000), ...Array(36).fill(1_030_000)] as number[];

describe('lease accounting profile and schedule', () => {
  it('starts unsaved and says what is missing; a saved rate gives the schedule whose first month accrues on the liability', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, fiveYearLease);
    const url = `/app/api/v1/leases/${lease.id}/accounting`;

    const initial = await manager.get(url);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toMatchObject({
      saved: false,
      standard: 'asc842',
      rate_convention: 'nominal',
      payment_timing: 'advance',
      rounding: 'half_up',
      // Every reading follows the team until the profile chooses its own.
      rate_convention_source: 'team',
      payment_timing_source: 'team',
      rounding_source: 'team',
      precision_source: 'team',
      resolved: { classification: 'operating', term_months: 60, discount_rate: null },
      abilities: { update: true },
    });
    expect(Object.keys(initial.body.data.problems)).toEqual(['discount_rate']);
    expect((await manager.get(`${url}/schedule`)).status).toBe(422);

    const saved = await manager.put(url, {
      discount_rate: 2.25,
      payment_timing: 'arrears',
      initial_direct_costs: 1500,
      incentives: 6000,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      saved: true,
      discount_rate: 2.25,
      initial_direct_costs: 1500,
      incentives: 6000,
      resolved: { expense_model: 'straight_line', rate_source: 'lease', term_end: '2029-12-31' },
      problems: {},
    });

    const schedule = await manager.get(`${url}/schedule`);
    expect(schedule.status).toBe(200);
    const data = schedule.body.data;
    const liabilityCents = presentValueCents(payments, 2.25, 'nominal', 'arrears');
    expect(Math.round(data.initial_liability * 100)).toBe(liabilityCents);
    expect(data.initial_rou_asset).toBeCloseTo((liabilityCents + 150_000 - 600_000) / 100, 2);
    expect(data.rows).toHaveLength(60);
    expect(data.rows[0]).toMatchObject({ month: 1, period: '2025-01', payment: 10_000 });
    expect(Math.round(data.rows[0].interest * 100)).toBe(monthInterestCents(liabilityCents, 2.25, 'nominal'));
    // One straight-line cost each month: (payments + IDC − incentives) ÷ 60, within a cent.
    const costs = data.rows.map((row: { straight_line_cost: number }) => row.straight_line_cost);
    expect(Math.max(...costs) - Math.min(...costs)).toBeLessThanOrEqual(0.01);
    expect(data.rows[59]).toMatchObject({ liability_closing: 0, rou_closing: 0 });
  });

  it("uses the team's borrowing rate for the term when the lease has none; a reasonably certain renewal lengthens the term", async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, fiveYearLease);
    const settings = '/app/api/v1/lease-accounting/settings';
    const bands = {
      borrowing_rates: [
        { up_to_months: 60, rate: 5 },
        { up_to_months: 120, rate: 6.5 },
      ],
    };
    expect((await manager.put(settings, bands)).status).toBe(403);
    expect((await observer.get(settings)).body.data.abilities).toEqual({ update: false });
    const saved = await admin.put(settings, bands);
    expect(saved.status).toBe(200);
    expect(saved.body.data.borrowing_rates).toEqual(bands.borrowing_rates);
    const duplicate = await admin.put(settings, {
      borrowing_rates: [
        { up_to_months: 60, rate: 5 },
        { up_to_months: 60, rate: 6 },
      ],
    });
    expect(duplicate.status).toBe(422);

    const url = `/app/api/v1/leases/${lease.id}/accounting`;
    const fiveYears = await manager.put(url, {});
    expect(fiveYears.body.data.resolved).toMatchObject({ discount_rate: 5, rate_source: 'team_table' });

    const tenYears = await manager.put(url, {
      standard: 'ifrs16',
      reasonably_certain_options: [0],
      renewal_increase_percent: 10,
    });
    expect(tenYears.status).toBe(200);
    expect(tenYears.body.data.resolved).toMatchObject({
      term_end: '2034-12-31',
      term_months: 120,
      discount_rate: 6.5,
      expense_model: 'interest_and_amortization',
    });
    const rows = (await manager.get(`${url}/schedule`)).body.data.rows;
    expect(rows).toHaveLength(120);
    expect(rows[60]).toMatchObject({ period: '2030-01', payment: 11_330, straight_line_cost: null });
    // Straight-line amortization of the asset over the term, within a cent each month.
    expect(Math.abs(rows[0].rou_amortization - rows[119].rou_amortization)).toBeLessThanOrEqual(0.01);
  });

  it('refuses what the standard does not allow, field by field', async () => {
    const { admin } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, fiveYearLease);
    const url = `/app/api/v1/leases/${lease.id}/accounting`;
    const errorsOf = async (body: unknown) => {
      const response = await admin.put(url, body);
      expect(response.status).toBe(422);
      return response.body.errors as Record<string, string[]>;
    };
    expect(Object.keys(await errorsOf({ classification_override: 'finance' }))).toEqual([
      'classification_reason',
    ]);
    expect((await errorsOf({ exemption: 'short_term', discount_rate: 4 })).exemption?.[0]).toMatch(
      /12 months or less/,
    );
    expect(Object.keys(await errorsOf({ exemption: 'low_value' }))).toEqual(['exemption']);
    expect(Object.keys(await errorsOf({ discount_rate: 140 }))).toEqual(['discount_rate']);
    expect(await errorsOf({ discount_rate: 2.1234567 })).toEqual({
      discount_rate: ['The discount rate may have at most six decimals.'],
    });
    // A subnormal number is a rate of 0 to six decimals, not 21 characters for the rate's column (it was a 500).
    const tiny = await admin.put(url, { discount_rate: 4.24646539039877e-310 });
    expect(tiny.status).toBe(200);
    expect(tiny.body.data.discount_rate).toBe(0);
    expect(Object.keys(await errorsOf({ incentives: 10.001 }))).toEqual(['incentives']);
    expect(Object.keys(await errorsOf({ reasonably_certain_options: [3] }))).toEqual([
      'reasonably_certain_options',
    ]);

    // An override with its reason stands beside the criteria it overrules.
    const overridden = await admin.put(url, {
      discount_rate: 4,
      classification_answers: { specialized_asset: true },
      classification_override: 'operating',
      classification_reason: 'The fit-out is removable and re-lettable.',
    });
    expect(overridden.body.data.resolved).toMatchObject({
      classification: 'operating',
      criteria_met: ['specialized_asset'],
      overridden: true,
    });
    const finance = await admin.put(url, {
      discount_rate: 4,
      classification_answers: { major_part_of_economic_life: true },
    });
    expect(finance.body.data.resolved).toMatchObject({
      classification: 'finance',
      expense_model: 'interest_and_amortization',
    });
  });

  it('exports the schedule as CSV and XLSX', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, fiveYearLease);
    const url = `/app/api/v1/leases/${lease.id}/accounting`;
    await admin.put(url, { discount_rate: 2.25, payment_timing: 'arrears' });
    const first = (await admin.get(`${url}/schedule`)).body.data.rows[0];

    const csv = await observer.get(`${url}/schedule/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(61);
    expect(lines[0]).toBe(
      'Month,Period,Period start,Payment,Interest,Principal,Liability opening,Liability closing,ROU asset opening,ROU amortization,ROU asset closing,Straight-line cost,Total expense,Rounded to',
    );
    expect(lines[1]?.split(',').at(-1)).toBe('cent (team default)');
    expect(lines[1]?.split(',').slice(0, 5)).toEqual([
      '1',
      '2025-01',
      '2025-01-01',
      '10000.00',
      first.interest.toFixed(2),
    ]);

    const xlsx = await observer.get(`${url}/schedule/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
    expect((await observer.get(`${url}/schedule/export?format=pdf`)).status).toBe(422);
  });

  // PwC, "Leases" guide, Examples 4-4 and 4-13 (the engine's own test, lease-accounting.test.ts in contracts,
  // cites the pages): 36 × $500 at the start of each month at 6 %, an ASC 842 operating lease. PwC rounds every
  // month's interest to the dollar; with the profile's precision `unit` the API serves its printed table.
  it('rounds to whole units when the profile says so: PwC Example 4-4/4-13 to the printed dollar', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, {
      status: 'active',
      commencement_date: '2029-01-01',
      expiration_date: '2031-12-31',
      rent_schedule: [{ start_date: '2029-01-01', end_date: '2031-12-31', monthly_amount: 500 }],
    });
    const url = `/app/api/v1/leases/${lease.id}/accounting`;
    expect((await observer.get(url)).body.data.precision).toBe('cent');
    await admin.put(url, { discount_rate: 6 });
    const inCents = (await observer.get(`${url}/schedule`)).body.data;
    expect(inCents).toMatchObject({ precision: 'cent', initial_liability: 16017.69 });

    const bad = await admin.put(url, { discount_rate: 6, precision: 'dime' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['precision']);

    const saved = await admin.put(url, { discount_rate: 6, precision: 'unit' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.precision).toBe('unit');
    const schedule = (await observer.get(`${url}/schedule`)).body.data;
    expect(schedule).toMatchObject({
      precision: 'unit',
      classification: 'operating',
      initial_liability: 16018,
      initial_rou_asset: 16518,
      total_interest: 1482,
    });
    type Row = { interest: number; rou_amortization: number; liability_closing: number; rou_closing: number };
    const rows = schedule.rows as Row[];
    const year = (n: number) => rows.slice((n - 1) * 12, n * 12);
    const sum = (list: Row[], pick: (row: Row) => number) =>
      Math.round(list.reduce((total, row) => total + pick(row), 0) * 100) / 100;
    // Printed: interest 820 / 500 / 162, amortization 5,180 / 5,500 / 5,838, liability and asset 11,338 / 5,838 / 0.
    expect([1, 2, 3].map((n) => sum(year(n), (row) => row.interest))).toEqual([820, 500, 162]);
    expect([1, 2, 3].map((n) => sum(year(n), (row) => row.rou_amortization))).toEqual([5180, 5500, 5838]);
    expect([1, 2, 3].map((n) => year(n).at(-1)!.liability_closing)).toEqual([11338, 5838, 0]);
    expect([1, 2, 3].map((n) => year(n).at(-1)!.rou_closing)).toEqual([11338, 5838, 0]);
    expect(rows.every((row) => Number.isInteger(row.interest))).toBe(true);

    const csv = String((await observer.get(`${url}/schedule/export?format=csv`)).body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]?.split(',').at(-1)).toBe('Rounded to');
    expect(csv.slice(1).every((line) => line.endsWith(',whole units (this lease)'))).toBe(true);
    expect(csv[1]?.split(',').slice(3, 5)).toEqual(['500.00', '80.00']);
  });

  it('journal entries in the team GL accounts with the store and brand segment, per lease and per period', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const brand = await admin.post('/app/api/v1/brands', { name: 'Harbor Grill' });
    const store = await admin.post('/app/api/v1/stores', { name: 'Tyler', brand_id: brand.body.data.id });
    const lease = await buildLease(admin, { ...fiveYearLease, store_id: store.body.data.id });
    const other = await buildLease(admin, { ...fiveYearLease, reference: 'L-OTHER' });
    await buildLease(admin, fiveYearLease); // no profile: no entries
    const settings = await admin.put('/app/api/v1/lease-accounting/settings', {
      gl_accounts: { rou_asset: '1650', lease_liability: '2400', cash: '1000', operating_lease_cost: '6100' },
    });
    expect(settings.body.data.gl_accounts).toMatchObject({
      rou_asset: '1650',
      interest_expense: 'Interest expense',
    });
    for (const id of [lease.id, other.id])
      await admin.put(`/app/api/v1/leases/${id}/accounting`, { discount_rate: 4, prepaid_rent: 500 });

    const parse = (body: unknown) =>
      String(body)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n')
        .map((line) => line.split(','));
    const total = (rows: string[][], column: number) =>
      Math.round(rows.reduce((sum, row) => sum + Number(row[column] || 0), 0) * 100);

    const whole = await observer.get(`/app/api/v1/leases/${lease.id}/accounting/journal/export?format=csv`);
    expect(whole.status).toBe(200);
    const [header, ...lines] = parse(whole.body);
    expect(header?.slice(0, 7)).toEqual([
      'Journal',
      'Date',
      'Period',
      'Account',
      'Account role',
      'Debit',
      'Credit',
    ]);
    expect(total(lines, 5)).toBe(total(lines, 6));
    const recognition = lines.filter((line) => line[0] === `LA-${lease.id}-INIT`);
    expect(recognition.map((line) => line[3])).toEqual(['1650', '2400', 'Prepaid rent']);
    expect(lines[0]?.slice(10)).toEqual([
      'Tyler',
      String(store.body.data.id),
      'Harbor Grill',
      String(brand.body.data.id),
    ]);

    const period = await observer.get(
      '/app/api/v1/lease-accounting/journal/export?period=2025-02&format=csv',
    );
    expect(period.status).toBe(200);
    const periodLines = parse(period.body).slice(1);
    expect(new Set(periodLines.map((line) => line[9]))).toEqual(
      new Set([String(lease.id), String(other.id)]),
    );
    expect(periodLines.every((line) => line[2] === '2025-02')).toBe(true);
    expect(total(periodLines, 5)).toBe(total(periodLines, 6));
    expect((await observer.get('/app/api/v1/lease-accounting/journal/export?period=2025-13')).status).toBe(
      422,
    );
    const xlsx = await observer.get('/app/api/v1/lease-accounting/journal/export?period=2025-02&format=xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    // A lease in the trash keeps its profile but books nothing; the others still export.
    expect((await admin.delete(`/app/api/v1/leases/${other.id}`)).status).toBe(204);
    const afterTrash = parse(
      (await observer.get('/app/api/v1/lease-accounting/journal/export?period=2025-02&format=csv')).body,
    ).slice(1);
    expect(new Set(afterTrash.map((line) => line[9]))).toEqual(new Set([String(lease.id)]));

    const stranger = (await teamWithRoles(ctx)).admin;
    expect((await stranger.get(`/app/api/v1/leases/${lease.id}/accounting/journal/export`)).status).toBe(404);
    const theirs = await stranger.get('/app/api/v1/lease-accounting/journal/export?period=2025-02');
    expect(parse(theirs.body)).toHaveLength(1);
  });

  it("portfolio disclosures: maturity analysis that ties to the liability, weighted averages, the month's cost by type", async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const operating = await buildLease(admin, fiveYearLease);
    const finance = await buildLease(admin, fiveYearLease);
    const incomplete = await buildLease(admin, fiveYearLease);
    const later = await buildLease(admin, { ...fiveYearLease, commencement_date: '2026-06-01' });
    await admin.put(`/app/api/v1/leases/${operating.id}/accounting`, { discount_rate: 4 });
    await admin.put(`/app/api/v1/leases/${finance.id}/accounting`, { discount_rate: 6, standard: 'ifrs16' });
    await admin.put(`/app/api/v1/leases/${incomplete.id}/accounting`, {});
    await admin.put(`/app/api/v1/leases/${later.id}/accounting`, { discount_rate: 5 });

    const response = await observer.get('/app/api/v1/lease-accounting/disclosures?as_of=2025-12');
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.excluded).toEqual({ incomplete: 1, not_commenced: 1 });
    const schedule = async (id: number) =>
      (await admin.get(`/app/api/v1/leases/${id}/accounting/schedule`)).body.data.rows as Array<{
        liability_closing: number;
        straight_line_cost: number | null;
        interest: number;
        rou_amortization: number;
      }>;
    const operatingRows = await schedule(operating.id);
    const financeRows = await schedule(finance.id);
    expect(data.operating).toMatchObject({
      years: [120_000, 123_600, 123_600, 123_600, 0],
      thereafter: 0,
      total_undiscounted: 490_800,
      liability: operatingRows[11]!.liability_closing,
      weighted_average_remaining_term_months: 48,
      weighted_average_discount_rate: 4,
      leases: 1,
    });
    expect(data.operating.total_undiscounted - data.operating.imputed_interest).toBeCloseTo(
      data.operating.liability,
      2,
    );
    expect(data.finance).toMatchObject({ liability: financeRows[11]!.liability_closing, leases: 1 });
    expect(data.cost).toMatchObject({
      operating_lease_cost: operatingRows[11]!.straight_line_cost,
      finance_interest: financeRows[11]!.interest,
      finance_amortization: financeRows[11]!.rou_amortization,
      short_term_and_low_value: 0,
    });
    expect((await observer.get('/app/api/v1/lease-accounting/disclosures?as_of=2025')).status).toBe(422);
    const stranger = (await teamWithRoles(ctx)).admin;
    const theirs = await stranger.get('/app/api/v1/lease-accounting/disclosures?as_of=2025-12');
    expect(theirs.body.data.operating.leases + theirs.body.data.finance.leases).toBe(0);
  });

  it('a closed month never changes; a later change remeasures from the first open month', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, fiveYearLease);
    const url = `/app/api/v1/leases/${lease.id}/accounting`;
    await admin.put(url, { discount_rate: 4 });
    type Row = {
      period: string;
      closed: boolean;
      interest: number;
      liability_opening: number;
      liability_closing: number;
      rou_opening: number;
      rou_closing: number;
    };
    const rowsOf = async () =>
      (await admin.get(`${url}/schedule`)).body.data as {
        closed_through: string | null;
        remeasured_from: string | null;
        rows: Row[];
      };
    const before = await rowsOf();

    const closes = '/app/api/v1/lease-accounting/closes';
    expect((await manager.post(closes, { period: '2025-03' })).status).toBe(403);
    expect((await observer.post(closes, { period: '2025-03' })).status).toBe(403);
    expect((await admin.post(closes, { period: '2025-3' })).status).toBe(422);
    const closed = await admin.post(closes, { period: '2025-03' });
    expect(closed.status).toBe(201);
    expect(closed.body.data[0]).toMatchObject({ period: '2025-03' });
    expect((await admin.post(closes, { period: '2025-02' })).status).toBe(409);

    // Closing alone changes no figure.
    const after = await rowsOf();
    expect(after.closed_through).toBe('2025-03');
    expect(after.remeasured_from).toBeNull();
    expect(after.rows.map((r) => r.closed).slice(0, 4)).toEqual([true, true, true, false]);
    expect(after.rows.map(({ closed: _closed, ...rest }) => rest)).toEqual(
      before.rows.map(({ closed: _closed, ...rest }) => rest),
    );

    // A new rate after the close: January to March stay as closed, April starts from what they carried.
    await manager.put(url, { discount_rate: 6 });
    const remeasured = await rowsOf();
    expect(remeasured.remeasured_from).toBe('2025-04-01');
    expect(remeasured.rows.slice(0, 3)).toEqual(after.rows.slice(0, 3));
    // A higher rate lowers the liability on the modification day; the asset moves by the same amount.
    const change = remeasured.rows[3]!.liability_opening - before.rows[2]!.liability_closing;
    expect(change).toBeLessThan(0);
    expect(remeasured.rows[3]!.rou_opening).toBeCloseTo(before.rows[2]!.rou_closing + change, 2);
    expect(remeasured.rows[3]!.interest).not.toBe(before.rows[3]!.interest);
    expect(remeasured.rows.at(-1)).toMatchObject({ liability_closing: 0, rou_closing: 0 });

    const journal = await observer.get(
      '/app/api/v1/lease-accounting/journal/export?period=2025-04&format=csv',
    );
    const lines = String(journal.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const remeasurement = lines.filter((l) => l[7] === 'Remeasurement of the lease');
    expect(remeasurement.map((l) => [l[4], l[5] || l[6]])).toEqual([
      ['rou_asset', (-change).toFixed(2)],
      ['lease_liability', (-change).toFixed(2)],
    ]);
    const debit = lines.reduce((sum, l) => sum + Math.round(Number(l[5] || 0) * 100), 0);
    const credit = lines.reduce((sum, l) => sum + Math.round(Number(l[6] || 0) * 100), 0);
    expect(debit).toBe(credit);

    expect((await observer.get(closes)).body.data).toHaveLength(1);
    const stranger = (await teamWithRoles(ctx)).admin;
    expect((await stranger.get(closes)).body.data).toEqual([]);
  });

  it('observers read but cannot write; another team sees none of it', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const lease = await buildLease(admin, fiveYearLease);
    const url = `/app/api/v1/leases/${lease.id}/accounting`;
    await admin.put(url, { discount_rate: 3 });
    expect((await observer.get(url)).body.data.abilities).toEqual({ update: false });
    expect((await observer.get(`${url}/schedule`)).status).toBe(200);
    expect((await observer.put(url, { discount_rate: 9 })).status).toBe(403);
    expect((await observer.put(url, { discount_rate: 'bad' })).status).toBe(403);
    expect((await admin.get(url)).body.data.discount_rate).toBe(3);

    const stranger = (await teamWithRoles(ctx)).admin;
    for (const path of [url, `${url}/schedule`, `${url}/schedule/export?format=csv`])
      expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.put(url, { discount_rate: 9 })).status).toBe(404);
    expect((await stranger.put(url, { discount_rate: 'bad' })).status).toBe(404);
    // Team settings are per team: the stranger's table is its own, empty one.
    await admin.put('/app/api/v1/lease-accounting/settings', {
      borrowing_rates: [{ up_to_months: 60, rate: 5 }],
    });
    expect((await stranger.get('/app/api/v1/lease-accounting/settings')).body.data.borrowing_rates).toEqual(
      [],
    );
  });
});
