import {
  sql,
  type CompiledQuery,
  type Expression,
  type RawBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PaginationMeta } from '@storekeep/contracts';
import { dialectOf, untyped as untypedDb, type Executor } from './db';
import { cachedSearchResult, idsBytes, keptSearchResult, type MatchSet } from './search';
import { AppError } from './errors';
import { listOrderOf, pickedInOrder, type ListOrder } from './list-order';
import type { VERSIONED_LIST_TABLES } from './db/migrations/0070-list-table-versions';
import { cachedAtVersion, teamTableVersion, teamWriteVersion } from './team-cache';
import { nextTurn } from './turns';

/** The tables of paged lists: each keeps its own version per team (migration 0070), which its kept order uses. */
type ListTable = (typeof VERSIONED_LIST_TABLES)[number];

/**
 * A whitelisted filter. By default `field in (values)` on the column of the same name; `condition`
 * replaces that for filters that are not a column (a contact's store, say).
 */
export type FilterSpec = (
  | { readonly type: 'ids' }
  | { readonly type: 'enum'; readonly values: readonly string[] }
  | { readonly type: 'text' }
) & { readonly condition?: (values: Array<string | number>) => Expression<SqlBool> };

export type SortColumn = string | Expression<unknown>;

export type ListRequest = {
  page: number;
  perPage: number;
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
  filters: Record<string, Array<string | number>>;
};

/** The raw query string: Fastify's parser leaves `filters[kind]` as a literal key, string or string[]. */
export const rawListQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const pagingSchema = z.object({
  page: z.coerce
    .number({ error: 'The page must be an integer.' })
    .int('The page must be an integer.')
    .min(1, 'The page must be at least 1.')
    .max(1_000_000, 'The page may not be greater than 1000000.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'The per page must be an integer.' })
    .int('The per page must be an integer.')
    .min(1, 'The per page must be at least 1.')
    .max(MAX_PAGE_SIZE, `The per page may not be greater than ${MAX_PAGE_SIZE}.`)
    .default(DEFAULT_PAGE_SIZE),
  search: z.string().max(200, 'The search may not be greater than 200 characters.').default(''),
  direction: z.enum(['asc', 'desc'], { error: 'The selected direction is invalid.' }).default('asc'),
});

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.at(-1) : value);

/**
 * Parses `page, per_page, search, sort, direction, filters[field]` against a resource's whitelists.
 * Anything unknown is a 422 naming the field: user input never reaches SQL as an identifier.
 */
export function parseListQuery(
  raw: Record<string, string | string[]>,
  options: { sorts: readonly string[]; defaultSort: string; filters: Record<string, FilterSpec> },
): ListRequest {
  const errors: Record<string, string[]> = {};
  const paging = pagingSchema.safeParse({
    page: single(raw.page) || undefined,
    per_page: single(raw.per_page) || undefined,
    search: single(raw.search)?.trim(),
    direction: single(raw.direction) || undefined,
  });
  if (!paging.success)
    for (const issue of paging.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);

  const sort = single(raw.sort) || options.defaultSort;
  if (!options.sorts.includes(sort)) errors.sort = ['The selected sort is invalid.'];

  const filters: ListRequest['filters'] = {};
  for (const [key, value] of Object.entries(raw)) {
    const match = /^filters\[([^\]]+)\](\[\])?$/.exec(key);
    if (!match) continue;
    const field = match[1]!;
    // Own members only: `filters[constructor]` must not find what every object inherits.
    const spec = Object.hasOwn(options.filters, field) ? options.filters[field] : undefined;
    if (!spec) {
      errors[`filters.${field}`] = ['The selected filter is invalid.'];
      continue;
    }
    const values = [value]
      .flat()
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (!values.length) continue;
    if (spec.type === 'ids') {
      const ids = values.map(Number);
      if (ids.some((id) => !Number.isInteger(id) || id <= 0) || ids.length > 100) {
        errors[`filters.${field}`] = [`The ${field.replace(/_id$/, '')} filter must be a list of ids.`];
        continue;
      }
      filters[field] = ids;
    } else if (spec.type === 'enum') {
      if (values.some((v) => !spec.values.includes(v))) {
        errors[`filters.${field}`] = [`The selected ${field} is invalid.`];
        continue;
      }
      filters[field] = values;
    } else {
      filters[field] = values.slice(0, 20).map((v) => v.slice(0, 120));
    }
  }

  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  const data = paging.data!;
  return {
    page: data.page,
    perPage: data.per_page,
    search: data.search,
    sort,
    direction: data.direction,
    filters,
  };
}

/** Filter conditions for the parsed filters. */
export function filterConditions(
  filters: ListRequest['filters'],
  specs: Record<string, FilterSpec> = {},
): Array<Expression<SqlBool>> {
  return Object.entries(filters).map(
    ([field, values]) =>
      (Object.hasOwn(specs, field) ? specs[field]!.condition?.(values) : undefined) ??
      sql<SqlBool>`${sql.ref(field)} in (${sql.join(values)})`,
  );
}

/**
 * The query of a list whose own sorts and filters are joined by extra ones (a team's attribute columns): parsed
 * against both; the extra filters given come back as SQL conditions, and an extra sort orders rows without a
 * value last in both directions (the databases disagree on where NULL sorts, so the order says it).
 */
