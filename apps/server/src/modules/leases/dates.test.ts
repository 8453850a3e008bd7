import { describe, expect, it } from 'vitest';
import { escalationRows, noticeDeadline, termMonths } from './dates';

describe('lease date math', () => {
  it('counts term months through the expiration day, across leap years', () => {
    expect(termMonths('2024-01-01', '2033-12-31')).toBe(120);
    expect(termMonths('2024-02-29', '2029-02-28')).toBe(60);
    expect(termMonths('2024-03-15', '2025-03-14')).toBe(12);
    expect(termMonths('2024-03-15', '2025-03-13')).toBe(11);
    expect(termMonths(null, '2025-01-01')).toBeNull();
  });

  it('puts notice deadlines N days before expiration or commencement', () => {
    expect(noticeDeadline('2030-12-31', 180)).toBe('2030-07-04');
    expect(noticeDeadline('2024-03-01', 1)).toBe('2024-02-29');
    expect(noticeDeadline('2025-03-01', 1)).toBe('2025-02-28');
    expect(noticeDeadline(null, 90)).toBeNull();
  });

  it('generates escalation rows by percent and by amount without drifting off month ends', () => {
    expect(escalationRows({ start_date: '2024-01-31', end_date: '2026-12-31', monthly_amount: 10_000, method: 'percent', value: 3, every_months: 12 })).toEqual([
      { start_date: '2024-01-31', end_date: '2025-01-30', monthly_amount: 10_000 },
      { start_date: '2025-01-31', end_date: '2026-01-30', monthly_amount: 10_300 },
      { start_date: '2026-01-31', end_date: '2026-12-31', monthly_amount: 10_609 },
    ]);
    const monthly = escalationRows({ start_date: '2024-01-31', end_date: '2024-04-30', monthly_amount: 100, method: 'amount', value: 2.5, every_months: 1 });
    expect(monthly.map((r) => `${r.start_date}/${r.end_date}/${r.monthly_amount}`)).toEqual([
      '2024-01-31/2024-02-28/100',
      '2024-02-29/2024-03-30/102.5',
      '2024-03-31/2024-04-29/105',
      '2024-04-30/2024-04-30/107.5',
    ]);
  });
});
