import { describe, expect, it } from 'vitest';
import { formatDay, formatUsdCompact } from './format';

const intlCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

describe('formatUsdCompact', () => {
  it('prints what the compact Intl currency format prints, from $100K to trillions and below zero', () => {
    const values = [
      100_000, 123_456, 149_950, 999_949, 999_950, 999_999, 1_000_000, 1_049_999, 1_050_000, 12_500_000,
      12_549_999.99, 99_950_000, 999_950_000, 1_000_000_000, 2_345_678_901, 999_949_999_999, 999_950_000_000,
      1_234_567_890_123, 98_765_432_109_876, -100_000, -2_345_678, -999_950,
    ];
    for (let value = 100_000; value < 5e12; value = Math.floor(value * 1.37 + 7)) values.push(value, -value);
    for (const value of values)
      expect(formatUsdCompact(value), String(value)).toBe(intlCompact.format(value));
  });

  it('keeps exact dollars and cents below $100K', () => {
    expect(formatUsdCompact(99_999)).toBe('$99,999');
    expect(formatUsdCompact(1234.5)).toBe('$1,234.50');
    expect(formatUsdCompact(0)).toBe('$0');
  });
});

describe('formatDay', () => {
  const intlDay = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

  it('prints every day from 1999 to 2041 as Intl prints it in en-US', () => {
    for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2042, 0, 1); time += 86_400_000) {
      const iso = new Date(time).toISOString().slice(0, 10);
      expect(formatDay(iso), iso).toBe(intlDay.format(new Date(time)));
    }
  });

  it('shows what is not a day as typed, and nothing for nothing', () => {
    expect(formatDay('2023-02-29')).toBe('2023-02-29');
    expect(formatDay('2024-02-29')).toBe('Feb 29, 2024');
    expect(formatDay('2024-04-31')).toBe('2024-04-31');
    expect(formatDay('2024-13-01')).toBe('2024-13-01');
    expect(formatDay('soon')).toBe('soon');
    expect(formatDay(null)).toBe('');
  });
});