export function parseListQueryWith(
  raw: Record<string, string | string[]>,
  list: { sorts: Record<string, SortColumn[]>; defaultSort: string; filters: Record<string, FilterSpec> },
  extra: { sorts: Record<string, Array<Expression<unknown>>>; filters: Record<string, FilterSpec> },
) {
  const sorts: Record<string, SortColumn[]> = { ...list.sorts, ...extra.sorts };
  const query = parseListQuery(raw, {
    sorts: Object.keys(sorts),
    defaultSort: list.defaultSort,
    filters: { ...list.filters, ...extra.filters },
  });
  const given = Object.fromEntries(Object.entries(query.filters).filter(([field]) => field in extra.filters));
  let orderBy = sorts[query.sort]!;
  if (query.sort in extra.sorts) {
    const value = orderBy[0] as Expression<unknown>;
    const [valued, empty] = query.direction === 'asc' ? [0, 1] : [1, 0];
    orderBy = [sql`case when ${value} is null then ${sql.lit(empty)} else ${sql.lit(valued)} end`, value];
  }
  return { query, orderBy, conditions: filterConditions(given, extra.filters) };
}

export function paginationMeta(page: number, perPage: number, total: number): PaginationMeta {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 || (page - 1) * perPage >= total ? null : (page - 1) * perPage + 1;
  return {
    current_page: page,
    per_page: perPage,
    total,
    last_page: lastPage,
    from,
    to: from === null ? null : Math.min(page * perPage, total),
  };
}

/**
 * One page of live record ids in a stable order (id breaks ties), and the total. The page is read as
 * ids first (an index-only range scan on the sort index) and the caller loads full rows for just those
 * ids, so a deep page never drags whole rows through the offset.
 */
export async function pageOfIds(
  db: Executor,
  options: {
    table: ListTable;
    teamId: number;
    conditions: Array<Expression<SqlBool>>;
    /** Sort columns, or expressions (a team-defined attribute's value, see attributes/lists.ts). */
    orderBy: SortColumn[];
    direction: 'asc' | 'desc';
    page: number;
    perPage: number;
    /** The search box's matches (already among `conditions` as `id in (…)`). */
    search?: MatchSet | null;
  },
): Promise<{ ids: number[]; total: number }> {
  // The table name is one of four literals and columns come from whitelists; Kysely's typed builder
  // cannot follow a table chosen at run time, so this one helper works on the untyped builder.
  const untyped = untypedDb(db);
  // The team's live rows that meet `conditions`.
  const liveRows = (conditions: Array<Expression<SqlBool>>) => {
    let rows = untyped
      .selectFrom(options.table)
      .where('team_id', '=', options.teamId)
      .where('deleted_at', 'is', null);
    for (const condition of conditions) rows = rows.where(condition);
    return rows;
  };
  const base = liveRows(options.conditions);

  const columns = [...options.orderBy, 'id'];
  const offset = (options.page - 1) * options.perPage;
  const count = base.select(sql<number>`count(*)`.as('total'));
  const countQuery = count.compile();
  const countNow = async () => Number((await count.executeTakeFirstOrThrow()).total);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder above
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(page: Q): Q => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column name or an expression
    for (const column of columns) page = page.orderBy(column as any, options.direction) as Q;
    return page;
  };
  if (options.search) {
    const search = options.search;
    const sorted = await orderedMatches(db, untyped, options, columns, countQuery, {
      // The list's own order, without the search box: kept, so that a search's matches are picked out of it.
      order: () => ordered(liveRows(options.conditions.filter((c) => c !== search.condition)).select('id')),
      teamRows: () => liveRows([]),
    });
    if (sorted) return { ids: sorted.slice(offset, offset + options.perPage), total: sorted.length };
  }
  // Inside a transaction nothing is cached (see cachedTotal): page and count, as they are.
  if (db.isTransaction) {
    const rows = await ordered(base.select('id')).limit(options.perPage).offset(offset).execute();
    return { ids: rows.map((r: { id: number }) => r.id), total: await countNow() };
  }

  // Deep pages start from a cached boundary row instead of stepping over every row before them; the
  // boundary belongs to a write version, so that is read first.
  if (offset >= SEEK_STEP && columns.every((c) => typeof c === 'string' && NOT_NULL_SORT_COLUMNS.has(c))) {
    const version = await teamWriteVersion(db, options.teamId);
    const boundary = await boundaryFor(
      db,
      version,
      countQuery,
      base,
      columns as string[],
      options.direction,
      offset,
    );
    let page = base.select('id');
    let skip = offset;
    if (boundary) {
      const comparison = options.direction === 'asc' ? '>' : '<';
      page = page.where(
        sql<SqlBool>`(${sql.join((columns as string[]).map((c) => sql.ref(c)))}) ${sql.raw(comparison)} (${sql.join(boundary.values)})`,
      );
      skip = offset - boundary.position;
    }
    const rows = await ordered(page).limit(options.perPage).offset(skip).execute();
    return {
      ids: rows.map((r: { id: number }) => r.id),
      total: await cachedTotal(db, version, countQuery, countNow),
    };
  }

  // The usual page: its ids and the team's write version in one round trip; the total then comes from
  // the cache when that version still holds (almost always), else from a count.
  // With a search box that matches many rows, the page walks the sort index and asks the search index
  // about each row it passes (one keyed look-up each; matches are dense, so few rows are passed) instead
  // of first building the whole match set. The count keeps `id in (matches)`: it needs them all anyway,
  // and is cached until the team writes.
  // That only pays when matches are really dense: at 1 in 100 the walk passes ~2,500 rows for a page
  // (documents search=escrow on PostgreSQL: 270 ms walking, 115 ms hashing the matches). The total says
  // which; it is needed anyway and almost always cached.
  if (options.search && dialectOf(db) === 'postgres') {
    const version = await teamWriteVersion(db, options.teamId);
    const total = await cachedTotal(db, version, countQuery, countNow);
    let pageBase = base;
    if (total >= DENSE_MATCHES) {
      const search = options.search;
      pageBase = liveRows(
        options.conditions.map((c) => (c === search.condition ? search.matchesRow(options.table) : c)),
      );
    }
    const rows = await ordered(pageBase.select('id')).limit(options.perPage).offset(offset).execute();
    return { ids: rows.map((r: { id: number }) => r.id), total };
  }
  const versionColumn =
    sql<number>`(select version from team_write_versions where team_id = ${options.teamId})`.as(
      'write_version',
    );
  const rows: Array<{ id: number; write_version: number | null }> = await ordered(
    base.select(['id', versionColumn]),
  )
    .limit(options.perPage)
    .offset(offset)
    .execute();
  const version = rows.length
    ? Number(rows[0]!.write_version ?? 0)
    : await teamWriteVersion(db, options.teamId);
  return { ids: rows.map((r) => r.id), total: await cachedTotal(db, version, countQuery, countNow) };
}

