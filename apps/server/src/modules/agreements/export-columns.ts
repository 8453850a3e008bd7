import type { Agreement } from '@storekeep/contracts';
import type { Column } from '../../platform/tabular';

/** The columns of a franchise agreements export: parties, dates and the fee terms. */
export const AGREEMENT_EXPORT_COLUMNS: Array<Column<Agreement>> = [
  ['ID', (a) => a.id],
  ['Agreement number', (a) => a.agreement_number],
  ['Brand', (a) => a.brand?.name],
  ['Franchisee', (a) => a.franchisee?.name],
  ['Stores', (a) => a.stores.map((s) => s.name).join('; ')],
  ['Type', (a) => a.type],
  ['Status', (a) => a.status],
  ['Effective date', (a) => a.effective_date],
  ['Expiration date', (a) => a.expiration_date],
  ['Renewal notice deadline', (a) => a.renewal_notice_deadline],
  ['Royalty %', (a) => a.royalty_percent],
  ['Royalty minimum', (a) => a.royalty_minimum],
  ['Marketing fund %', (a) => a.marketing_percent],
  ['Technology fee', (a) => a.technology_fee],
  ['Reporting frequency', (a) => a.reporting_frequency],
];
