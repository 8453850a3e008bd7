import type {
  Brand,
  Company,
  Contact,
  LinkableType,
  PaginationMeta,
  RecordType,
  Store,
} from '@storekeep/contracts';

export type RecordMap = { companies: Company; brands: Brand; stores: Store; contacts: Contact };
export type AnyRecord = RecordMap[RecordType];
export type Paginated<T> = { data: T[]; meta: PaginationMeta };

/** Singular subject names the server writes in audit rows (`store`), by record type. */
export const SUBJECTS: Record<RecordType, string> = {
  companies: 'company',
  brands: 'brand',
  stores: 'store',
  contacts: 'contact',
};

/** The name a record is shown by: contacts use the display-name rule (first+last, company, e-mail). */
export function recordTitle(record: AnyRecord | { name?: string; display_name?: string }): string {
  if ('display_name' in record && record.display_name) return record.display_name;
  return 'name' in record && record.name ? record.name : '';
}

/** A record's page; leases and agreements have theirs at the same shape (`/leases/3`). */
export const recordPath = (type: LinkableType, id: number | string, tab?: string) =>
  `/${type}/${id}${tab ? `/${tab}` : ''}`;
