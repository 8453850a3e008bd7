import type { Agreement, RecordRef } from '@storekeep/contracts';
import { formText, toFormValues } from '../records/form-values';

const SCALARS = [
  'agreement_number',
  'type',
  'status',
  'signed_date',
  'effective_date',
  'opening_date',
  'expiration_date',
  'initial_term_months',
  'renewal_count',
  'renewal_length_months',
  'renewal_notice_days',
  'renewal_fee',
  'initial_fee',
  'royalty_percent',
  'royalty_minimum',
  'marketing_percent',
  'technology_fee',
  'transfer_fee',
  'reporting_frequency',
  'territory_description',
  'territory_radius_miles',
] as const;
const REFS = { brand_id: 'brand', franchisee_id: 'franchisee' };
/** Every field a 422 answer may name, for mapping its errors onto the form. */
export const AGREEMENT_FORM_FIELDS = [
  ...SCALARS,
  ...Object.keys(REFS),
  'store_ids',
  'royalty_tiers',
  'clauses',
  'territory_exclusive',
  'attributes',
];

/** Agreement DTO → form values (a new one may start at a brand or with a store): strings for inputs, ids for pickers. */
export function agreementToForm(agreement?: Agreement, preset?: { brand?: RecordRef; store?: RecordRef }) {
  const values = toFormValues(
    agreement as unknown as Record<string, unknown>,
    [...SCALARS, ...Object.keys(REFS)],
    REFS,
  );
  if (!agreement) {
    values.type = 'single_unit';
    values.status = 'in_development';
    if (preset?.brand) values.brand_id = preset.brand.id;
  }
  return {
    ...values,
    territory_exclusive: agreement?.territory_exclusive ?? false,
    stores: agreement?.stores ?? (preset?.store ? [preset.store] : []),
    store_ids: (agreement?.stores ?? (preset?.store ? [preset.store] : [])).map((store) => store!.id),
    royalty_tiers: (agreement?.royalty_tiers ?? []).map((tier) => ({
      from_sales: formText(tier.from_sales),
      percent: formText(tier.percent),
    })),
    clauses: (agreement?.clauses ?? []).map((row) => ({
      kind: row.kind,
      text: row.text,
      date: row.date ?? '',
      document_id: row.document_id,
      page: formText(row.page),
    })),
  };
}
export type AgreementFormValues = ReturnType<typeof agreementToForm>;
