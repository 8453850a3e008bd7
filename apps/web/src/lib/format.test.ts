import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatMonth, formatUsd, formatUsdCompact } from './format';

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

describe('formatCount and formatUsd', () => {
  const intlCount = new Intl.NumberFormat('en-US');
  const intlUsd = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
  const intlCents = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
  });
  const values = [
    0,
    -0,
    1,
    7,
    12,
    999,
    1000,
    1001,
    99_999,
    100_000,
    123_456,
    999_999,
    1_000_000,
    12_345_678,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    12.5,
    0.1,
    0.3,
    1.005,
    1234.5,
    1234.56,
    1234.567,
    1234.5678,
    0.0001,
    1e-7,
    2.675,
    999_999.9995,
    NaN,
    Infinity,
  ];
  for (let value = 1; value < 1e17; value = Math.floor(value * 1.9 + 3)) values.push(value, value / 1000);
  const all = [...values, ...values.map((value) => -value)];

  it('prints every number as Intl prints it in en-US', () => {
    for (const value of all) expect(formatCount(value), String(value)).toBe(intlCount.format(value));
  });

  it('prints whole dollars without cents and other amounts with them, as Intl does', () => {
    for (const value of all)
      expect(formatUsd(value), String(value)).toBe(
        (Number.isInteger(value) ? intlUsd : intlCents).format(value),
      );
    expect(formatUsd(1_234_567)).toBe('$1,234,567');
    expect(formatUsd(-1_234)).toBe('-$1,234');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatUsd(-0.004)).toBe('-$0.00');
  });

  it('rounds cents as Intl does, amount by amount', () => {
    const amounts: number[] = [];
    for (let cents = 0; cents < 200_000; cents += 1) amounts.push(cents / 100, cents / 1000, -cents / 1000);
    for (let value = 0.001; value < 1e14; value = value * 1.7 + 0.013) amounts.push(value, -value);
    // One assertion over all 600,000 amounts: an expect() per amount took most of a loaded CI core's 20 s.
    const differing = amounts.filter(
      (value) => formatUsd(value) !== (Number.isInteger(value) ? intlUsd : intlCents).format(value),
    );
    expect(differing.slice(0, 10).map((value) => [value, formatUsd(value)])).toEqual([]);
  });
});

describe('formatMonth', () => {
  const intlMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

  it('prints every month from 1999 to 2041 as Intl prints it in en-US', () => {
    for (let year = 1999; year <= 2041; year += 1)
      for (let month = 1; month <= 12; month += 1) {
        const iso = `${year}-${String(month).padStart(2, '0')}`;
        expect(formatMonth(iso), iso).toBe(intlMonth.format(new Date(`${iso}-01T00:00:00Z`)));
      }
  });

  it('shows what is not a month as typed', () => {
    expect(formatMonth('2027-13')).toBe('2027-13');
    expect(formatMonth('2027-00')).toBe('2027-00');
    expect(formatMonth('soon')).toBe('soon');
  });
});
