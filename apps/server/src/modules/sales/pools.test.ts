import { describe, expect, it } from 'vitest';
import {
  allocate,
  franchiseeShares,
  periodCharges,
  royaltyRules,
  type Pooling,
  type RoyaltyTerms,
} from './calculations';
import { franchiseePools, sharePeriod, type PoolCandidate } from './pools';
import { poolingReading } from './reports';

const terms = (overrides: Partial<RoyaltyTerms> = {}): RoyaltyTerms => ({
  frequency: 'monthly',
  percent: 4,
  tiers: [{ from_cents: 30_000_00, percent: 6 }],
  minimumCents: null,
  marketingPercent: null,
  termStart: null,
  termEnd: null,
  minimumApplies: true,
  pooling: 'franchisee',
  ...overrides,
});
const march = { start: '2026-03-01', end: '2026-03-31' };

describe('allocating a pooled royalty by sales', () => {
  it('gives each part the floor of its share and the leftover cents to the largest fractions, adding up exactly', () => {
    // 300,005 × 3,500,075 / 6,000,085 = 175,004.1875; × 2,500,010 / 6,000,085 = 125,000.8125: B gets the cent.
    expect(allocate(300_005, [3_500_075n, 2_500_010n])).toEqual([175_004, 125_001]);
    // Thirds of 100: 33.33 each, the leftover cent to the first of equal fractions.
    expect(allocate(100, [1n, 1n, 1n])).toEqual([34, 33, 33]);
    expect(allocate(0, [5n, 7n])).toEqual([0, 0]);
    // A negative royalty (a correction) is split alike, signs kept.
    expect(allocate(-100, [1n, 1n, 1n])).toEqual([-34, -33, -33]);
    // Amounts past 2^53 when multiplied stay exact.
    const big = allocate(9_000_000_01, [123_456_789_012n, 987_654_321_098n, 1n]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(9_000_000_01);
  });

  it('reads the tiers on the agreements’ combined sales and shares the royalty back, or holds all back for a gap', () => {
    const rules = royaltyRules(terms());
    // $35,000.75 + $25,000.10 = $60,000.85: $1,200 + $1,800.051 → $3,000.05.
    expect(franchiseeShares(rules, [3_500_075, 2_500_010], [0, 0])).toEqual([175_004, 125_001]);
    expect(franchiseeShares(rules, [3_500_075, null], [0, 0])).toEqual([null, null]);
    // No sales anywhere: nothing owed, split alike.
    expect(franchiseeShares(rules, [0, 0], [0, 0])).toEqual([0, 0]);
    // Year to date: the combined year's sales before the period move the tiers (12,000,000 before: all of
    // $20,000 above $130,000 would be 6%; here $10,000 at 4% and $10,000 at 6% = $1,000).
    const ytd = royaltyRules(
      terms({ tiers: [{ from_cents: 130_000_00, percent: 6 }], tierBasis: 'year_to_date' }),
    );
    expect(franchiseeShares(ytd, [10_000_00, 10_000_00], [60_000_00, 60_000_00])).toEqual([500_00, 500_00]);
  });

  it('keeps each agreement’s minimum and cap its own on its share', () => {
    const capped = royaltyRules(terms({ capCents: 1_700_00, minimumCents: 650_00, marketingPercent: 2 }));
    expect(periodCharges(capped, march, [2_000_050, 1_500_025], [0, 0], 175_004)).toEqual([
      {
        store: null,
        salesCents: 3_500_075,
        royaltyCents: 1_700_00,
        shortfallCents: 0,
        marketingCents: 700_02,
      },
    ]);
    const minimum = royaltyRules(terms({ minimumCents: 1_300_00 }));
    expect(periodCharges(minimum, march, [2_500_010], [0], 125_001)).toEqual([
      { store: null, salesCents: 2_500_010, royaltyCents: 125_001, shortfallCents: 4_999, marketingCents: 0 },
    ]);
    // Waiting on another agreement's report: nothing charged.
    expect(periodCharges(minimum, march, [2_500_010], [0], null)).toEqual([
      { store: null, salesCents: null, royaltyCents: 0, shortfallCents: 0, marketingCents: 0 },
    ]);
    // In no pool: its own tiers on its own stores, as pooled.
    expect(periodCharges(minimum, march, [2_500_010], [0])[0]!.royaltyCents).toBe(1_000_00);
  });
});

describe('which agreements are pooled', () => {
  const candidate = (id: number, overrides: Partial<PoolCandidate> = {}, rules: Partial<RoyaltyTerms> = {}) =>
    ({
      id,
      label: `FA-${id}`,
      franchiseeId: 1,
      franchiseeName: 'North',
      brandId: 1,
      status: 'open',
      rules: royaltyRules(terms(rules)),
      tierYear: 'calendar',
      anniversary: '2025-01-01',
      ...overrides,
    }) satisfies PoolCandidate;

  it('pools one franchisee’s open agreements of a brand whose royalty terms agree, and names the others apart', () => {
    const pools = franchiseePools([
      candidate(3),
      candidate(1, {}, { minimumCents: 500_00, marketingPercent: 2 }),
      candidate(2, {}, { percent: 5 }),
      candidate(4, {}, { frequency: 'quarterly' }),
      candidate(5, { brandId: 2 }),
      candidate(6, { franchiseeId: 2, franchiseeName: 'South' }),
      candidate(7, { status: 'closed' }),
      candidate(8, { franchiseeId: null }),
      candidate(9, {}, { percent: null, tiers: [] }),
      candidate(10, {}, { pooling: 'pooled' }),
    ]);
    // Minimum and marketing are each agreement's own: 1 and 3 pool.
    expect(pools.get(1)).toEqual({
      franchisee: 'North',
      members: [1, 3],
      labels: ['FA-1', 'FA-3'],
      apart: ['FA-2', 'FA-4'],
    });
    expect(pools.get(3)).toBe(pools.get(1));
    expect(pools.get(2)).toMatchObject({ members: [2], apart: ['FA-1', 'FA-3', 'FA-4'] });
    expect(pools.get(5)).toMatchObject({ members: [5], apart: [] });
    expect(pools.get(6)).toMatchObject({ franchisee: 'South', members: [6] });
    for (const id of [7, 8, 9, 10]) expect([id, pools.get(id)]).toEqual([id, undefined]);
  });

  it('pools year-to-date tiers only over the same year', () => {
    const ytd = { tierBasis: 'year_to_date' as const };
    const pools = franchiseePools([
      candidate(1, { tierYear: 'agreement', anniversary: '2024-07-01' }, ytd),
      candidate(2, { tierYear: 'agreement', anniversary: '2025-07-01' }, ytd),
      candidate(3, { tierYear: 'agreement', anniversary: '2025-03-15' }, ytd),
      candidate(4, { tierYear: 'calendar', anniversary: '2025-03-15' }, ytd),
      candidate(5, { tierYear: 'calendar', anniversary: '2025-07-01' }, ytd),
    ]);
    expect(pools.get(1)!.members).toEqual([1, 2]);
    expect(pools.get(3)!.members).toEqual([3]);
    expect(pools.get(4)!.members).toEqual([4, 5]);
  });

  it('says who holds a period back', () => {
    const shares = sharePeriod(royaltyRules(terms()), [
      { id: 1, label: 'FA-1', salesCents: 40_000_00, beforeCents: 0 },
      { id: 2, label: 'FA-2', salesCents: null, beforeCents: 0 },
    ]);
    expect(shares.get(1)).toEqual({ royaltyCents: null, salesCents: null, waitingOn: ['FA-2'] });
    expect(
      sharePeriod(royaltyRules(terms()), [
        { id: 1, label: 'FA-1', salesCents: 40_000_00, beforeCents: 0 },
        { id: 2, label: 'FA-2', salesCents: 20_000_00, beforeCents: 0 },
      ]),
    ).toEqual(
      new Map([
        [1, { royaltyCents: 2_000_00, salesCents: 60_000_00, waitingOn: [] }],
        [2, { royaltyCents: 1_000_00, salesCents: 60_000_00, waitingOn: [] }],
      ]),
    );
  });
});

describe('the royalty CSV’s Pooling column', () => {
  const row = (
    store_count: number,
    pooling: Pooling,
    pool?: Parameters<typeof poolingReading>[0]['tiers']['pool'],
  ) => ({
    store_count,
    tiers: {
      basis: 'period' as const,
      year: 'calendar' as const,
      since: null,
      pooling,
      ...(pool ? { pool } : {}),
    },
  });

  it('says per store, across how many stores, or across which of the franchisee’s agreements', () => {
    expect(poolingReading(row(3, 'per_store'))).toBe('per store');
    expect(poolingReading(row(3, 'pooled'))).toBe('pooled across 3 stores');
    expect(poolingReading(row(1, 'per_store'))).toBe('one store');
    expect(poolingReading(row(0, 'pooled'))).toBe('no stores');
    // Not poolable (closed, say): its stores as pooled.
    expect(poolingReading(row(2, 'franchisee'))).toBe('pooled across 2 stores');
    const pool = { franchisee: 'North', agreements: ['FA-1', 'FA-2'], apart: [], waiting_periods: 0 };
    expect(poolingReading(row(1, 'franchisee', pool))).toBe(
      "pooled across 2 of the franchisee's agreements (FA-1, FA-2)",
    );
    expect(poolingReading(row(1, 'franchisee', { ...pool, apart: ['FA-3'], waiting_periods: 2 }))).toBe(
      "pooled across 2 of the franchisee's agreements (FA-1, FA-2); not pooled with FA-3: royalty terms differ; 2 periods wait on a pooled agreement's missing report",
    );
    // Alone in its pool with nothing to say: its stores' reading.
    expect(poolingReading(row(2, 'franchisee', { ...pool, agreements: ['FA-1'] }))).toBe(
      'pooled across 2 stores',
    );
  });
});
