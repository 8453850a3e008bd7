import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { PercentageRent, PercentageRentDue } from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import {
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  signIn,
  teamWithRoles,
} from '../../../test/factories';

const ctx = useTestApp();
type Client = Awaited<ReturnType<typeof teamWithRoles>>['admin'];

/**
 * L-2021 of the domain notes: 11,700 a month (140,400 a year) at 6 %, escalated 3 % in year 2. Year 1 sold
 * 1,306,124; year 2 sold 220,000 a month but never reported February 2021.
 */
async function l2021(client: Client) {
  const store = await buildStore(client, { name: 'Riverside' });
  const lease = await buildLease(client, {
    store_id: store.id,
    reference: 'L-2021',
    status: 'active',
    commencement_date: '2019-07-01',
    expiration_date: '2024-06-30',
    percentage_rent_breakpoint: 600000,
    percentage_rent_rate: 6,
    rent_schedule: [
      { start_date: '2019-07-01', end_date: '2020-06-30', monthly_amount: 11700 },
      { start_date: '2020-07-01', end_date: '2021-06-30', monthly_amount: 12051 },
    ],
  });
  const months = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const d = new Date(`${from}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + i);
      return d.toISOString().slice(0, 10);
    });
  const rows = [
    ...months('2019-07-01', 12).map((period_start, i) => ({
      store_id: store.id,
      period_start,
      gross: i === 11 ? 108851 : 108843,
    })),
    ...months('2020-07-01', 12)
      .filter((m) => m !== '2021-02-01')
      .map((period_start) => ({ store_id: store.id, period_start, gross: 220000 })),
  ];
  const saved = await client.post('/app/api/v1/sales/batch', { rows });
  expect(saved.status).toBe(200);
  return { store, lease, url: `/app/api/v1/leases/${lease.id}/percentage-rent` };
}

describe('percentage rent per lease', () => {
  it('uses natural breakpoints that move with escalations, and says which months were never reported', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url, lease } = await l2021(admin);
    const response = await admin.get<{ data: PercentageRent }>(url);
    expect(response.status).toBe(200);
    const report = response.body.data;
    expect(report.terms).toMatchObject({
      saved: false,
      breakpoint_kind: 'natural',
      lease_year_start: 'rent_commencement',
      proration: 'days',
    });
    expect(report.lease).toEqual({ id: lease.id, reference: 'L-2021' });
    expect(report.excluded_categories_supported).toBe(false);
    const [first, second] = report.years;
    expect(first).toMatchObject({
      lease_year: 1,
      start: '2019-07-01',
      end: '2020-06-30',
      base_rent: 140400,
      breakpoint: 2340000,
      breakpoint_basis: 'natural: base rent 140,400.00 ÷ 6 %',
      sales_reported: 1306124,
      missing_months: [],
      complete: true,
      rent_due: 0,
    });
    expect(second).toMatchObject({
      base_rent: 144612,
      breakpoint: 2410200,
      sales_reported: 2420000,
      missing_months: ['2021-02'],
      complete: false,
      // (2,420,000 − 2,410,200) × 6 %, on the reported months only and flagged as such.
      rent_due: 588,
    });
    expect(second!.months.find((m) => m.month === '2021-02')).toEqual({
      month: '2021-02',
      status: 'not_reported',
      sales: null,
    });
  });

  it('saves artificial breakpoints with a schedule and tiers; the lease’s own breakpoint fills unnamed years', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const { url } = await l2021(admin);
    const saved = await manager.put<{ data: PercentageRent }>(url, {
      breakpoint_kind: 'artificial',
      breakpoint_schedule: [{ lease_year: 2, breakpoint: 2000000 }],
      tiers: [{ from_sales: 2200000, rate: 4 }],
    });
    expect(saved.status).toBe(200);
    const [first, second] = saved.body.data.years;
    // The domain example: 1,306,124 against the stored 600,000 at 6 % is 42,367.44.
    expect(first).toMatchObject({
      breakpoint: 600000,
      breakpoint_basis: 'artificial: the lease’s breakpoint',
      rent_due: 42367.44,
    });
    // 200,000 × 6 % up to the 2,200,000 band, then 220,000 × 4 %: 12,000 + 8,800.
    expect(second).toMatchObject({
      breakpoint: 2000000,
      breakpoint_basis: 'artificial: the schedule for year 2',
      rent_due: 20800,
    });
    expect(saved.body.data.terms).toMatchObject({
      saved: true,
      tiers: [{ from_sales: 2200000, rate: 4 }],
      breakpoint_schedule: [{ lease_year: 2, breakpoint: 2000000 }],
    });
    expect((await admin.get<{ data: PercentageRent }>(url)).body.data.terms.saved).toBe(true);
    const audit = await admin.get<{ data: Array<{ action: string }> }>(`/app/api/v1/activities`);
    expect(JSON.stringify(audit.body.data)).toContain('percentage_rent_terms');
  });

  it('counts lease years from a chosen month, the stub before it prorated by days', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url } = await l2021(admin);
    const saved = await admin.put<{ data: PercentageRent }>(url, {
      breakpoint_kind: 'artificial',
      lease_year_start: 'month',
      lease_year_month: 1,
    });
    expect(saved.status).toBe(200);
    const [stub, full] = saved.body.data.years;
    // 1 July to 31 December 2019: 184 of 365 days of 600,000 = 302,465.75.
    expect(stub).toMatchObject({
      start: '2019-07-01',
      end: '2019-12-31',
      partial: true,
      days: 184,
      full_year_days: 365,
      breakpoint: 302465.75,
      breakpoint_basis: 'artificial: the lease’s breakpoint 600,000.00 × 184/365 days',
    });
    expect(full).toMatchObject({ start: '2020-01-01', end: '2020-12-31', breakpoint: 600000 });
    const whole = await admin.put<{ data: PercentageRent }>(url, {
      breakpoint_kind: 'artificial',
      lease_year_start: 'month',
      lease_year_month: 1,
      proration: 'none',
    });
    expect(whole.body.data.years[0]).toMatchObject({ partial: true, breakpoint: 600000 });
  });

  it('refuses bad terms field by field', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url } = await l2021(admin);
    const errorsOf = async (body: unknown) => {
      const response = await admin.put(url, body);
      expect(response.status).toBe(422);
      return Object.keys((response.body as { errors: Record<string, string[]> }).errors).sort();
    };
    expect(await errorsOf({ breakpoint_kind: 'sometimes', tiers: [{ from_sales: -1, rate: 0 }] })).toEqual([
      'breakpoint_kind',
      'tiers.0.from_sales',
      'tiers.0.rate',
    ]);
    // Checks across fields, once every field is well formed.
    expect(
      await errorsOf({
        breakpoint_kind: 'artificial',
        lease_year_start: 'month',
        breakpoint_schedule: [
          { lease_year: 1, breakpoint: 1 },
          { lease_year: 1, breakpoint: 2 },
        ],
      }),
    ).toEqual(['breakpoint_schedule.1.lease_year', 'lease_year_month']);
  });

  it('writes the landlord sales statement of a lease year as CSV and PDF', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url, lease } = await l2021(admin);
    const csv = await admin.get(`${url}/statement.csv?lease_year=2`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="percentage-rent-lease-${lease.id}-year-2.csv"`,
    );
    const text = String(csv.body);
    expect(text).toContain('Lease year 2,2020-07-01 to 2021-06-30');
    expect(text).toContain('Breakpoint,"2,410,200.00"');
    expect(text).toContain('Percentage rent due,588.00');
    expect(text).toContain('Months not reported,2021-02');
    expect(text).toContain('2021-02,not reported');
    expect(text).toContain('2021-03,220000.00');
    expect(text).toContain('Status,Provisional: 1 month(s) not reported');

    const pdf = await admin.get(`${url}/statement.pdf?lease_year=1`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const document = await PDFDocument.load(pdf.raw);
    expect(document.getTitle()).toBe('Percentage rent statement, lease year 1');

    const missing = await admin.get(`${url}/statement.csv?lease_year=9`);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ errors: { lease_year: ['The lease has lease years 1 to 5.'] } });
  });

  it('lets observers read but not change the terms, and hides another team’s lease', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { url } = await l2021(admin);
    expect((await observer.get(url)).status).toBe(200);
    expect((await observer.get(`${url}/statement.csv`)).status).toBe(200);
    expect((await observer.put(url, { breakpoint_kind: 'natural' })).status).toBe(403);

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await stranger.get(url)).status).toBe(404);
    expect((await stranger.put(url, { breakpoint_kind: 'natural' })).status).toBe(404);
    expect((await stranger.get(`${url}/statement.csv?lease_year=1`)).status).toBe(404);
    expect((await stranger.get(`${url}/statement.pdf?lease_year=1`)).status).toBe(404);
  });
});

