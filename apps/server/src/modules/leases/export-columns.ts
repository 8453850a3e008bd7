import type { Lease } from '@storekeep/contracts';
import type { Column } from '../../platform/tabular';

/** The columns of a leases export: what the list shows, and the dates and money people report on. */
export const LEASE_EXPORT_COLUMNS: Array<Column<Lease>> = [
  ['ID', (l) => l.id],
  ['Reference', (l) => l.reference],
  ['Store', (l) => l.store?.name],
  ['Status', (l) => l.status],
  ['Type', (l) => l.type],
  ['Landlord', (l) => l.landlord?.name],
  ['Tenant', (l) => l.tenant?.name],
  ['Suite', (l) => l.suite],
  ['Rentable sq ft', (l) => l.rentable_sqft],
  ['Commencement date', (l) => l.commencement_date],
  ['Rent commencement date', (l) => l.rent_commencement_date],
  ['Expiration date', (l) => l.expiration_date],
  ['Term (months)', (l) => l.term_months],
  ['Annual rent', (l) => l.annual_rent],
  ['Security deposit', (l) => l.security_deposit],
  ['Percentage rent breakpoint', (l) => l.percentage_rent_breakpoint],
  ['Percentage rent rate', (l) => l.percentage_rent_rate],
  ['Options', (l) => l.options.length],
];
