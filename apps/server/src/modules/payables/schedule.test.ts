import { describe, expect, it } from 'vitest';
import { dueDateIn, linesDueIn, type PayableLease, type PaymentTermsValues } from './schedule';

const lease = (overrides: Partial<PayableLease> = {}): PayableLease => ({
  status: 'active',
  commencement_date: '2026-03-01',
  rent_commencement_date: '2026-03-15',
  expiration_date: '2027-03-14',
  rentable_sqft: null,
  holdover_rate: null,
  free_rent_until: null,
  rent: [
    { start_date: '2026-03-15', end_date: '2027-03-14', monthly_cents: 10_000_00, per_sqft_cents: null },
  ],
  charges: [],
  ...overrides,
});
const monthly: PaymentTermsValues = { frequency: 'monthly', timing: 'advance', due_day: 1 };

describe('rent payment lines', () => {
  it('prorate a first partial month by days and fall due no earlier than rent commencement', () => {
    expect(linesDueIn(lease(), monthly, '2026-03')).toEqual([
      {
        source: 'rent',
        kind: 'rent',
        charge_kind: null,
        service_start: '2026-03-15',
        service_end: '2026-03-31',
        due_date: '2026-03-15',
        // 10,000 × 17/31 = 5,483.870… → 5,483.87
        cents: 5_483_87,
        note: 'Prorated: 17 of 31 days',
      },
    ]);
    expect(linesDueIn(lease(), monthly, '2026-04')).toMatchObject([
      {
        service_start: '2026-04-01',
        service_end: '2026-04-30',
        due_date: '2026-04-01',
        cents: 10_000_00,
        note: null,
      },
    ]);
  });

  it('prorate the last partial month at expiration and stop after it', () => {
    expect(linesDueIn(lease(), monthly, '2027-03')).toMatchObject([
      {
        service_start: '2027-03-01',
        service_end: '2027-03-14',
        cents: 4_516_13,
        note: 'Prorated: 14 of 31 days',
      },
    ]);
    expect(linesDueIn(lease(), monthly, '2027-04')).toEqual([]);
  });

  it('bill quarters in arrears on the due day of the month after, clamped to the month’s end', () => {
    const quarterly: PaymentTermsValues = { frequency: 'quarterly', timing: 'arrears', due_day: 10 };
    const full = lease({ rent_commencement_date: '2026-01-01', commencement_date: '2026-01-01' });
    full.rent = [
      { start_date: '2026-01-01', end_date: '2027-03-14', monthly_cents: 10_000_00, per_sqft_cents: null },
    ];
    expect(linesDueIn(full, quarterly, '2026-04')).toMatchObject([
      { service_start: '2026-01-01', service_end: '2026-03-31', due_date: '2026-04-10', cents: 30_000_00 },
    ]);
    expect(linesDueIn(full, quarterly, '2026-05')).toEqual([]);
    expect(dueDateIn('2026-02', 31)).toBe('2026-02-28');
    expect(dueDateIn('2028-02', 31)).toBe('2028-02-29');
  });

  it('bill a year in advance in January, prorated from rent commencement', () => {
    const yearly: PaymentTermsValues = { frequency: 'yearly', timing: 'advance', due_day: 1 };
    // 17/31 of March + nine full months: 5,483.87 + 90,000.
    expect(linesDueIn(lease(), yearly, '2026-03')).toMatchObject([
      { service_start: '2026-03-15', service_end: '2026-12-31', due_date: '2026-03-15', cents: 95_483_87 },
    ]);
  });

  it('make free-rent months zero lines that say so, while charges run', () => {
    const free = lease({ free_rent_until: '2026-04-30', charges: [{ kind: 'cam', monthly_cents: 500_00 }] });
    expect(linesDueIn(free, monthly, '2026-04')).toEqual([
      expect.objectContaining({ kind: 'rent', cents: 0, note: 'Free rent to 2026-04-30: no base rent due' }),
      expect.objectContaining({ kind: 'charge', charge_kind: 'cam', source: 'charge:cam', cents: 500_00 }),
    ]);
    expect(linesDueIn(free, monthly, '2026-05')[0]).toMatchObject({ cents: 10_000_00, note: null });
  });

  it('count anniversary periods from the commencement day when the terms say so, prorating a cut lease month', () => {
    const anniversary = lease({
      commencement_date: '2026-03-15',
      rent_commencement_date: null,
      expiration_date: '2026-05-31',
      rent: [
        { start_date: '2026-03-15', end_date: '2026-05-31', monthly_cents: 10_000_00, per_sqft_cents: null },
      ],
    });
    const terms: PaymentTermsValues = { ...monthly, periods: 'anniversary' };
    const row = (month: string, t = terms) =>
      linesDueIn(anniversary, t, month).map((l) => [
        l.service_start,
        l.service_end,
        l.due_date,
        l.cents,
        l.note,
      ]);
    expect(row('2026-03')).toEqual([
      ['2026-03-15', '2026-04-14', '2026-03-15', 10_000_00, 'Lease months from day 15'],
    ]);
    expect(row('2026-05')).toEqual([
      [
        '2026-05-15',
        '2026-05-31',
        '2026-05-15',
        5_483_87,
        'Lease months from day 15; Prorated: 17 of 31 days',
      ],
    ]);
    // The same lease on calendar months: a partial March.
    expect(row('2026-03', monthly)).toEqual([
      ['2026-03-15', '2026-03-31', '2026-03-15', 5_483_87, 'Prorated: 17 of 31 days'],
    ]);
    expect(row('2026-03', { ...terms, frequency: 'quarterly' })).toEqual([
      [
        '2026-03-15',
        '2026-05-31',
        '2026-03-15',
        25_483_87,
        'Lease months from day 15; Prorated: 78 of 92 days',
      ],
    ]);
  });

  it('key charge lines by kind, so reordering charges keeps them, and pay two of one kind as one line', () => {
    const charges = [
      { kind: 'taxes', monthly_cents: 300_00 },
      { kind: 'cam', monthly_cents: 500_00 },
      { kind: 'other', monthly_cents: 100_00 },
      { kind: 'other', monthly_cents: 25_50 },
    ];
    const keyed = (l: PayableLease) =>
      linesDueIn(l, monthly, '2026-04')
        .filter((line) => line.kind === 'charge')
        .map((line) => [line.source, line.cents, line.note]);
    expect(keyed(lease({ charges }))).toEqual([
      ['charge:taxes', 300_00, null],
      ['charge:cam', 500_00, null],
      ['charge:other', 125_50, '2 charges: 100.00 + 25.50 a month'],
    ]);
    expect(keyed(lease({ charges: [...charges].reverse() })).sort()).toEqual([
      ['charge:cam', 500_00, null],
      ['charge:other', 125_50, '2 charges: 25.50 + 100.00 a month'],
      ['charge:taxes', 300_00, null],
    ]);
  });

  it('charge holdover rent after expiration at the holdover rate, on a line of its own', () => {
    const held = lease({
      status: 'holdover',
      expiration_date: '2026-06-30',
      holdover_rate: 150,
      rent: [
        { start_date: '2026-03-15', end_date: '2026-06-30', monthly_cents: 20_873_74, per_sqft_cents: null },
      ],
    });
    expect(linesDueIn(held, monthly, '2026-07')).toEqual([
      expect.objectContaining({
        kind: 'holdover',
        service_start: '2026-07-01',
        service_end: '2026-07-31',
        // 20,873.74 × 150 % = 31,310.61
        cents: 31_310_61,
        note: 'Holdover at 150 % of 20,873.74 a month',
      }),
    ]);
    // An expired lease not in holdover owes nothing after its last day.
    expect(linesDueIn({ ...held, status: 'expired' }, monthly, '2026-07')).toEqual([]);
  });
});
