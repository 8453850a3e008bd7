import { describe, expect, it } from 'vitest';
import {
  agreementLines,
  estimateFrom,
  reportDueDate,
  type BilledAgreement,
  type InvoiceTerms,
  type StorePeriodSales,
} from './calculations';
import { tieredRoyalty } from '../sales/index';

const agreement = (overrides: Partial<BilledAgreement> = {}): BilledAgreement => ({
  id: 1,
  number: 'FA-1',
  frequency: 'monthly',
  percent: 5,
  tiers: [],
  minimumCents: null,
  marketingPercent: null,
  technologyFeeCents: null,
  termStart: null,
  termEnd: null,
  ...overrides,
});
const terms = (overrides: Partial<InvoiceTerms> = {}): InvoiceTerms => ({
  tierBasis: 'period',
  tierYear: 'calendar',
  pooling: 'pooled',
  capCents: null,
  capIncludesMarketing: false,
  otherFees: [],
  ...overrides,
});
const store = (
  storeId: number,
  cents: number | null,
  yearBeforeCents = 0,
  basis: StorePeriodSales['basis'] = 'reported',
): StorePeriodSales => ({
  storeId,
  storeName: `Store ${storeId}`,
  cents,
  basis: cents === null ? 'missing' : basis,
  yearBeforeCents,
});
const march = { start: '2026-03-01', end: '2026-03-31' };
const inMarch = (stores: StorePeriodSales[]) => ({ period: march, tiersFrom: '2026-01-01', stores });
const sumOf = (lines: ReturnType<typeof agreementLines>, kind: string) =>
  lines.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountCents, 0);

// 4% up to $100k of sales, 6% above: the tiers of the examples below.
const tiered = agreement({ percent: 4, tiers: [{ from_cents: 10_000_000, percent: 6 }] });

describe('royalty tiers: per period or year to date', () => {
  it('per period (the default) applies the tiers to the period’s own sales', () => {
    // $60k this month after $90k earlier in the year: all of it below the $100k threshold.
    expect(tieredRoyalty('period', 6_000_000, 9_000_000, 4, tiered.tiers)).toBe(240_000);
  });

  it('year to date bills the growth of the year’s marginal royalty: only the part above the threshold at 6%', () => {
    // YTD before: $90k → $3,600. YTD after: $150k → $4,000 + $3,000 = $7,000. Billed: $3,400.
    expect(tieredRoyalty('year_to_date', 6_000_000, 9_000_000, 4, tiered.tiers)).toBe(340_000);
    // Once past the threshold every further dollar pays 6%, never re-billing January.
    expect(tieredRoyalty('year_to_date', 1_000_000, 20_000_000, 4, tiered.tiers)).toBe(60_000);
  });

  it('names the tier year on a year-to-date royalty line, and nothing on a per-period one', () => {
    const periods = [{ period: march, tiersFrom: '2025-07-01', stores: [store(1, 6_000_000, 9_000_000)] }];
    const [ytd] = agreementLines(
      tiered,
      terms({ tierBasis: 'year_to_date', tierYear: 'agreement' }),
      periods,
    );
    expect(ytd!.description).toBe(
      'Royalty, FA-1, all stores, 2026-03-01 – 2026-03-31 (tiers on sales since 2025-07-01, the agreement year)',
    );
    expect(agreementLines(tiered, terms(), periods)[0]!.description).toBe(
      'Royalty, FA-1, all stores, 2026-03-01 – 2026-03-31',
    );
  });

  it('gives the two readings as separate invoice amounts for the same month', () => {
    const periods = [inMarch([store(1, 6_000_000, 9_000_000)])];
    expect(sumOf(agreementLines(tiered, terms(), periods), 'royalty')).toBe(240_000);
    expect(sumOf(agreementLines(tiered, terms({ tierBasis: 'year_to_date' }), periods), 'royalty')).toBe(
      340_000,
    );
  });
});