// ---------- search boxes: a search's matches in page order, cached until the team writes ----------

/**
 * A search box's matches, all of them in the list's order, when there are at most SEARCH_ORDER_MAX: every page
 * of that search (and the same search by anyone in the team) is then a slice, until the team writes. Reading
 * the matches is what costs: on PostgreSQL 10,000 matches of a million documents are 10,000 visits to the
 * search index's heap (≈ 90 ms), for any page of them, which nothing but a cache makes cheap. The first page
 * of a new search still pays it once. Sorts by an expression (a team attribute) are not cached (their key would
 * need the compiled expression); denser searches walk the sort index as below.
 */
const SEARCH_ORDER_MAX = 100_000;

/**
 * A list's ids in order without its search box (the team's live rows that meet the list's other conditions), kept
 * like a search's matches until the team writes, when there are at most LIST_ORDER_MAX of them. A search with many
 * matches is then its ids, read from the search index alone, picked out of that order in JS (list-order.ts), and so
 * is any search once the order is kept. SQLite, stores search=mark (52,557 of 100,000): 12 ms, where ordering them
 * in SQL walked the name index and tested each row against the match set (77 ms); hill's 5,010: 1.5 ms against
 * 43 ms. PostgreSQL: mark's first page took 0.27–0.36 s under the search benchmark (the walk and a count of 52,557);
 * now the range of its terms' index and a pick. Reading the order costs about what one dense search did (15–20 ms
 * for 100,000 stores), once a write.
 */
const LIST_ORDER_MAX = 200_000;
/**
 * Matches ordered by key from which the list's order is read in the background, once the answer has left (a
 * failed read is tried again by the next such search). Ordering by key costs ~3 µs a match (contacts search=smith,
 * 813 of 100,000: 2.4 ms), picking from a kept order ~0.3 ms, reading the order ~20 ms: a team that searches a
 * few times between two writes gains, one that writes between every two searches pays the read each time. That
 * holds for an order kept under the team's write version (a list with a filter), which any write of the team
 * discards; an order kept under its own table's version lasts until its rows change, so its first search reads it.
 */
const WARM_ORDER_AFTER = 250;

/**
 * Background reads of list orders, one at a time and WARM_SPACING_MS apart, each after the answer that asked for it
 * has left: a common word warms four lists at once, and an event-loop lag probe saw their reads back to back hold
 * the loop for ~75 ms.
 */
const WARM_SPACING_MS = 25;
const warming: Array<() => Promise<unknown>> = [];
let warmingRuns = false;
function warmLater(read: () => Promise<unknown>) {
  warming.push(read);
  if (warmingRuns) return;
  warmingRuns = true;
  setTimeout(warmNext, 0).unref();
}
function warmNext() {
  const read = warming.shift();
  if (!read) {
    warmingRuns = false;
    for (const settle of whenWarmed.splice(0)) settle();
    return;
  }
  // A failed read is tried again by the next search that asks for it.
  void read()
    .catch(() => undefined)
    .finally(() => setTimeout(warmNext, WARM_SPACING_MS).unref());
}

const whenWarmed: Array<() => void> = [];
/** Resolves once no list order waits to be read in the background (tests that count the statements a search ran). */
export function listOrdersWarmed(): Promise<void> {
  return warmingRuns ? new Promise((resolve) => whenWarmed.push(resolve)) : Promise.resolve();
}

