import { describe, expect, it } from 'vitest';
import { auditDeadline, camLeaseYears, capLimit, estimatesOver, reconcile } from './calculations';

describe('controllable CAM caps', () => {
  it('compound on last year’s limit, rounded each year, or grow simply from the base year', () => {
    // Base year 1 at 10,000.00, capped at 5 % a year.
    expect(capLimit(10_000_00, 5, 'compounding', 1, 1)).toBe(10_000_00);
    expect(capLimit(10_000_00, 5, 'compounding', 1, 3)).toBe(11_025_00);
    expect(capLimit(10_000_00, 5, 'cumulative', 1, 3)).toBe(11_000_00);
    // Rounded each year, as landlords' tables are: 12,345.67 at 3 % is 14,312.01 in year 6, where compounding
    // unrounded gives 14,312.02.
    expect(capLimit(12_345_67, 3, 'compounding', 1, 6)).toBe(14_312_01);
    expect(capLimit(10_000_00, 5, 'compounding', 2, 1)).toBeNull();
  });

  it('bill the actual less what the controllable part exceeds the limit by, against the estimates paid', () => {
    expect(
      reconcile({
        actualCents: 30_000_00,
        controllableCents: 11_500_00,
        estimatesCents: 24_000_00,
        limitCents: 11_025_00,
      }),
    ).toEqual({ overCapCents: 475_00, billableCents: 29_525_00, varianceCents: 5_525_00 });
    expect(
      reconcile({
        actualCents: 20_000_00,
        controllableCents: 9_000_00,
        estimatesCents: 24_000_00,
        limitCents: 11_025_00,
      }),
    ).toEqual({ overCapCents: 0, billableCents: 20_000_00, varianceCents: -4_000_00 });
  });
});

describe('lease years and estimates', () => {
  it('run from rent commencement, cut at expiration, prorating the estimates of a cut month by days', () => {
    const years = camLeaseYears(
      {
        commencement_date: '2024-01-01',
        rent_commencement_date: '2024-03-15',
        expiration_date: '2026-01-31',
      },
      '2026-11-25',
    );
    expect(years).toEqual([
      { number: 1, start: '2024-03-15', end: '2025-03-14' },
      { number: 2, start: '2025-03-15', end: '2026-01-31' },
    ]);
    expect(estimatesOver(2_000_00, years[0]!.start, years[0]!.end)).toBe(24_000_00);
    // Ten lease months to 14 January, then 17 of the 31 days to 14 February: 20,000 + 2,000 × 17/31.
    expect(estimatesOver(2_000_00, years[1]!.start, years[1]!.end)).toBe(20_000_00 + 1_096_77);
  });

  it('close the audit window N days after receipt, the day of receipt not counted', () => {
    expect(auditDeadline('2026-04-15', 90)).toBe('2026-07-14');
  });
});
