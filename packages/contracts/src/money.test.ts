import { describe, expect, it } from 'vitest';
import { isWholeCents, toCents, toDollars } from './money';

describe('money', () => {
  it('rounds dollars to the nearest cent and keeps a missing amount missing', () => {
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.999)).toBe(2000);
    expect(toCents(-2.5)).toBe(-250);
    expect(toCents(null)).toBeNull();
    expect(toCents(undefined)).toBeNull();
  });

  it('reads stored cents, numbers or bigint strings, back as dollars', () => {
    expect(toDollars(123456)).toBe(1234.56);
    expect(toDollars('900719925474099')).toBe(9007199254740.99);
    expect(toDollars(null)).toBeNull();
  });

  it('accepts at most two decimals', () => {
    expect(isWholeCents(12)).toBe(true);
    expect(isWholeCents(12.3)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(1_000_000_000)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
    expect(isWholeCents(0.001)).toBe(false);
  });
});
