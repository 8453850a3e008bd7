import { describe, expect, it } from 'vitest';
import {
  baseRentCents,
  breakpointOf,
  leaseYearsOf,
  monthsOf,
  percentageRentCents,
  type PercentageLease,
  type TermsCents,
} from './calculations';

const lease = (overrides: Partial<PercentageLease> = {}): PercentageLease => ({
  commencement_date: '2021-01-01',
  rent_commencement_date: null,
  expiration_date: '2030-12-31',
  rentable_sqft: null,
  rate: 6,
  breakpoint_cents: 600_000_00,
  rent: [
    { start_date: '2021-01-01', end_date: '2021-12-31', monthly_cents: 11_700_00, per_sqft_cents: null },
    { start_date: '2022-01-01', end_date: '2022-12-31', monthly_cents: 12_051_00, per_sqft_cents: null },
  ],
  ...overrides,
});
const terms = (overrides: Partial<TermsCents> = {}): TermsCents => ({
  breakpoint_kind: 'natural',
  lease_year_start: 'rent_commencement',
  lease_year_month: null,
  proration: 'days',
  tiers: [],
  schedule: new Map(),
  ...overrides,
});
const TODAY = '2026-11-25';

describe('natural breakpoints', () => {
  it('divides each lease year’s base rent by the rate, so the breakpoint moves with escalations', () => {
    const [first, second] = leaseYearsOf(lease(), terms(), TODAY);
    // 11,700 a month = 140,400 a year at 6 % → 2,340,000 (the L-2021 example).
    expect(breakpointOf(lease(), terms(), first!)).toMatchObject({
      cents: 2_340_000_00,
      baseRentCents: 140_400_00,
      basis: 'natural: base rent 140,400.00 ÷ 6 %',
    });
    // After a 3 % escalation: 144,612 a year → 2,410,200.
    expect(breakpointOf(lease(), terms(), second!).cents).toBe(2_410_200_00);
  });

  it('owes nothing on 1,306,124 of sales against 2,340,000, and 42,367.44 against the stored 600,000', () => {
    const year = leaseYearsOf(lease(), terms(), TODAY)[0]!;
    const natural = breakpointOf(lease(), terms(), year);
    expect(percentageRentCents(1_306_124_00, natural.cents, 6, [])).toBe(0);
    const artificial = breakpointOf(lease(), terms({ breakpoint_kind: 'artificial' }), year);
    expect(artificial).toMatchObject({ cents: 600_000_00, basis: 'artificial: the lease’s breakpoint' });
    expect(percentageRentCents(1_306_124_00, artificial.cents, 6, [])).toBe(42_367_44);
  });
});

describe('artificial breakpoints', () => {
  it('take the schedule’s figure for a year it names and the lease’s breakpoint otherwise', () => {
    const schedule = new Map([[2, 650_000_00]]);
    const [first, second] = leaseYearsOf(lease(), terms(), TODAY);
    const t = terms({ breakpoint_kind: 'artificial', schedule });
    expect(breakpointOf(lease(), t, first!).cents).toBe(600_000_00);
    expect(breakpointOf(lease(), t, second!)).toMatchObject({
      cents: 650_000_00,
      basis: 'artificial: the schedule for year 2',
    });
  });
});

describe('tiers', () => {
  it('charge each band’s rate on the sales inside it, above the breakpoint', () => {
    // 6 % from 2,340,000 up to 3,000,000, 4 % above: 660,000 × 6 % + 500,000 × 4 % = 39,600 + 20,000.
    const tiers = [{ from_cents: 3_000_000_00, rate: 4 }];
    expect(percentageRentCents(3_500_000_00, 2_340_000_00, 6, tiers)).toBe(59_600_00);
    expect(percentageRentCents(2_500_000_00, 2_340_000_00, 6, tiers)).toBe(9_600_00);
  });

  it('round half up once on the exact sum, not per band', () => {
    // 0.50 cent + 0.50 cent (two bands of 12.5 cents at 4 %) is 1 cent, where per-band rounding gives 2.
    expect(percentageRentCents(125, 100, 4, [{ from_cents: 112, rate: 4 }])).toBe(1);
    expect(percentageRentCents(2_000_000_09, 2_000_000_00, 6, [])).toBe(1);
  });
});