describe('the portfolio percentage-rent report', () => {
  const report = '/app/api/v1/sales/reports/percentage-rent';

  it('computes each lease year as the lease’s statement does, naming the basis and the missing months', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url, lease, store } = await l2021(admin);
    const response = await admin.get<{ data: PercentageRentDue[] }>(
      `${report}?from=2019-07-01&to=2021-06-30`,
    );
    expect(response.status).toBe(200);
    // A fixed breakpoint of 600,000 would charge 42,367.44 for year 1: the natural one (140,400 ÷ 6 %) charges
    // nothing, and year 2's breakpoint moves with the 3 % escalation.
    expect(response.body.data).toEqual([
      {
        lease: { id: lease.id, reference: 'L-2021' },
        store: { id: store.id, name: 'Riverside' },
        lease_year: 1,
        year_start: '2019-07-01',
        year_end: '2020-06-30',
        partial: false,
        ended: true,
        year_complete: true,
        missing_months: [],
        sales: 1306124,
        breakpoint: 2340000,
        breakpoint_basis: 'natural: base rent 140,400.00 ÷ 6 %',
        rate: 6,
        rent_due: 0,
      },
      {
        lease: { id: lease.id, reference: 'L-2021' },
        store: { id: store.id, name: 'Riverside' },
        lease_year: 2,
        year_start: '2020-07-01',
        year_end: '2021-06-30',
        partial: false,
        ended: true,
        year_complete: false,
        missing_months: ['2021-02'],
        sales: 2420000,
        breakpoint: 2410200,
        breakpoint_basis: 'natural: base rent 144,612.00 ÷ 6 %',
        rate: 6,
        rent_due: 588,
      },
    ]);
    // The same figures as the lease's own statement, year by year.
    const statement = (await admin.get<{ data: PercentageRent }>(url)).body.data;
    expect(
      response.body.data.map((r) => [r.breakpoint, r.breakpoint_basis, r.missing_months, r.rent_due]),
    ).toEqual(
      statement.years
        .slice(0, 2)
        .map((y) => [y.breakpoint, y.breakpoint_basis, y.missing_months, y.rent_due]),
    );

    const csv = await admin.get(`${report}.csv?from=2019-07-01&to=2021-06-30`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="percentage-rent-2019-07-01-2021-06-30.csv"',
    );
    const text = String(csv.body);
    expect(text).toContain(
      'Lease,Store,Lease year,Lease year start,Lease year end,Partial year,Sales reported,Breakpoint,Breakpoint basis,Rate %,Percentage rent due,Months not reported,Status',
    );
    expect(text).toContain(
      'L-2021,Riverside,1,2019-07-01,2020-06-30,no,1306124.00,2340000.00,"natural: base rent 140,400.00 ÷ 6 %",6,0.00,,Final: every month reported',
    );
    expect(text).toContain(
      'L-2021,Riverside,2,2020-07-01,2021-06-30,no,2420000.00,2410200.00,"natural: base rent 144,612.00 ÷ 6 %",6,588.00,2021-02,Provisional: 1 month(s) not reported',
    );
  });

  it('follows the lease’s saved terms, and counts only the years overlapping the range', async () => {
    const { admin, manager } = await teamWithRoles(ctx);
    const { url } = await l2021(admin);
    expect(
      (
        await manager.put(url, {
          breakpoint_kind: 'artificial',
          lease_year_start: 'month',
          lease_year_month: 1,
        })
      ).status,
    ).toBe(200);
    const rows = (await admin.get<{ data: PercentageRentDue[] }>(`${report}?from=2019-08-01&to=2019-08-31`))
      .body.data;
    // The stub year before the first 1 January, its stored breakpoint prorated by days: 184/365 of 600,000.
    expect(rows).toEqual([
      expect.objectContaining({
        lease_year: 1,
        year_start: '2019-07-01',
        year_end: '2019-12-31',
        partial: true,
        breakpoint: 302465.75,
        breakpoint_basis: 'artificial: the lease’s breakpoint 600,000.00 × 184/365 days',
        // Six months of 108,843 = 653,058, of which 350,592.25 lies above the breakpoint: × 6 %.
        sales: 653058,
        rent_due: 21035.54,
      }),
    ]);
  });

  it('shows a team only its own leases, and is the franchisor’s report, not a franchisee member’s', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    await l2021(admin);
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    const theirs = await stranger.get<{ data: PercentageRentDue[] }>(
      `${report}?from=2019-07-01&to=2021-06-30`,
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect(String((await stranger.get(`${report}.csv?from=2019-07-01&to=2021-06-30`)).body)).not.toContain(
      'L-2021',
    );

    const company = await buildCompany(admin, { name: 'North Franchise LLC', kind: 'franchisee' });
    const member = await buildMember(ctx, team.id, 'manager');
    expect(
      (
        await admin.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
          role: 'manager',
          company_ids: [company.id],
        })
      ).status,
    ).toBe(200);
    const franchisee = await signIn(ctx, member.email);
    expect((await franchisee.get(`${report}?from=2019-07-01&to=2021-06-30`)).status).toBe(403);
    expect((await franchisee.get(`${report}.csv?from=2019-07-01&to=2021-06-30`)).status).toBe(403);
  });

  it('refuses a bad range field by field', async () => {
    const { admin } = await teamWithRoles(ctx);
    const response = await admin.get(`${report}?from=2021-01-01&to=2020-01-01`);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      errors: { to: ['The to date must be on or after the from date.'] },
    });
  });
});
