import {
  DEFAULT_PAGE_SIZE,
  LIST_FILTERS,
  LIST_SORTS,
  PER_PAGE_OPTIONS,
  type RecordType,
} from '@storekeep/contracts';

export { PER_PAGE_OPTIONS };

export type ListParams = {
  page: number;
  per_page: number;
  search: string;
  sort: string | null;
  direction: 'asc' | 'desc';
  /** Filter field → selected values (ids or enum values), only the type's LIST_FILTERS fields. */
  filters: Record<string, string[]>;
};

export const filterFields = (type: RecordType): string[] => Object.keys(LIST_FILTERS[type]);

/** `attr.<key>`: a team-defined attribute's sort or filter; the server checks it against its definitions. */
export const isAttributeField = (field: string) => /^attr\.[a-z][a-z0-9_]*$/.test(field);

/** The `attr.<key>=a,b` filters of a list URL. */
export function attributeFiltersOf(query: URLSearchParams): Record<string, string[]> {
  const filters: Record<string, string[]> = {};
  for (const [field, raw] of query) {
    if (!isAttributeField(field)) continue;
    const values = raw
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (values.length) filters[field] = values;
  }
  return filters;
}

/**
 * The list state lives in the URL query (`?page=2&per_page=50&search=x&sort=name&direction=desc&status=open,closed`)
 * so a link reproduces it. Unknown sorts, filters and page sizes are dropped rather than sent (the API answers 422).
 */
export function parseListParams(type: RecordType, query: URLSearchParams): ListParams {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const perPageRaw = Number.parseInt(query.get('per_page') ?? '', 10);
  const per_page = (PER_PAGE_OPTIONS as readonly number[]).includes(perPageRaw)
    ? perPageRaw
    : DEFAULT_PAGE_SIZE;
  const sortRaw = query.get('sort');
  const sort =
    sortRaw && ((LIST_SORTS[type] as readonly string[]).includes(sortRaw) || isAttributeField(sortRaw))
      ? sortRaw
      : null;
  const direction = query.get('direction') === 'desc' ? 'desc' : 'asc';
  const filters: Record<string, string[]> = {};
  const specs = LIST_FILTERS[type] as Record<string, { type: string; values?: readonly string[] }>;
  for (const [field, spec] of Object.entries(specs)) {
    const raw = query.get(field);
    if (!raw) continue;
    let values = raw
      .split(',')
      .map((value) => value.trim())
      .filter(Boolean);
    if (spec.type === 'ids') values = values.filter((value) => /^\d+$/.test(value));
    if (spec.type === 'enum') values = values.filter((value) => spec.values?.includes(value));
    if (spec.type === 'text') values = [raw.trim()];
    if (values.length) filters[field] = values;
  }
  Object.assign(filters, attributeFiltersOf(query));
  return { page, per_page, search: (query.get('search') ?? '').trim(), sort, direction, filters };
}

/** Back to the URL: defaults are left out so plain links stay plain. */
export function listParamsToSearch(params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  for (const [field, values] of Object.entries(params.filters))
    if (values.length) query.set(field, values.join(','));
  if (params.sort) {
    query.set('sort', params.sort);
    query.set('direction', params.direction);
  }
  if (params.per_page !== DEFAULT_PAGE_SIZE) query.set('per_page', String(params.per_page));
  if (params.page > 1) query.set('page', String(params.page));
  return query;
}

export type ApiQuery = Record<string, string | number | undefined>;

/** The API's query: `filters[field]=a,b` (docs/API.md, Records). */
export function toApiQuery(params: Partial<ListParams>): ApiQuery {
  const query: ApiQuery = {};
  if (params.page) query.page = params.page;
  if (params.per_page) query.per_page = params.per_page;
  if (params.search) query.search = params.search;
  if (params.sort) {
    query.sort = params.sort;
    query.direction = params.direction ?? 'asc';
  }
  for (const [field, values] of Object.entries(params.filters ?? {}))
    if (values.length) query[`filters[${field}]`] = values.join(',');
  return query;
}

export const defaultListParams = (overrides: Partial<ListParams> = {}): ListParams => ({
  page: 1,
  per_page: DEFAULT_PAGE_SIZE,
  search: '',
  sort: null,
  direction: 'asc',
  filters: {},
  ...overrides,
});