describe('lease years', () => {
  const late = lease({ rent_commencement_date: '2021-03-15' });

  it('run from rent commencement by default, or from commencement when chosen', () => {
    expect(leaseYearsOf(late, terms(), TODAY)[0]).toMatchObject({ start: '2021-03-15', end: '2022-03-14' });
    expect(leaseYearsOf(late, terms({ lease_year_start: 'commencement' }), TODAY)[0]).toMatchObject({
      start: '2021-01-01',
      end: '2021-12-31',
    });
  });

  it('from a chosen month make the days before its first 1st a partial first year, and cut the last at expiration', () => {
    const years = leaseYearsOf(
      lease({ rent_commencement_date: '2021-03-15', expiration_date: '2023-06-30' }),
      terms({ lease_year_start: 'month', lease_year_month: 1 }),
      TODAY,
    );
    expect(years.map((y) => [y.number, y.start, y.end, y.days, y.fullDays])).toEqual([
      [1, '2021-03-15', '2021-12-31', 292, 365],
      [2, '2022-01-01', '2022-12-31', 365, 365],
      [3, '2023-01-01', '2023-06-30', 181, 365],
    ]);
  });
});

describe('partial-year proration', () => {
  const late = lease({ rent_commencement_date: '2021-03-15' });
  const byMonth = { lease_year_start: 'month', lease_year_month: 1 } as const;

  it('by days cuts an artificial breakpoint to 292/365 of 600,000 = 480,000; `none` keeps it whole', () => {
    const stub = leaseYearsOf(late, terms(byMonth), TODAY)[0]!;
    const days = breakpointOf(late, terms({ ...byMonth, breakpoint_kind: 'artificial' }), stub);
    expect(days.cents).toBe(480_000_00);
    expect(percentageRentCents(500_000_00, days.cents, 6, [])).toBe(1_200_00);
    const none = breakpointOf(
      late,
      terms({ ...byMonth, breakpoint_kind: 'artificial', proration: 'none' }),
      stub,
    );
    expect(none.cents).toBe(600_000_00);
    expect(percentageRentCents(500_000_00, none.cents, 6, [])).toBe(0);
  });

  it('by days gives a natural breakpoint from the partial year’s own rent; `none` from 12 months of rent', () => {
    const flat = lease({
      rent_commencement_date: '2021-03-15',
      rent: [
        { start_date: '2021-03-15', end_date: '2030-12-31', monthly_cents: 10_000_00, per_sqft_cents: null },
      ],
    });
    const stub = leaseYearsOf(flat, terms(byMonth), TODAY)[0]!;
    // Nine lease months from 15 March to 14 December, then 17 of the 31 days to 14 January: 10,000 × 17/31.
    expect(baseRentCents(flat, stub.start, stub.end)).toBe(90_000_00 + 5_483_87);
    expect(breakpointOf(flat, terms(byMonth), stub).cents).toBe(1_591_397_83);
    expect(breakpointOf(flat, terms({ ...byMonth, proration: 'none' }), stub).cents).toBe(2_000_000_00);
  });

  it('prorates tier thresholds like the breakpoint', () => {
    const stub = {
      number: 1,
      start: '2021-03-15',
      end: '2021-12-31',
      days: 292,
      fullDays: 365,
      prorate: true,
    };
    // Threshold 1,000,000 × 292/365 = 800,000: 300,000 at 6 % + 100,000 at 8 %.
    expect(
      percentageRentCents(900_000_00, 500_000_00, 6, [{ from_cents: 1_000_000_00, rate: 8 }], stub),
    ).toBe(26_000_00);
  });
});

describe('missing months', () => {
  it('are not reported, never zero: a month that ended without a figure is listed, one still running is not due', () => {
    const year = { number: 1, start: '2026-01-01', end: '2026-12-31', days: 365, fullDays: 365 };
    const sales = ['01', '02', '03', '05', '06', '07', '08', '09', '10'].map((m) => ({
      period_start: `2026-${m}-01`,
      gross_cents: 100_00,
    }));
    const lines = monthsOf(year, sales, '2026-11-25');
    expect(lines.filter((l) => l.status === 'not_reported').map((l) => l.month)).toEqual(['2026-04']);
    expect(lines.filter((l) => l.status === 'not_due').map((l) => l.month)).toEqual(['2026-11', '2026-12']);
    expect(lines.find((l) => l.month === '2026-04')!.cents).toBeNull();
  });
});