async function orderedMatches(
  db: Executor,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
  untyped: Kysely<any>,
  options: {
    table: ListTable;
    teamId: number;
    conditions: Array<Expression<SqlBool>>;
    direction: 'asc' | 'desc';
    search?: MatchSet | null;
  },
  columns: SortColumn[],
  countQuery: CompiledQuery,
  lists: {
    /** The list's ids in order without the search box. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
    order: () => SelectQueryBuilder<any, any, any>;
    /** The team's live rows of the list's table, whatever the list's other conditions. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
    teamRows: () => SelectQueryBuilder<any, any, any>;
  },
): Promise<number[] | null> {
  // Inside a transaction nothing is cached (see cachedTotal): only matches read by key (matchesByKey) serve then.
  const version = db.isTransaction ? null : await teamWriteVersion(db, options.teamId);
  const cacheable = version !== null && columns.every((column) => typeof column === 'string');
  const read = async () => {
    // Only on a miss: a kept search's answer need not compile the list's query.
    const search = options.search!;
    const orderVersion = cacheable ? await listOrderVersion(db, options) : null;
    const order = orderVersion
      ? keptListOrder(
          db,
          options.teamId,
          orderVersion,
          { query: lists.order(), columns: columns as string[], direction: options.direction },
          search.parts
            ? {
                column: search.parts.column,
                rows: lists
                  .teamRows()
                  .select(['id', sql.ref(search.parts.column).as('value')])
                  // The order of the live (team, column, id) index, which holds both: SQLite chose the bare
                  // team index and a row look-up each (42 → 27 ms for 120,000 leases with their stores).
                  .orderBy(search.parts.column)
                  .orderBy('id'),
              }
            : null,
          (id, names) =>
            untyped
              .selectFrom(options.table)
              .select(names)
              .where('team_id', '=', options.teamId)
              .where('id', '=', id)
              .executeTakeFirst() as Promise<Record<string, unknown> | undefined>,
        )
      : null;
    if (order?.kept) return matchesInOrder(db, { teamId: options.teamId, version }, order.kept, search);
    const byKey = await matchesByKey(db, untyped, options, columns);
    if (Array.isArray(byKey)) {
      // The next such search picks its matches from the order instead (see WARM_ORDER_AFTER).
      if (order && (orderVersion?.ownRows || byKey.length >= WARM_ORDER_AFTER)) warmLater(order.read);
      return byKey;
    }
    // Many matches (SQLite: more than FEW_MATCHES; PostgreSQL: DENSE_MATCHES or more), out of the list's order.
    const list = order && (await order.read());
    if (list) return matchesInOrder(db, { teamId: options.teamId, version }, list, search);
    // More than fit: walk instead (pageOfIds counts the total).
    return null;
  };
  if (!cacheable) return read();
  const key = `matches\u0000${countQuery.sql}\u0000${JSON.stringify(countQuery.parameters)}\u0000${columns.join(',')}\u0000${options.direction}`;
  // Per team, least recently used out, by bytes (search.ts SEARCH_RESULTS).
  return cachedSearchResult(db, options.teamId, version, key, read, idsBytes);
}

/**
 * What a list's order is kept under, read before the order is: its table's version (migration 0070) when the list
 * has no condition but the search box's, so that only a write of its own rows discards it; with a filter, which may
 * read other tables (a team attribute's values), the team's write version. Either moves in the transaction of any
 * write that changes what it covers.
 */
async function listOrderVersion(
  db: Executor,
  options: {
    table: ListTable;
    teamId: number;
    conditions: Array<Expression<SqlBool>>;
    search?: MatchSet | null;
  },
): Promise<OrderVersion> {
  const ownRows = options.conditions.every((condition) => condition === options.search?.condition);
  const current = ownRows
    ? () => teamTableVersion(db, options.teamId, options.table)
    : () => teamWriteVersion(db, options.teamId);
  return { version: await current(), current, ownRows };
}
/**
 * The version a list order is kept under, how to read it again (did it move while the order was read?), and whether
 * it is its table's own version.
 */
type OrderVersion = { version: number; current: () => Promise<number>; ownRows: boolean };

/**
 * The list order of `query` (see LIST_ORDER_MAX): `kept` when the cache holds it at `version`, and `read()`, which
 * reads it (or finds it kept) and keeps it; null from either means it has more than LIST_ORDER_MAX rows.
 */
function keptListOrder(
  db: Executor,
  teamId: number,
  { version, current }: OrderVersion,
  order: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
    query: SelectQueryBuilder<any, any, any>;
    /** The sort columns, `id` last. */
    columns: string[];
    direction: 'asc' | 'desc';
  },
  /**
   * The list's rows' `id` and `value` of a column to keep beside the order (MatchSet.parts): read apart, through
   * an index that holds them, as the order's sort index does not (leases by expiry with their stores in one
   * statement: 175 ms, a row look-up each; 18 + 27 ms in two).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
  values: { column: string; rows: SelectQueryBuilder<any, any, any> } | null,
  /** One row's values of `names`, by id (where a slice of the order ends). */
  rowOf: (id: number, names: string[]) => Promise<Record<string, unknown> | undefined>,
): { kept: ListOrder | null | undefined; read: () => Promise<ListOrder | null> } {
  const compiled = order.query.compile();
  const key = `order\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}\u0000${values?.column ?? ''}`;
  // The order in slices; null when a slice ended on a row gone since (the caller reads it whole instead).
  const readSliced = async () => {
    const ids = await slicedIds(db, { ...order, max: LIST_ORDER_MAX, rowOf });
    if (!ids) return null;
    if (ids.ids.length > LIST_ORDER_MAX) return { tooLong: true as const };
    if (!values) return { ids: ids.ids };
    await nextTurn();
    const pairs = await slicedIds(db, {
      query: values.rows,
      columns: [values.column, 'id'],
      direction: 'asc',
      max: Infinity,
      rowOf,
      value: values.column,
    });
    return pairs && { ids: ids.ids, values: { of: pairs.ids, values: pairs.values } };
  };
  return {
    kept: keptSearchResult<ListOrder | null>(db, teamId, version, key),
    read: () =>
      cachedSearchResult(
        db,
        teamId,
        version,
        key,
        async () => {
          const sliced = await readSliced();
          if (sliced && 'tooLong' in sliced) return null;
          // Slices are separate statements: a write between two of them (which moves the version) could have
          // left a row out or in twice. Read again, then, in one statement each.
          const read =
            sliced && (await current()) === version ? sliced : await readWhole(db, order.query, values);
          return read && listOrderOf(read.ids, read.values);
        },
        (kept) => kept?.bytes ?? 64,
      ),
  };
}

/** keptListOrder's reads in one statement each, when the team wrote during slicedIds. */
async function readWhole(
  db: Executor,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
  query: SelectQueryBuilder<any, any, any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
  values: { column: string; rows: SelectQueryBuilder<any, any, any> } | null,
) {
  // The LIMIT also keeps SQLite from dropping the subquery's ORDER BY under the aggregate.
  const [ids] = await idsOf(db, query.limit(LIST_ORDER_MAX + 1));
  if (ids.length > LIST_ORDER_MAX) return null;
  if (!values) return { ids };
  // Two reads of ~20 ms each in one turn held every other request for both.
  await nextTurn();
  const aggregate = jsonArrayAggregate(db);
  const { rows } = await sql<{
    ids: JsonArray<number>;
    values: JsonArray<number | null>;
  }>`select ${aggregate}(id) as ids, ${aggregate}(value) as "values" from (${values.rows}) as q`.execute(db);
  return { ids, values: { of: jsonArray(rows[0]?.ids), values: jsonArray(rows[0]?.values) } };
}

/**
 * A list's ids in order, `slice` (ORDER_SLICE) at a time, the event loop free between two slices: on SQLite one
 * statement for 100,000 stores held every other request for 15–25 ms (contacts, leases and their stores alike),
 * the slowest stretches of the search benchmark's first-time round; on PostgreSQL, parsing the one JSON array of
 * 120,000 leases and their stores holds it too, in the middle of other searches' answers. Each
 * slice starts after the last row of the one before by its sort key (an OFFSET would step over every row before it
 * again: twice the work in all). NULL does not compare, so the rows whose first sort column is NULL are a segment
 * of their own, read where the database sorts them (SQLite: below every value; PostgreSQL: above), and the other
 * columns' comparisons place NULL the same way. With `value`, that column's values come too, beside the ids. Null
 * when the row a slice ended on is gone (a write: read it all in one statement instead).
 */
export async function slicedIds(
  db: Executor,
  options: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
    query: SelectQueryBuilder<any, any, any>;
    /** Columns of the query's table, the sort columns and `id` last. */
    columns: string[];
    direction: 'asc' | 'desc';
    /** Stops once it has more ids than this. */
    max: number;
    rowOf: (id: number, names: string[]) => Promise<Record<string, unknown> | undefined>;
    value?: string;
    slice?: number;
  },
): Promise<{ ids: number[]; values: Array<number | null> } | null> {
  const { columns, direction } = options;
  const size = options.slice ?? ORDER_SLICE;
  const nullsFirst = (direction === 'asc') === (dialectOf(db) === 'sqlite');
  const [lead] = columns as [string, ...string[]];
  const isNull = sql<SqlBool>`${sql.ref(lead)} is null`;
  const notNull = sql<SqlBool>`${sql.ref(lead)} is not null`;
  const segments = lead === 'id' ? [null] : nullsFirst ? [isNull, notNull] : [notNull, isNull];
  const json = jsonArrayAggregate(db);
  const ids: number[] = [];
  const values: Array<number | null> = [];
  for (const segment of segments) {
    let last: unknown[] | null = null;
    for (;;) {
      let slice = options.query;
      if (segment) slice = slice.where(segment);
      if (last) {
        slice = slice.where(rowsAfter(columns, last, direction, nullsFirst));
        // The first column's bound on its own too: the range of the sort index the slice starts in.
        if (last[0] !== null) slice = slice.where(sql.ref(lead), direction === 'asc' ? '>=' : '<=', last[0]);
      }
      const { rows } = await sql<{
        ids: JsonArray<number>;
        values: JsonArray<number | null>;
      }>`select ${json}(id) as ids, ${options.value ? sql`${json}(value)` : sql`null`} as "values" from (${slice.limit(size)}) as slice`.execute(
        db,
      );
      const part = jsonArray(rows[0]?.ids);
      // Indexed (list-order.ts says why).
      for (let i = 0; i < part.length; i++) ids.push(part[i]!);
      if (options.value) {
        const kept = jsonArray(rows[0]?.values);
        for (let i = 0; i < kept.length; i++) values.push(kept[i]!);
      }
      if (ids.length > options.max || part.length < size) break;
      const row = await options.rowOf(part.at(-1)!, columns);
      if (!row || columns.some((column) => !(column in row))) return null;
      last = columns.map((column) => row[column] ?? null);
      await nextTurn();
    }
    if (ids.length > options.max) break;
  }
  return { ids, values };
}

