import { describe, expect, it } from 'vitest';
import {
  leaseYears,
  percentageRent,
  periodStartOf,
  reportingPeriods,
  royaltiesDue,
  royaltyOnSales,
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

describe('percentage rent', () => {
  it('charges the rate only on sales above the breakpoint', () => {
    expect(percentageRent(25_000_00, 20_000_00, 6)).toBe(300_00);
    expect(percentageRent(20_000_00, 20_000_00, 6)).toBe(0);
    expect(percentageRent(20_000_01, 20_000_00, 6)).toBe(0);
    expect(percentageRent(20_000_09, 20_000_00, 6)).toBe(1);
    expect(percentageRent(0, null, 6)).toBe(0);
    expect(percentageRent(1_000_00, null, 5)).toBe(50_00);
    expect(percentageRent(1_000_00, 0, null)).toBe(0);
  });

  it('splits a lease into years from commencement, cutting the last at expiration', () => {
    expect(leaseYears('2024-03-15', '2026-01-31', '2025-01-01', '2030-12-31')).toEqual([
      { start: '2024-03-15', end: '2025-03-14' },
      { start: '2025-03-15', end: '2026-01-31' },
    ]);
    expect(leaseYears('2024-02-29', null, '2025-01-01', '2025-12-31')).toEqual([
      { start: '2024-02-29', end: '2025-02-27' },
      { start: '2025-02-28', end: '2026-02-27' },
    ]);
  });
});
