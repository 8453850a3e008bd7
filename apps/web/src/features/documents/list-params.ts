import { DEFAULT_PAGE_SIZE, DOCUMENT_SORTS, LINKABLE_TYPES } from '@storekeep/contracts';
import {
  attributeFiltersOf,
  isAttributeField,
  PER_PAGE_OPTIONS,
  type ListParams,
} from '../records/list-params';

/** The filters the documents page offers, as URL keys (`?category=lease,financial&expiring_before=2025-01-01`). */
export const DOCUMENT_PAGE_FILTERS = [
  'category',
  'tag',
  'linked_type',
  'expiring_before',
  'uploaded_by',
] as const;

/** Like the records lists: the whole list state lives in the URL; unknown values are dropped, not sent. */
export function parseDocumentParams(query: URLSearchParams): ListParams {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const perPageRaw = Number.parseInt(query.get('per_page') ?? '', 10);
  const per_page = (PER_PAGE_OPTIONS as readonly number[]).includes(perPageRaw)
    ? perPageRaw
    : DEFAULT_PAGE_SIZE;
  const sortRaw = query.get('sort');
  const sort =
    sortRaw && ((DOCUMENT_SORTS as readonly string[]).includes(sortRaw) || isAttributeField(sortRaw))
      ? sortRaw
      : null;
  const direction = query.get('direction') === 'desc' ? 'desc' : 'asc';
  const filters: Record<string, string[]> = {};
  for (const field of DOCUMENT_PAGE_FILTERS) {
    const raw = query.get(field);
    if (!raw) continue;
    let values = raw
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (field === 'uploaded_by') values = values.filter((value) => /^\d+$/.test(value));
    if (field === 'linked_type')
      values = values.filter((value) => (LINKABLE_TYPES as readonly string[]).includes(value));
    if (field === 'expiring_before') values = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? [raw] : [];
    if (values.length) filters[field] = values;
  }
  Object.assign(filters, attributeFiltersOf(query));
  return { page, per_page, search: (query.get('search') ?? '').trim(), sort, direction, filters };
}