describe('pooling, minimum and cap', () => {
  const twoStores = [inMarch([store(1, 8_000_000), store(2, 8_000_000)])];

  it('pooled puts both stores’ $160k over the threshold; per store keeps each at $80k under it', () => {
    const pooled = agreementLines(tiered, terms(), twoStores);
    expect(sumOf(pooled, 'royalty')).toBe(400_000 + 360_000);
    const perStore = agreementLines(tiered, terms({ pooling: 'per_store' }), twoStores);
    expect(perStore.filter((l) => l.kind === 'royalty').map((l) => [l.storeId, l.amountCents])).toEqual([
      [1, 320_000],
      [2, 320_000],
    ]);
  });

  it('bills a minimum as its own shortfall line, only in the term', () => {
    const withMinimum = agreement({ minimumCents: 50_000, termStart: '2026-01-01' });
    const lines = agreementLines(withMinimum, terms(), [inMarch([store(1, 500_000)])]);
    expect(lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['royalty', 25_000],
      ['minimum', 25_000],
    ]);
    const before = agreementLines(agreement({ minimumCents: 50_000, termStart: '2026-06-01' }), terms(), [
      inMarch([store(1, 500_000)]),
    ]);
    expect(sumOf(before, 'minimum')).toBe(0);
  });

  it('caps the royalty per period, and the marketing fund only when the cap says so', () => {
    const withMarketing = agreement({ marketingPercent: 2 });
    const periods = [inMarch([store(1, 10_000_000)])];
    const capped = agreementLines(withMarketing, terms({ capCents: 400_000 }), periods);
    expect([sumOf(capped, 'royalty'), sumOf(capped, 'marketing')]).toEqual([400_000, 200_000]);
    const cappedAll = agreementLines(
      withMarketing,
      terms({ capCents: 450_000, capIncludesMarketing: true }),
      periods,
    );
    expect([sumOf(cappedAll, 'royalty'), sumOf(cappedAll, 'marketing')]).toEqual([450_000, 0]);
  });

  it('adds the technology fee and other recurring fees once per agreement', () => {
    const lines = agreementLines(
      agreement({ technologyFeeCents: 9_900 }),
      terms({ otherFees: [{ label: 'POS support', amount_cents: 2_500 }] }),
      [inMarch([store(1, 100_000)])],
    );
    expect(
      lines.filter((l) => l.kind !== 'royalty').map((l) => [l.kind, l.description, l.amountCents]),
    ).toEqual([
      ['technology', 'Technology fee, FA-1', 9_900],
      ['fee', 'POS support, FA-1', 2_500],
    ]);
  });
});

describe('missing reports', () => {
  it('never bills a missing report as zero sales: the line says missing and no minimum is charged on it', () => {
    const lines = agreementLines(agreement({ minimumCents: 50_000 }), terms(), [inMarch([store(1, null)])]);
    expect(lines).toEqual([
      expect.objectContaining({ kind: 'royalty', basis: 'missing', salesCents: null, amountCents: 0 }),
    ]);
    expect(lines[0]!.description).toMatch(/sales report missing/);
  });

  it('names an estimate on the line', () => {
    const lines = agreementLines(agreement(), terms(), [inMarch([store(1, 200_000, 0, 'estimated')])]);
    expect(lines[0]).toMatchObject({ basis: 'estimated', amountCents: 10_000 });
    expect(lines[0]!.description).toMatch(/\(estimated\)$/);
    expect(estimateFrom([100, 200, 300, 400])).toBe(300);
    expect(estimateFrom([])).toBeNull();
  });
});

describe('report due dates', () => {
  const rules = { weeklyDueWeekday: 2, monthlyDueDay: 10 };
  it('weekly reports are due the Tuesday after the week, monthly on the 10th of the next month', () => {
    expect(reportDueDate('weekly', '2026-03-08', rules)).toBe('2026-03-10');
    expect(reportDueDate('monthly', '2026-03-31', rules)).toBe('2026-04-10');
    expect(reportDueDate('quarterly', '2026-12-31', rules)).toBe('2027-01-10');
    expect(reportDueDate('weekly', '2026-03-08', { weeklyDueWeekday: 1, monthlyDueDay: 5 })).toBe(
      '2026-03-09',
    );
    expect(reportDueDate('monthly', '2026-01-31', { weeklyDueWeekday: 1, monthlyDueDay: 5 })).toBe(
      '2026-02-05',
    );
  });
});