/** How many ids a slice of slicedIds reads: 2–4 ms of SQLite's time, one of several JSON arrays to parse. */
const ORDER_SLICE = 20_000;

/** The rows after `values` in the order of `columns`; `is` compares NULLs as equal. */
function rowsAfter(
  columns: string[],
  values: unknown[],
  direction: 'asc' | 'desc',
  nullsFirst: boolean,
): Expression<SqlBool> {
  const [column, ...more] = columns as [string, ...string[]];
  const value = values[0];
  const ref = sql.ref(column);
  const past = direction === 'asc' ? sql<SqlBool>`${ref} > ${value}` : sql<SqlBool>`${ref} < ${value}`;
  const beyond = nullsFirst
    ? value === null
      ? sql<SqlBool>`${ref} is not null`
      : past
    : value === null
      ? sql<SqlBool>`1 = 0`
      : sql<SqlBool>`(${past} or ${ref} is null)`;
  if (!more.length) return beyond;
  const same = value === null ? sql<SqlBool>`${ref} is null` : sql<SqlBool>`${ref} = ${value}`;
  return sql<SqlBool>`(${beyond} or (${same} and ${rowsAfter(more, values.slice(1), direction, nullsFirst)}))`;
}

/** The aggregate that makes a JSON array of a column's values, in the order of the rows it reads. */
const jsonArrayAggregate = (db: Executor) =>
  sql.raw(dialectOf(db) === 'sqlite' ? 'json_group_array' : 'json_agg');

