import { describe, expect, it } from 'vitest';
import { formatUsdCompact } from './format';

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
