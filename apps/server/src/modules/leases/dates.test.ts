import { describe, expect, it } from 'vitest';
import { escalationRows, noticeDeadline } from './dates';

describe('lease date math', () => {
  it('puts notice deadlines N days before expiration or commencement', () => {
    expect(noticeDeadline('2030-12-31', 180)).toBe('2030-07-04');
    expect(noticeDeadline('2024-03-01', 1)).toBe('2024-02-29');
    expect(noticeDeadline('2025-03-01', 1)).toBe('2025-02-28');
    expect(noticeDeadline(null, 90)).toBeNull();
  });

  it('generates escalation rows by percent and by amount without drifting off month ends', () => {
    expect(
      escalationRows({
        start_date: '2024-01-31',
        end_date: '2026-12-31',
        monthly_amount: 10_000,
        method: 'percent',
        value: 3,
        every_months: 12,
      }),
    ).toEqual([
      { start_date: '2024-01-31', end_date: '2025-01-30', monthly_amount: 10_000 },
      { start_date: '2025-01-31', end_date: '2026-01-30', monthly_amount: 10_300 },
      { start_date: '2026-01-31', end_date: '2026-12-31', monthly_amount: 10_609 },
    ]);
    // A landlord's table compounds on the rounded rent of the year before: 12,345.67 at 3 % is 14,312.01 in
    // year 6 (14,312.02 when compounded unrounded).
    const sixYears = escalationRows({
      start_date: '2026-01-01',
      end_date: '2031-12-31',
      monthly_amount: 12_345.67,
      method: 'percent',
      value: 3,
      every_months: 12,
    });
    expect(sixYears.map((r) => r.monthly_amount)).toEqual([
      12_345.67, 12_716.04, 13_097.52, 13_490.45, 13_895.16, 14_312.01,
    ]);
    const monthly = escalationRows({
      start_date: '2024-01-31',
      end_date: '2024-04-30',
      monthly_amount: 100,
      method: 'amount',
      value: 2.5,
      every_months: 1,
    });
    expect(monthly.map((r) => `${r.start_date}/${r.end_date}/${r.monthly_amount}`)).toEqual([
      '2024-01-31/2024-02-28/100',
      '2024-02-29/2024-03-30/102.5',
      '2024-03-31/2024-04-29/105',
      '2024-04-30/2024-04-30/107.5',
    ]);
  });
});
