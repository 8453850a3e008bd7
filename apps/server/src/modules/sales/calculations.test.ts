import { describe, expect, it } from 'vitest';
import {
  periodStartOf,
  reportingPeriods,
  royaltiesDue,
  royaltiesOverPeriods,
  royaltyOnSales,
  tieredRoyalty,
  tierSalesFrom,
  tierYearStart,
  type RoyaltyTerms,
} from './calculations';

const terms = (overrides: Partial<RoyaltyTerms> = {}): RoyaltyTerms => ({
  frequency: 'monthly',
  percent: 6,
  tiers: [],
  minimumCents: null,
  marketingPercent: null,
  termStart: null,
  termEnd: null,
  minimumApplies: true,
  ...overrides,
});

describe('royalty arithmetic', () => {
  it('charges a flat percent, rounded to the cent, and nothing on zero sales', () => {
    expect(royaltyOnSales(1_000_000, 6, [])).toBe(60_000);
    expect(royaltyOnSales(333, 5, [])).toBe(17);
    expect(royaltyOnSales(0, 6, [{ from_cents: 0, percent: 8 }])).toBe(0);
    expect(royaltyOnSales(500_00, null, [])).toBe(0);
  });

  it('applies tiers marginally: only the part above a threshold pays its rate', () => {
    const tiers = [
      { from_cents: 0, percent: 6 },
      { from_cents: 100_000_00, percent: 5 },
      { from_cents: 200_000_00, percent: 4 },
    ];
    expect(royaltyOnSales(99_999_00, null, tiers)).toBe(5_999_94);
    // Exactly at the threshold the next tier has nothing to charge yet.
    expect(royaltyOnSales(100_000_00, null, tiers)).toBe(6_000_00);
    expect(royaltyOnSales(100_000_01, null, tiers)).toBe(6_000_00);
    expect(royaltyOnSales(150_000_00, null, tiers)).toBe(6_000_00 + 2_500_00);
    expect(royaltyOnSales(250_000_00, null, tiers)).toBe(6_000_00 + 5_000_00 + 2_000_00);
    // Tiers in any order; sales below the first tier pay the base percent.
    expect(royaltyOnSales(150_000_00, 7, [{ from_cents: 100_000_00, percent: 3 }])).toBe(7_000_00 + 1_500_00);
  });

  it('tops each reporting period up to the minimum, inside the term only, and adds the marketing fund', () => {
    const sales = new Map([
      ['2026-01-01', 10_000_00],
      ['2026-02-01', 1_000_00],
    ]);
    const result = royaltiesDue(
      terms({ minimumCents: 300_00, marketingPercent: 2, termEnd: '2026-02-15' }),
      '2026-01-01',
      '2026-03-31',
      sales,
    );
    expect(result).toEqual({
      periods: 3,
      salesCents: 11_000_00,
      royaltyCents: 660_00,
      topUpCents: 240_00,
      marketingCents: 220_00,
      totalCents: 1_120_00,
    });
    // With no sales at all, the minimum is still owed for every period in the term.
    expect(
      royaltiesDue(terms({ minimumCents: 300_00 }), '2026-01-01', '2026-03-31', new Map()).totalCents,
    ).toBe(900_00);
    // An agreement not yet open owes no minimum.
    expect(
      royaltiesDue(
        terms({ minimumCents: 300_00, minimumApplies: false }),
        '2026-01-01',
        '2026-03-31',
        new Map(),
      ).totalCents,
    ).toBe(0);
    // The minimum is compared with the period's royalty, not the range's: 1 big month does not cover 2 empty ones.
    expect(
      royaltiesDue(
        terms({ minimumCents: 300_00 }),
        '2026-01-01',
        '2026-03-31',
        new Map([['2026-01-01', 100_000_00]]),
      ).topUpCents,
    ).toBe(600_00);
  });

  it('counts whole calendar reporting periods overlapping the range', () => {
    expect(reportingPeriods('quarterly', '2026-02-10', '2026-04-01')).toEqual([
      { start: '2026-01-01', end: '2026-03-31' },
      { start: '2026-04-01', end: '2026-06-30' },
    ]);
    expect(reportingPeriods('weekly', '2026-03-04', '2026-03-09').map((p) => p.start)).toEqual([
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(reportingPeriods('annually', '2025-12-31', '2026-01-01').map((p) => p.end)).toEqual([
      '2025-12-31',
      '2026-12-31',
    ]);
    expect(periodStartOf('weekly', '2026-03-08')).toBe('2026-03-02');
    expect(periodStartOf('monthly', '2026-02-28')).toBe('2026-02-01');
  });
});

describe('year-to-date tiers: which year', () => {
  it('starts the calendar year on 1 January and the agreement year on the last anniversary of its effective date', () => {
    expect(tierYearStart('calendar', '2026-06-01', '2025-07-01')).toBe('2026-01-01');
    expect(tierYearStart('agreement', '2026-06-01', '2025-07-01')).toBe('2025-07-01');
    expect(tierYearStart('agreement', '2026-07-01', '2025-07-01')).toBe('2026-07-01');
    expect(tierYearStart('agreement', '2026-12-01', '2025-07-01')).toBe('2026-07-01');
    // Before the agreement took effect the year is the one that ends on its effective date.
    expect(tierYearStart('agreement', '2025-03-01', '2025-07-01')).toBe('2024-07-01');
    // A 29 February anniversary falls on 28 February in other years.
    expect(tierYearStart('agreement', '2026-03-01', '2024-02-29')).toBe('2026-02-28');
    // Without an effective date there is no agreement year: the calendar year stands in.
    expect(tierYearStart('agreement', '2026-06-01', null)).toBe('2026-01-01');
  });

  it('counts the sales before a period from the first reporting period that starts in its tier year', () => {
    expect(tierSalesFrom('monthly', 'agreement', '2026-06-01', '2025-07-01')).toBe('2025-07-01');
    // An anniversary mid-month: July belongs to the year before, the new year's sales count from August.
    expect(tierSalesFrom('monthly', 'agreement', '2026-08-01', '2025-07-15')).toBe('2026-08-01');
    expect(tierSalesFrom('monthly', 'agreement', '2026-07-01', '2025-07-15')).toBe('2025-08-01');
    // 1 January 2026 is a Thursday: the week of 29 December is 2025's, 2026 counts from Monday 5 January.
    expect(tierSalesFrom('weekly', 'calendar', '2026-03-02', null)).toBe('2026-01-05');
    expect(tierSalesFrom('quarterly', 'agreement', '2026-04-01', '2025-07-01')).toBe('2025-07-01');
  });

  /**
   * An agreement effective 1 July 2025 selling $20,000 a month; 4% up to $110,000 of the tier year, 6% above.
   * Calendar year: January–May 2026 sell $100,000 ($800 a month), June crosses: $10,000 × 4% + $10,000 × 6% =
   * $1,000. Agreement year: July–November 2025 sell $100,000, December crosses ($1,000), and every month of
   * 2026 to June pays 6%: $1,200; the new agreement year's July pays $800 again.
   */
  it('crosses the tier in June by the calendar year and in December by the agreement year', () => {
    const tiers = [{ from_cents: 11_000_000, percent: 6 }];
    const month = 2_000_000;
    const owed = (monthsBefore: number) =>
      tieredRoyalty('year_to_date', month, monthsBefore * month, 4, tiers);
    // Calendar: January 2026 (nothing before), June (five months before), July (six).
    expect([owed(0), owed(5), owed(6)]).toEqual([80_000, 100_000, 120_000]);
    // Agreement year: December 2025 (five months before), January 2026 (six), June (eleven), July 2026 (reset).
    expect([owed(5), owed(6), owed(11), owed(0)]).toEqual([100_000, 120_000, 120_000, 80_000]);
    // Per period the tiers never see $110,000 of a month: $800 every month.
    expect(tieredRoyalty('period', month, 11 * month, 4, tiers)).toBe(80_000);
  });

  it('makes the periods of a tier year add up to the royalty of its whole sales, each rounded once', () => {
    const tiers = [{ from_cents: 100_001, percent: 7.5 }];
    const sales = [33_333, 33_333, 33_335, 50_001];
    const periods = reportingPeriods('monthly', '2026-01-01', '2026-04-30');
    const before = sales.map((_, i) => sales.slice(0, i).reduce((a, b) => a + b, 0));
    const result = royaltiesOverPeriods(
      terms({ percent: 4.5, tiers, tierBasis: 'year_to_date' }),
      periods,
      sales,
      before,
    );
    expect(result.royaltyCents).toBe(royaltyOnSales(150_002, 4.5, tiers));
  });
});