/** A JSON array from SQL: SQLite's text, PostgreSQL's json (which node-postgres parses), null for none. */
type JsonArray<T> = string | T[] | null;
const jsonArray = <T>(value: JsonArray<T> | undefined): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []);

/**
 * The ids each query selects, in its order, as one JSON array each, in one statement (parsing JSON beats a row
 * object per id). PostgreSQL's `array(…)` keeps the subquery's order; SQLite's aggregate keeps it while the
 * subquery has a LIMIT or nothing to reorder.
 */
async function idsOf<Queries extends Array<Expression<unknown>>>(
  db: Executor,
  ...queries: Queries
): Promise<{ [K in keyof Queries]: number[] }> {
  const sqlite = dialectOf(db) === 'sqlite';
  const arrays = queries.map((query, i) =>
    sqlite
      ? sql`(select json_group_array(id) from (${query})) as ${sql.ref(`ids${i}`)}`
      : sql`array_to_json(array(select id from (${query}) as q)) as ${sql.ref(`ids${i}`)}`,
  );
  const { rows } = await sql<Record<string, JsonArray<number>>>`select ${sql.join(arrays)}`.execute(db);
  return queries.map((_, i) => jsonArray(rows[0]?.[`ids${i}`])) as { [K in keyof Queries]: number[] };
}

/** The ids of `order` that `search` matches, in order; null when there are more than SEARCH_ORDER_MAX. */
async function matchesInOrder(
  db: Executor,
  at: { teamId: number; version: number | null },
  order: ListOrder,
  search: MatchSet,
): Promise<number[] | null> {
  // PostgreSQL reads both parts in one round trip, and again for each search: its reads do not hold the event loop,
  // and with them kept its first-time round was no faster (four alternated runs) while they took the team's share
  // of the cache from list orders.
  const sqlite = dialectOf(db) === 'sqlite';
  let picked: number[];
  if (!search.parts)
    picked = pickedInOrder(
      order,
      sqlite ? await keptMatchIds(db, at, search.ids) : (await idsOf(db, search.ids))[0],
    );
  else if (sqlite)
    picked = pickedInOrder(
      order,
      (await idsOf(db, search.parts.own))[0],
      await keptMatchIds(db, at, search.parts.parents),
    );
  else picked = pickedInOrder(order, ...(await idsOf(db, search.parts.own, search.parts.parents)));
  return picked.length > SEARCH_ORDER_MAX ? null : picked;
}

/**
 * The ids a search index read finds (a word's stores, say), kept like a search's answers until the team writes
 * (search.ts SEARCH_RESULTS), on SQLite: the stores list's search box and the leases search box's stores ask the
 * same read of the same words, and for a word in half the stores it is the dearest part of either (`mark`, 52,557
 * stores: ~20 ms, holding every other request meanwhile).
 */
