import { describe, expect, it } from 'vitest';
import { buildSchedule, type ScheduleInput } from './lease-accounting';
import { monthLines, recognitionLines, type JournalLine } from './lease-journal';

const balance = (lines: JournalLine[]) =>
  lines.reduce((sum, line) => sum + line.debit_cents - line.credit_cents, 0);

const base: ScheduleInput = {
  standard: 'asc842',
  classification: 'operating',
  startDate: '2025-01-01',
  payments: [...Array(3).fill(0), ...Array(33).fill(812_345)],
  annualRatePercent: 6.1,
  initialDirectCostsCents: 12_345,
  incentivesCents: 50_000,
  prepaidCents: 812_345,
};

describe('lease journal entries', () => {
  it.each([
    ['ASC 842 operating', base],
    ['ASC 842 finance', { ...base, classification: 'finance' as const }],
    ['IFRS 16', { ...base, standard: 'ifrs16' as const }],
    ['short-term exemption', { ...base, exemption: 'short_term' as const }],
  ])('%s: recognition and every month balance to the cent', (_name, input) => {
    const schedule = buildSchedule(input);
    const recognition = recognitionLines(schedule, {
      prepaidCents: 812_345,
      initialDirectCostsCents: 12_345,
      incentivesCents: 50_000,
    });
    expect(balance(recognition)).toBe(0);
    for (const row of schedule.rows) expect(balance(monthLines(schedule.expense_model, row))).toBe(0);
  });

  it('operating: the cost is the straight-line figure, the liability moves by interest less payment', () => {
    const schedule = buildSchedule(base);
    const row = schedule.rows[5]!;
    const lines = monthLines('straight_line', row);
    expect(lines.find((l) => l.role === 'operating_lease_cost')?.debit_cents).toBe(
      row.straight_line_cost_cents,
    );
    const liability = lines
      .filter((l) => l.role === 'lease_liability')
      .reduce((sum, l) => sum + l.credit_cents - l.debit_cents, 0);
    expect(liability).toBe(row.liability_closing_cents - row.liability_opening_cents);
  });
});
