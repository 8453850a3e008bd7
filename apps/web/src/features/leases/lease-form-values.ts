import type { Lease } from '@storekeep/contracts';
import { formText, toFormValues } from '../records/form-values';
import { noticeToForm } from './option-notice-fields';

const SCALARS = [
  'reference',
  'status',
  'type',
  'guaranty_end_date',
  'suite',
  'rentable_sqft',
  'usable_sqft',
  'permitted_use',
  'signed_date',
  'possession_date',
  'commencement_date',
  'rent_commencement_date',
  'expiration_date',
  'holdover_rate',
  'free_rent_months',
  'percentage_rent_breakpoint',
  'percentage_rent_rate',
  'security_deposit',
  'letter_of_credit',
] as const;
const REFS = {
  store_id: 'store',
  landlord_id: 'landlord',
  tenant_id: 'tenant',
  guarantor_id: 'guarantor',
  broker_id: 'broker',
  property_manager_id: 'property_manager',
};
/** Every field a 422 answer may name, for mapping its errors onto the form. */
export const LEASE_FORM_FIELDS = [
  ...SCALARS,
  ...Object.keys(REFS),
  'rent_schedule',
  'charges',
  'options',
  'clauses',
  'attributes',
];

/** Lease DTO → form values: strings for inputs, ids for pickers, rows with strings. */
export function leaseToForm(lease?: Lease, storeId?: number) {
  const values = toFormValues(
    lease as unknown as Record<string, unknown>,
    [...SCALARS, ...Object.keys(REFS)],
    REFS,
  );
  if (!lease) {
    values.status = 'draft';
    values.type = 'net';
    if (storeId) values.store_id = storeId;
  }
  return {
    ...values,
    rent_schedule: (lease?.rent_schedule ?? []).map((row) => ({
      start_date: row.start_date,
      end_date: row.end_date,
      monthly_amount: formText(row.monthly_amount),
      amount_per_sqft: formText(row.amount_per_sqft),
    })),
    charges: (lease?.charges ?? []).map((row) => ({
      kind: row.kind,
      monthly_amount: formText(row.monthly_amount),
      estimated: row.estimated,
    })),
    options: (lease?.options ?? []).map((row) => ({
      kind: row.kind,
      count: formText(row.count),
      length_months: formText(row.length_months),
      notice: noticeToForm(row.notice),
      notice_from: row.notice_from,
      delivery_method: row.delivery_method ?? '',
      status: row.status,
      exercised_count: row.exercised_count,
      source_document_id: row.source_document_id,
      source_page: formText(row.source_page),
      deadline: row.deadline,
    })),
    clauses: (lease?.clauses ?? []).map((row) => ({
      kind: row.kind,
      text: row.text,
      date: row.date ?? '',
      document_id: row.document_id,
      page: formText(row.page),
    })),
  };
}

export type LeaseFormValues = ReturnType<typeof leaseToForm>;