async function keptMatchIds(
  db: Executor,
  at: { teamId: number; version: number | null },
  ids: RawBuilder<{ id: number }>,
): Promise<number[]> {
  const read = async () => (await idsOf(db, ids))[0];
  if (at.version === null) return read();
  const compiled = ids.compile(db);
  const key = `ids\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  return cachedSearchResult(db, at.teamId, at.version, key, read, idsBytes);
}

// ---------- search boxes: matches read by key ----------

/**
 * With `id in (matches)` and ORDER BY name, both databases like to walk the name index and test each row
 * against the match set: cheap when half the rows match, a walk over the whole team when ten rows do
 * (a rare word in a million documents took 380 ms that way). So the match set is read first and its rows
 * looked up by key, then sorted.
 * - SQLite: at most FEW_MATCHES + 1 of it, counted; when it holds no more than FEW_MATCHES ids, the page and
 *   the exact total come from one query over exactly those rows. Otherwise (null) the caller reads the matches
 *   in order. A search's matches are read in order all at once and cached (orderedMatches), so what counts is
 *   the whole ordered read, not one page: walking the name index costs the whole team whatever the matches
 *   (100,000 stores: 22 ms CPU for search=coffee's 1,463, 40 ms for market's 52,557), look-ups cost the
 *   matches (3 ms for coffee, 40 ms for market), hence the threshold of 20,000.
 * - PostgreSQL: every match in order in the same statement as the probe, up to DENSE_MATCHES. With that many or
 *   more (null), the matches are picked from the list's order (orderedMatches), or, when that is too long to keep,
 *   its pages walk the sort index, instead of every match being read in order first (stores search=mark, 52,557
 *   matches: page 1 in 0.3–0.5 s instead of 0.64–0.68 s under the search benchmark when it walked; a deep page
 *   then walks too, ~0.2 s, where the ordered ids were a slice).
 */
const FEW_MATCHES = 20_000;
/** PostgreSQL: from this many matches on, a page walks the sort index with a keyed look-up per row. */
const DENSE_MATCHES = 25_000;

/**
 * PostgreSQL's ordered ids come as one `1,2,3` text, split here: as an int[] they went through node-postgres's
 * array parser a character at a time (4% of the server's time over the search benchmark's first-time round).
 */
const idList = (text: string | null | undefined) => (text ? text.split(',').map(Number) : []);

/**
 * PostgreSQL, one statement: `matches` materialised once as `matches`, their number, and under DENSE_MATCHES the
 * ids `inOrder` reads from them (whose number is then the total). `found` is DENSE_MATCHES when `gate` says the
 * matches would be that many anyway, without `matches` being read.
 */
async function countedInOrder(
  db: Executor,
  matches: Expression<unknown>,
  inOrder: Expression<unknown>,
  gate?: DenseGate,
): Promise<{ found: number; ids: number[] }> {
  const { rows } = await sql<{
    n: number | string;
    ids: string | null;
    dense: boolean;
  }>`with ${gate ? sql`dense_parents as (${gate.dense}), ` : sql``}matches as materialized (${matches}), counted as (select count(*) as n from matches) select n, ${gate ? sql`(select dense from dense_parents)` : sql`false`} as dense, case when n < ${DENSE_MATCHES} then array_to_string(array(${inOrder}), ',') end as ids from counted`.execute(
    db,
  );
  if (rows[0]?.dense) return { found: DENSE_MATCHES, ids: [] };
  return { found: Number(rows[0]?.n ?? 0), ids: idList(rows[0]?.ids) };
}

/**
 * A search whose matches include every row of its matching parents (the leases of the stores that match): when
 * the parents alone are DENSE_MATCHES or more, so are the matches (a store has a lease or more, as a rule; where
 * it has none, the matches are still picked right from the list's order, only less cheaply). `dense` is a
 * one-row query of that, and `open` the condition that lets `matches` be read only when it is false.
 */
type DenseGate = { dense: Expression<unknown>; open: Expression<SqlBool> };
const denseParentsGate = (parents: RawBuilder<{ id: number }>): DenseGate => ({
  dense: sql`select count(*) >= ${DENSE_MATCHES} as dense from (${parents} limit ${DENSE_MATCHES}) as parents`,
  // An uncorrelated subquery: PostgreSQL evaluates it once, and a true answer stops the scan before it starts.
  open: sql<SqlBool>`not (select dense from dense_parents)`,
});

async function matchesByKey(
  db: Executor,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
  untyped: Kysely<any>,
  options: {
    table: ListTable;
    teamId: number;
    conditions: Array<Expression<SqlBool>>;
    direction: 'asc' | 'desc';
    search?: MatchSet | null;
  },
  columns: SortColumn[],
): Promise<number[] | null> {
  const search = options.search!;
  const sqlite = dialectOf(db) === 'sqlite';
  // SQLite: `+column` keeps the planner off the team's indexes, so the id list drives (rowid look-ups).
  const column = (name: string) => (sqlite ? sql`+${sql.ref(name)}` : sql.ref(name));
  // The team's live rows that meet `matches` and the list's other conditions.
  const matching = (matches: Expression<SqlBool>) => {
    let query = untyped
      .selectFrom(options.table)
      // `-team_id = -?` on SQLite: the same team condition, kept off the team's indexes like the `+column`s.
      .where((eb) =>
        sqlite ? eb(eb.neg(eb.ref('team_id')), '=', -options.teamId) : eb('team_id', '=', options.teamId),
      )
      .where('deleted_at', 'is', null)
      .where(matches);
    for (const condition of options.conditions)
      if (condition !== search.condition) query = query.where(condition);
    return query;
  };
  const inOrder = (matches: Expression<SqlBool>) => {
    let query = matching(matches).select('id');
    for (const name of columns)
      query = query.orderBy(typeof name === 'string' ? column(name) : name, options.direction);
    return query;
  };
  if (!sqlite && search.rows) {
    // The matches and their sort keys in one pass over the table's own indexes, up to DENSE_MATCHES: under that, in
    // order (leases search=hill, 6,005 matches: 11 ms against 22 ms for the leases read once to list them and once
    // more by key to order them). Counting past it only to learn the total cost a dense search as much again: its
    // matches are then picked from the list's order, whose length gives the total (search=mark, 63,201 matches: 80
    // ms counted to the end, 46 ms stopped at DENSE_MATCHES).
    // A dense parents' set (leases search=mark: 52,557 matching stores) skips that pass altogether (35–44 ms of
    // a first-time search, spent only to learn that the matches are too many to read in order).
    const keys = columns.map((name, i) =>
      (typeof name === 'string' ? sql.ref(name) : sql`${name}`).as(`k${i}`),
    );
    const order = sql.join(columns.map((_, i) => sql`${sql.ref(`k${i}`)} ${sql.raw(options.direction)}`));
    const gate = search.parts && denseParentsGate(search.parts.parents);
    let rows = matching(search.rows);
    if (gate) rows = rows.where(gate.open);
    const { found, ids } = await countedInOrder(
      db,
      rows.select(['id', ...keys]).limit(DENSE_MATCHES),
      sql`select id from matches order by ${order}`,
      gate,
    );
    return found >= DENSE_MATCHES ? null : ids;
  }
  if (!sqlite) {
    // The matches up to DENSE_MATCHES, and under that all of them in the list's order, looked up by key
    // (`= any(array(…))` makes the planner fetch exactly those rows, where `in (…)` let it walk the team's whole
    // sort index to join them). It replaced a probe of the first 2,001 ids, then either a read of those in order
    // or a second evaluation of the match set in order (leases search=hill, 6,005 matches: 27 + 50 ms → 20 ms).
    const { found, ids } = await countedInOrder(
      db,
      sql`${search.ids} limit ${DENSE_MATCHES}`,
      inOrder(sql<SqlBool>`id = any(array(select id from matches))`),
    );
    return found >= DENSE_MATCHES ? null : ids;
  }
  // Counted in SQL and then used as the subquery it is: up to 20,000 ids need not travel to JS and back.
  const probe = await sql<{
    n: number;
  }>`select count(*) as n from (${search.ids} limit ${FEW_MATCHES + 1})`.execute(db);
  const found = Number(probe.rows[0]?.n ?? 0);
  if (found > FEW_MATCHES) return null;
  if (!found) return [];
  return (await inOrder(search.condition).execute()).map((r: { id: number }) => r.id);
}

// ---------- deep pages: cached boundary rows ----------

/**
 * Page numbers are part of the spec, and OFFSET 50,000 makes the database step over 50,000 index entries
 * on every request. Instead, the sort key of every SEEK_STEP-th row is remembered (per query, until the
 * team writes, like the totals below), and a deep page seeks to the nearest boundary with a row-value
 * comparison, then skips fewer than SEEK_STEP rows. Only sorts over NOT NULL columns seek: NULLs do not
 * compare as row values, and SQLite and PostgreSQL order them differently.
 */
const SEEK_STEP = 1000;
const NOT_NULL_SORT_COLUMNS = new Set([
  'name',
  'title',
  'status',
  'kind',
  'category',
  'created_at',
  'updated_at',
  'id',
]);
async function boundaryFor(
  db: Executor,
  version: number,
  countQuery: CompiledQuery,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the untyped builder of pageOfIds
  base: SelectQueryBuilder<any, any, any>,
  columns: string[],
  direction: 'asc' | 'desc',
  offset: number,
): Promise<{ values: unknown[]; position: number } | null> {
  const key = `bounds\u0000${countQuery.sql}\u0000${JSON.stringify(countQuery.parameters)}\u0000${columns.join(',')}\u0000${direction}`;
  // The sort keys found so far for this query, kept while the team's write version holds.
  const boundaries = await cachedAtVersion(db, version, key, async () => new Map<number, unknown[]>());
  const position = Math.floor(offset / SEEK_STEP) * SEEK_STEP;
  let values = boundaries.get(position);
  if (!values) {
    let query = base.select(columns);
    for (const column of columns) query = query.orderBy(column, direction);
    const row = await query
      .limit(1)
      .offset(position - 1)
      .executeTakeFirst();
    if (!row) return null;
    values = columns.map((c) => (row as Record<string, unknown>)[c]);
    boundaries.set(position, values);
  }
  return { values, position };
}

// ---------- exact totals, cached until the team writes ----------

/**
 * `count(*)` over a big team is the dearest part of a list page (it reads every matching index entry,
 * on every page turn). Totals are cached per database, team and exact count query, and trusted only
 * while the team's write version (bumped in the same transaction as every record write, see
 * search.ts) is the one read before counting; so a total is never older than the team's last
 * committed write, on any number of app instances (team-cache.ts; its TTL bounds writers that bypass
 * the version: the purge of old trash, manual SQL). `version` must have been read before counting starts.
 */
function cachedTotal(
  db: Executor,
  version: number,
  query: CompiledQuery,
  count: () => Promise<number>,
): Promise<number> {
  return cachedAtVersion(
    db,
    version,
    `total\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}`,
    count,
  );
}

/**
 * Every live id of a team's table that meets `conditions`, in id order, `size` at a time: each batch reads
 * `id > last` on the `(team_id, id)` live index (keyset), so the last batch of an export of 100,000 rows costs
 * what the first did, and memory holds one batch.
 */
export async function* idBatches(
  db: Executor,
  options: {
    table: ListTable;
    teamId: number;
    conditions: Array<Expression<SqlBool>>;
    size?: number;
  },
): AsyncGenerator<number[]> {
  // The table is chosen at run time from a fixed list.
  const untyped = untypedDb(db);
  let lastId = 0;
  for (;;) {
    let batch = untyped
      .selectFrom(options.table)
      .select('id')
      .where('team_id', '=', options.teamId)
      .where('deleted_at', 'is', null)
      .where('id', '>', lastId);
    for (const condition of options.conditions) batch = batch.where(condition);
    const ids = (
      await batch
        .orderBy('id')
        .limit(options.size ?? 1000)
        .execute()
    ).map((r: { id: number }) => Number(r.id));
    if (!ids.length) return;
    yield ids;
    lastId = ids.at(-1)!;
  }
}
