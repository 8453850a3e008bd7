import { describe, expect, it } from 'vitest';
import { leaseInputSchema, type Lease } from '@storekeep/contracts';
import { leaseToForm } from './lease-form-values';

const ref = (id: number, name: string) => ({ id, name });
const rule = {
  anchor: 'term_end' as const,
  amount: 9,
  unit: 'months' as const,
  direction: 'before' as const,
  fixed_date: null,
  term_month: null,
};

const lease: Lease = {
  id: 41,
  store: ref(3, 'Main Street'),
  reference: 'L-100',
  status: 'active',
  type: 'nnn',
  landlord: ref(8, 'Landlord LLC'),
  tenant: null,
  guarantor: null,
  guaranty_end_date: null,
  broker: null,
  property_manager: ref(12, 'Pat Manager'),
  suite: null,
  rentable_sqft: 1200,
  usable_sqft: null,
  permitted_use: 'Coffee shop',
  signed_date: '2024-01-15',
  possession_date: null,
  commencement_date: '2024-03-01',
  rent_commencement_date: null,
  expiration_date: '2027-02-28',
  term_months: 36,
  holdover_rate: 150,
  free_rent_months: null,
  percentage_rent_breakpoint: null,
  percentage_rent_rate: null,
  security_deposit: 5000.5,
  letter_of_credit: null,
  rent_schedule: [
    { start_date: '2024-03-01', end_date: '2025-02-28', monthly_amount: 4000, amount_per_sqft: null },
    { start_date: '2025-03-01', end_date: '2027-02-28', monthly_amount: null, amount_per_sqft: 42.5 },
  ],
  charges: [{ kind: 'cam', monthly_amount: 310.25, estimated: true }],
  options: [
    {
      kind: 'renewal',
      count: 2,
      length_months: 60,
      notice: {
        earliest: null,
        latest: rule,
        business_day: 'previous',
        day_count: 'exclusive',
        lease_months: 'anniversary',
      },
      notice_days: null,
      notice_from: 'expiration',
      deadline: '2026-05-28',
      delivery_method: null,
      status: 'open',
      exercised_count: 0,
      source_document_id: 77,
      source_page: 4,
      windows: [],
      verified: null,
    },
  ],
  clauses: [
    {
      kind: 'assignment_subletting',
      text: 'Landlord consent required.',
      date: null,
      document_id: null,
      page: 12,
    },
  ],
  monthly_rent: 4000,
  rent_basis: 'scheduled',
  annual_rent: 51723,
  created_at: '2024-01-15T10:00:00Z',
  updated_at: '2024-01-15T10:00:00Z',
  deleted_at: null,
  abilities: { update: true, delete: true },
};

describe('the lease form’s values', () => {
  it('start a new lease as a net draft at the chosen store, every field empty', () => {
    const values = leaseToForm(undefined, 3);
    expect(values).toMatchObject({
      status: 'draft',
      type: 'net',
      store_id: 3,
      reference: '',
      landlord_id: null,
    });
    expect(values.rent_schedule).toEqual([]);
    expect(values.options).toEqual([]);
  });

  it('hold a saved lease as the inputs show it: text for numbers and dates, ids for the pickers', () => {
    const values = leaseToForm(lease);
    expect(values).toMatchObject({
      store_id: 3,
      landlord_id: 8,
      tenant_id: null,
      property_manager_id: 12,
      reference: 'L-100',
      suite: '',
      rentable_sqft: '1200',
      security_deposit: '5000.5',
      expiration_date: '2027-02-28',
    });
    expect(values.rent_schedule[1]).toEqual({
      start_date: '2025-03-01',
      end_date: '2027-02-28',
      monthly_amount: '',
      amount_per_sqft: '42.5',
    });
    expect(values.options[0]).toMatchObject({ count: '2', length_months: '60', source_page: '4' });
    expect(values.options[0]?.notice.latest).toMatchObject({
      amount: '9',
      anchor: 'term_end',
      fixed_date: '',
    });
  });

  it('save back as the same lease: form values through the input schema give the API body', () => {
    const body = leaseInputSchema.parse(leaseToForm(lease));
    expect(body).toMatchObject({
      store_id: 3,
      reference: 'L-100',
      status: 'active',
      type: 'nnn',
      landlord_id: 8,
      tenant_id: null,
      property_manager_id: 12,
      suite: null,
      rentable_sqft: 1200,
      usable_sqft: null,
      permitted_use: 'Coffee shop',
      commencement_date: '2024-03-01',
      expiration_date: '2027-02-28',
      holdover_rate: 150,
      security_deposit: 5000.5,
      rent_schedule: lease.rent_schedule,
      charges: lease.charges,
      clauses: lease.clauses,
    });
    expect(body.options).toEqual([
      {
        kind: 'renewal',
        count: 2,
        length_months: 60,
        notice: lease.options[0]!.notice,
        notice_days: null,
        notice_from: 'expiration',
        delivery_method: null,
        status: 'open',
        exercised_count: 0,
        source_document_id: 77,
        source_page: 4,
      },
    ]);
  });
});
