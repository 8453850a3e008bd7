import { describe, expect, it } from 'vitest';
import { agreementInputSchema, type Agreement } from '@storekeep/contracts';
import { agreementToForm } from './agreement-form-values';

const agreement: Agreement = {
  id: 9,
  brand: { id: 2, name: 'Bean There' },
  franchisee: null,
  stores: [
    { id: 5, name: 'Main Street' },
    { id: 6, name: 'Harbor' },
  ],
  agreement_number: 'FA-7',
  type: 'area_development',
  status: 'open',
  signed_date: '2024-01-10',
  effective_date: '2024-02-01',
  opening_date: null,
  expiration_date: '2034-01-31',
  initial_term_months: 120,
  renewal_count: 2,
  renewal_length_months: 60,
  renewal_notice_days: 180,
  renewal_notice_deadline: '2033-08-04',
  renewal_fee: null,
  initial_fee: 35000,
  royalty_percent: 6.5,
  royalty_minimum: null,
  royalty_tiers: [{ from_sales: 1000000, percent: 5.25 }],
  marketing_percent: 2,
  technology_fee: 199.99,
  transfer_fee: null,
  reporting_frequency: 'monthly',
  territory_description: null,
  territory_exclusive: true,
  territory_radius_miles: 3,
  clauses: [
    { kind: 'grant_territory', text: 'Three miles around each store.', date: null, document_id: 4, page: 2 },
  ],
  misaligned_stores: [],
  created_at: '2024-01-10T09:00:00Z',
  updated_at: '2024-01-10T09:00:00Z',
  deleted_at: null,
  abilities: { update: true, delete: true },
};

describe('the agreement form’s values', () => {
  it('start a new agreement in development, at the brand or with the store it was created from', () => {
    const values = agreementToForm(undefined, {
      brand: { id: 2, name: 'Bean There' },
      store: { id: 5, name: 'Main Street' },
    });
    expect(values).toMatchObject({
      type: 'single_unit',
      status: 'in_development',
      brand_id: 2,
      store_ids: [5],
    });
    expect(values.royalty_tiers).toEqual([]);
  });

  it('hold a saved agreement as text for the inputs and ids for the pickers', () => {
    expect(agreementToForm(agreement)).toMatchObject({
      brand_id: 2,
      franchisee_id: null,
      store_ids: [5, 6],
      royalty_percent: '6.5',
      renewal_fee: '',
      royalty_tiers: [{ from_sales: '1000000', percent: '5.25' }],
      clauses: [{ kind: 'grant_territory', date: '', document_id: 4, page: '2' }],
    });
  });

  it('save back as the same agreement through the input schema', () => {
    expect(agreementInputSchema.parse(agreementToForm(agreement))).toEqual({
      brand_id: 2,
      franchisee_id: null,
      store_ids: [5, 6],
      agreement_number: 'FA-7',
      type: 'area_development',
      status: 'open',
      signed_date: '2024-01-10',
      effective_date: '2024-02-01',
      opening_date: null,
      expiration_date: '2034-01-31',
      initial_term_months: 120,
      renewal_count: 2,
      renewal_length_months: 60,
      renewal_notice_days: 180,
      renewal_fee: null,
      initial_fee: 35000,
      royalty_percent: 6.5,
      royalty_minimum: null,
      royalty_tiers: agreement.royalty_tiers,
      marketing_percent: 2,
      technology_fee: 199.99,
      transfer_fee: null,
      reporting_frequency: 'monthly',
      territory_description: null,
      territory_exclusive: true,
      territory_radius_miles: 3,
      clauses: agreement.clauses,
    });
  });
});
