import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, LIST_CACHE_MS, PER_PAGE_OPTIONS } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { attributeFiltersOf, isAttributeField, toApiQuery, type ListParams } from '../records/list-params';
import type { Paginated } from '../records/types';

/** A `{ data, meta }` list of a resource outside the four record types (leases, agreements, reminders). */
export function useApiList<T>(resource: string, params: Partial<ListParams>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.list(resource, params),
    queryFn: ({ signal }) => api.get<Paginated<T>>(`/${resource}`, { query: toApiQuery(params), signal }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * List state in the URL for lists with free-form filters: `?status=active&store_id=3&page=2`. With
 * `attributes`, team-defined attributes' `attr.<key>` sorts and filters are read too.
 */
export function parseSimpleParams(
  query: URLSearchParams,
  filterFields: readonly string[],
  sorts: readonly string[],
  defaults: Partial<ListParams> = {},
  attributes = false,
): ListParams {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const perPage = Number.parseInt(query.get('per_page') ?? '', 10);
  const filters: Record<string, string[]> = {};
  for (const field of filterFields) {
    // Both `status=x` and the API's own `filters[status]=x` (dashboard links) are understood.
    const raw = query.get(field) ?? query.get(`filters[${field}]`);
    if (raw)
      filters[field] = raw
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean);
  }
  if (attributes) Object.assign(filters, attributeFiltersOf(query));
  const sortRaw = query.get('sort');
  return {
    page,
    per_page: (PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE,
    search: (query.get('search') ?? '').trim(),
    sort:
      sortRaw && (sorts.includes(sortRaw) || (attributes && isAttributeField(sortRaw)))
        ? sortRaw
        : (defaults.sort ?? null),
    direction:
      query.get('direction') === 'desc'
        ? 'desc'
        : query.get('direction') === 'asc'
          ? 'asc'
          : (defaults.direction ?? 'asc'),
    filters,
  };
}
