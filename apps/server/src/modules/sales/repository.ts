import { sql, type Expression, type SqlBool } from 'kysely';
import { dialectOf, type Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';

/** Sales rows with the names the list shows. Every query names the team first. */
/** A figure is a franchisee's through its store's operating company. */
const byStoreCompany = { companyColumn: 'company_id' };

export async function loadSales(db: Executor, scope: TeamScope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sales')
    .innerJoin('stores', 'stores.id', 'sales.store_id')
    .leftJoin('brands', 'brands.id', 'stores.brand_id')
    .leftJoin('companies', 'companies.id', 'stores.company_id')
    .selectAll('sales')
    .select([
      'stores.name as store_name',
      'stores.store_number',
      'brands.id as brand_id',
      'brands.name as brand_name',
      'companies.id as franchisee_id',
      'companies.name as franchisee_name',
    ])
    .where('sales.team_id', '=', scope.teamId)
    .where((eb) => whereInScope(eb, scope, 'stores', byStoreCompany))
    .where('sales.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type LoadedSales = Awaited<ReturnType<typeof loadSales>>[number];

export async function findSales(db: Executor, scope: TeamScope, id: number) {
  let query = db.selectFrom('sales').selectAll().where('team_id', '=', scope.teamId).where('id', '=', id);
  if (scope.companyIds !== null)
    query = query.where('store_id', 'in', (eb) =>
      eb
        .selectFrom('stores')
        .select('stores.id')
        .where((inner) => whereInScope(inner, scope, 'stores', byStoreCompany)),
    );
  return query.executeTakeFirst();
}

/**
 * The ids of every figure the list's `conditions` keep, in keyset batches of 1,000 by id (decision 0011): the
 * export reads them as it writes, so memory stays flat and the last batch costs what the first did.
 */
export async function* salesIdBatches(
  db: Executor,
  scope: TeamScope,
  conditions: Array<Expression<SqlBool>>,
  size = 1000,
): AsyncGenerator<number[]> {
  let lastId = 0;
  for (;;) {
    let batch = db
      .selectFrom('sales')
      .innerJoin('stores', 'stores.id', 'sales.store_id')
      .select('sales.id')
      .where('sales.team_id', '=', scope.teamId)
      .where((eb) => whereInScope(eb, scope, 'stores', byStoreCompany))
      .where('stores.deleted_at', 'is', null)
      .where('sales.id', '>', lastId);
    for (const condition of conditions) batch = batch.where(condition);
    const ids = (await batch.orderBy('sales.id').limit(size).execute()).map((r) => r.id);
    if (!ids.length) return;
    yield ids;
    lastId = ids.at(-1)!;
  }
}

/** A page of ids (joined to the store for brand and franchisee filters) and the total. */
export async function pageOfSalesIds(
  db: Executor,
  scope: TeamScope,
  options: {
    conditions: Array<Expression<SqlBool>>;
    sort: 'period_start' | 'gross_cents' | 'created_at' | 'updated_at';
    direction: 'asc' | 'desc';
    page: number;
    perPage: number;
  },
) {
  let base = db
    .selectFrom('sales')
    .innerJoin('stores', 'stores.id', 'sales.store_id')
    .where('sales.team_id', '=', scope.teamId)
    .where((eb) => whereInScope(eb, scope, 'stores', byStoreCompany))
    .where('stores.deleted_at', 'is', null);
  for (const condition of options.conditions) base = base.where(condition);
  const [ids, count] = await Promise.all([
    base
      .select('sales.id')
      .orderBy(`sales.${options.sort}`, options.direction)
      .orderBy('stores.name')
      .orderBy('sales.id', options.direction)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: ids.map((r) => r.id), total: Number(count.total) };
}

/**
 * Which of `storeIds` are live stores of the team. On PostgreSQL they are also locked, in id order, until the
 * transaction ends: writers of the same stores' figures take turns, so each reads what the one before it
 * committed (two saves of a new figure would otherwise both insert it: a unique violation) and none can
 * hold one store's rows while waiting for another's (a deadlock over the yearly roll-up).
 */
export async function lockLiveStores(
  db: Executor,
  scope: TeamScope,
  storeIds: number[],
): Promise<Set<number>> {
  const found = new Set<number>();
  const sorted = [...storeIds].sort((a, b) => a - b);
  const lock = dialectOf(db) === 'postgres';
  for (let i = 0; i < sorted.length; i += 500) {
    let query = db
      .selectFrom('stores')
      .select('id')
      .where((eb) => whereInScope(eb, scope, 'stores', byStoreCompany))
      .where('id', 'in', sorted.slice(i, i + 500))
      .where('deleted_at', 'is', null)
      .orderBy('id');
    if (lock) query = query.forNoKeyUpdate();
    for (const r of await query.execute()) found.add(r.id);
  }
  return found;
}

export type SalesKey = { store_id: number; period: string; period_start: string };
export const keyOf = (r: SalesKey) => `${r.store_id}|${r.period}|${r.period_start}`;

/** Existing rows for these keys, by key (read in chunks by store so a 5,000-row batch is a few queries). */
export async function existingByKey(db: Executor, teamId: number, keys: SalesKey[]) {
  const wanted = new Set(keys.map(keyOf));
  const storeIds = [...new Set(keys.map((k) => k.store_id))];
  const starts = keys.map((k) => k.period_start).sort();
  const found = new Map<
    string,
    { id: number; gross_cents: number; net_cents: number | null; updated_at: string }
  >();
  if (!keys.length) return found;
  for (let i = 0; i < storeIds.length; i += 500) {
    const rows = await db
      .selectFrom('sales')
      .select(['id', 'store_id', 'period', 'period_start', 'gross_cents', 'net_cents', 'updated_at'])
      .where('team_id', '=', teamId)
      .where('store_id', 'in', storeIds.slice(i, i + 500))
      .where('period_start', '>=', starts[0]!)
      .where('period_start', '<=', starts.at(-1)!)
      .execute();
    for (const r of rows) {
      const key = keyOf(r);
      if (wanted.has(key))
        found.set(key, {
          id: r.id,
          gross_cents: Number(r.gross_cents),
          net_cents: r.net_cents === null ? null : Number(r.net_cents),
          updated_at: r.updated_at,
        });
    }
  }
  return found;
}

export type SalesValues = SalesKey & { gross_cents: number; net_cents: number | null };

export async function insertSales(
  db: Executor,
  teamId: number,
  rows: SalesValues[],
  now: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('sales')
      .values(
        rows.slice(i, i + 500).map((r) => ({ ...r, team_id: teamId, created_at: now, updated_at: now })),
      )
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Overwrites the amounts of existing figures, 500 per statement (an import may merge 100,000). */
export async function overwriteSales(db: Executor, teamId: number, rows: SalesValues[], now: string) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('sales')
      .values(
        rows.slice(i, i + 500).map((r) => ({ ...r, team_id: teamId, created_at: now, updated_at: now })),
      )
      .onConflict((oc) =>
        oc.columns(['team_id', 'store_id', 'period_start', 'period']).doUpdateSet((eb) => ({
          gross_cents: eb.ref('excluded.gross_cents'),
          net_cents: eb.ref('excluded.net_cents'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

export async function updateSalesAmounts(
  db: Executor,
  teamId: number,
  id: number,
  values: { gross_cents: number; net_cents: number | null },
  now: string,
) {
  await db
    .updateTable('sales')
    .set({ ...values, updated_at: now })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
}

export async function deleteSalesRow(db: Executor, teamId: number, id: number) {
  await db.deleteFrom('sales').where('team_id', '=', teamId).where('id', '=', id).execute();
}

/**
 * The sales rows of `storeIds` (500 per query) with `period_start` in [from, to], packed per store into one
 * text of comma-separated `day:gross_cents` items (day = days since 1970-01-01; unordered, not summed): the
 * royalty report's input for stores it needs by day (weekly reporting), where the monthly sums of
 * `sales_store_years` are not enough. 5M rows would cross into JS as ~60k strings instead of millions of
 * row objects. Each chunk streams `sales_team_store_gross_index` (store order, covering).
 */
export async function packedSalesByStore(
  db: Executor,
  teamId: number,
  from: string,
  to: string,
  storeIds: number[],
): Promise<Array<{ store_id: number; items: string | null }>> {
  const rows: Array<{ store_id: number; items: string | null }> = [];
  const postgres = dialectOf(db) === 'postgres';
  for (let i = 0; i < storeIds.length; i += 500) {
    const chunk = sql.join(storeIds.slice(i, i + 500));
    const query = postgres
      ? sql<{
          store_id: number;
          items: string | null;
        }>`select store_id, string_agg((period_start - date '1970-01-01') || ':' || gross_cents, ',') as items
          from sales where team_id = ${teamId} and store_id in (${chunk}) and period_start >= ${from} and period_start <= ${to} group by store_id`
      : sql<{
          store_id: number;
          items: string | null;
        }>`select store_id, group_concat(cast(julianday(period_start) - 2440587.5 as integer) || ':' || gross_cents, ',') as items
          from sales indexed by sales_team_store_gross_index where team_id = ${teamId} and store_id in (${chunk}) and period_start >= ${from} and period_start <= ${to} group by store_id`;
    rows.push(...(await query.execute(db)).rows);
  }
  return rows;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * The team's `sales_store_years` rows of years [fromYear, toYear], packed per store into one text of
 * comma-separated `year:gross_01:…:gross_12:rows_01:…:rows_12` items (the row counts tell a month reported at
 * zero from one not reported): the royalty report's input for every store it can count by
 * month (60k stores × 7 years = 420k rows instead of 5M sales rows). Read in key order (store, year).
 */
export async function packedStoreYears(
  db: Executor,
  teamId: number,
  fromYear: number,
  toYear: number,
): Promise<Array<{ store_id: number; items: string | null }>> {
  const columns = [...MONTHS.map((m) => `gross_${m}`), ...MONTHS.map((m) => `rows_${m}`)];
  const postgres = dialectOf(db) === 'postgres';
  const item = postgres
    ? `concat_ws(':', year, ${columns.join(', ')})`
    : `year || ':' || ${columns.join(" || ':' || ")}`;
  const agg = postgres ? `string_agg(${item}, ',')` : `group_concat(${item}, ',')`;
  const rows = await sql<{
    store_id: number;
    items: string | null;
  }>`select store_id, ${sql.raw(agg)} as items from sales_store_years
    where team_id = ${teamId} and year >= ${fromYear} and year <= ${toYear} group by store_id`.execute(db);
  return rows.rows;
}

/** First day of the month of an ISO day, and the day before a month starts. */
const monthStartOf = (day: string) => `${day.slice(0, 7)}-01`;
const shiftMonth = (monthStart: string, by: number) => {
  const index = Number(monthStart.slice(0, 4)) * 12 + Number(monthStart.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
};
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export type SalesTotal = { store_id: number; month: string; gross: number; net: number };

/**
 * The team's sales over [from, to] summed per store (`by: 'store'`, month '') or per month of `period_start`
 * (`by: 'month'`, store_id 0): the sales summary's input. Whole months inside the range come from
 * `sales_store_years` (a year's twelve sums per row), the partial months at its edges from `sales` itself
 * (a few weeks of rows). A store or month is listed only when it has at least one figure, as a grouping of
 * the sales rows would list it.
 */
export async function salesTotals(
  db: Executor,
  teamId: number,
  from: string,
  to: string,
  by: 'store' | 'month',
): Promise<SalesTotal[]> {
  const first = from.endsWith('-01') ? from : shiftMonth(monthStartOf(from), 1);
  const afterLast = shiftMonth(monthStartOf(to), 1);
  const last = dayBefore(afterLast) === to ? monthStartOf(to) : shiftMonth(monthStartOf(to), -1);
  const totals = new Map<string, SalesTotal & { rows: number }>();
  const add = (r: { store_id: number; month: string; gross: number; net: number; rows: number }) => {
    const key = by === 'store' ? `${r.store_id}` : r.month;
    const total =
      totals.get(key) ??
      totals
        .set(key, {
          store_id: by === 'store' ? r.store_id : 0,
          month: by === 'month' ? r.month : '',
          gross: 0,
          net: 0,
          rows: 0,
        })
        .get(key)!;
    total.gross += r.gross;
    total.net += r.net;
    total.rows += r.rows;
  };
  const edges: Array<[string, string]> =
    first > last
      ? [[from, to]]
      : [
          [from, dayBefore(first)],
          [shiftMonth(last, 1), to],
        ];
  for (const [start, end] of edges)
    if (start <= end) for (const r of await rawTotals(db, teamId, start, end, by)) add(r);
  if (first <= last) for (const r of await yearTotals(db, teamId, first, last, by)) add(r);
  return [...totals.values()]
    .filter((t) => t.rows > 0)
    .map(({ store_id, month, gross, net }) => ({ store_id, month, gross, net }));
}

/**
 * Sums of the sales rows themselves over [from, to] (a partial month at a range's edge), through the
 * date-ordered `sales_team_period_index`, which carries the amounts. SQLite is told so: grouping by store,
 * its planner would take the store-ordered index to skip a sort and read the team's whole history.
 */
async function rawTotals(db: Executor, teamId: number, from: string, to: string, by: 'store' | 'month') {
  const postgres = dialectOf(db) === 'postgres';
  // `period_start` is a date in PostgreSQL (to_char) and ISO text in SQLite (substr).
  const key =
    by === 'store'
      ? sql`store_id`
      : postgres
        ? sql`to_char(period_start, 'YYYY-MM')`
        : sql`substr(period_start, 1, 7)`;
  const rows = await sql<{
    key: number | string;
    gross: number;
    net: number;
    rows: number;
  }>`select ${key} as key, sum(gross_cents) as gross,
      sum(coalesce(net_cents, gross_cents)) as net, count(*) as rows
    from sales ${sql.raw(postgres ? '' : 'indexed by sales_team_period_index')} where team_id = ${teamId} and period_start >= ${from} and period_start <= ${to} group by ${key}`.execute(
    db,
  );
  return rows.rows.map((r) => ({
    store_id: by === 'store' ? Number(r.key) : 0,
    month: by === 'month' ? String(r.key) : '',
    gross: Number(r.gross),
    net: Number(r.net),
    rows: Number(r.rows),
  }));
}

/** Sums of the whole months [first, last] (month starts) from `sales_store_years`. */
async function yearTotals(db: Executor, teamId: number, first: string, last: string, by: 'store' | 'month') {
  const [fromYear, fromMonth, toYear, toMonth] = [
    Number(first.slice(0, 4)),
    Number(first.slice(5, 7)),
    Number(last.slice(0, 4)),
    Number(last.slice(5, 7)),
  ];
  if (by === 'month') {
    const columns = ['gross', 'net', 'rows'].flatMap((kind) =>
      MONTHS.map((m) => `sum(${kind}_${m}) as ${kind}_${m}`),
    );
    const rows = await sql<
      Record<string, number>
    >`select year, ${sql.raw(columns.join(', '))} from sales_store_years
      where team_id = ${teamId} and year >= ${fromYear} and year <= ${toYear} group by year`.execute(db);
    return rows.rows.flatMap((r) =>
      MONTHS.flatMap((m, i) => {
        const year = Number(r.year);
        const inside = (year > fromYear || i + 1 >= fromMonth) && (year < toYear || i + 1 <= toMonth);
        return inside
          ? [
              {
                store_id: 0,
                month: `${year}-${m}`,
                gross: Number(r[`gross_${m}`]),
                net: Number(r[`net_${m}`]),
                rows: Number(r[`rows_${m}`]),
              },
            ]
          : [];
      }),
    );
  }
  // Per store: each year row adds the months of it inside the range (the first and last year only part).
  const within = (kind: string) => {
    const months = (a: number, b: number) =>
      MONTHS.slice(a - 1, b)
        .map((m) => `${kind}_${m}`)
        .join(' + ');
    if (fromYear === toYear) return months(fromMonth, toMonth);
    return `case year when ${fromYear} then ${months(fromMonth, 12)} when ${toYear} then ${months(1, toMonth)} else ${months(1, 12)} end`;
  };
  const rows = await sql<{
    store_id: number;
    gross: number;
    net: number;
    rows: number;
  }>`select store_id, ${sql.raw(`sum(${within('gross')})`)} as gross,
      ${sql.raw(`sum(${within('net')})`)} as net, ${sql.raw(`sum(${within('rows')})`)} as rows
    from sales_store_years where team_id = ${teamId} and year >= ${fromYear} and year <= ${toYear} group by store_id`.execute(
    db,
  );
  return rows.rows.map((r) => ({
    store_id: Number(r.store_id),
    month: '',
    gross: Number(r.gross),
    net: Number(r.net),
    rows: Number(r.rows),
  }));
}

/** Per store and period start (day resolution), for the few stores whose reporting is weekly. */
export async function salesByStoreDay(
  db: Executor,
  teamId: number,
  from: string,
  to: string,
  storeIds: number[],
) {
  const rows: Array<{ store_id: number; day: string; gross: number }> = [];
  for (let i = 0; i < storeIds.length; i += 500) {
    const part = await db
      .selectFrom('sales')
      .select(['store_id', 'period_start', sql<number>`sum(gross_cents)`.as('gross')])
      .where('team_id', '=', teamId)
      .where('store_id', 'in', storeIds.slice(i, i + 500))
      .where('period_start', '>=', from)
      .where('period_start', '<=', to)
      .groupBy(['store_id', 'period_start'])
      .execute();
    rows.push(...part.map((r) => ({ store_id: r.store_id, day: r.period_start, gross: Number(r.gross) })));
  }
  return rows;
}

/** Live stores of the team with their brand and franchisee (for grouping the summary). */
export async function storeLabels(db: Executor, teamId: number, storeIds: number[]) {
  const rows: Array<{
    id: number;
    name: string;
    brand_id: number | null;
    brand_name: string | null;
    company_id: number | null;
    company_name: string | null;
  }> = [];
  for (let i = 0; i < storeIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('stores')
        .leftJoin('brands', 'brands.id', 'stores.brand_id')
        .leftJoin('companies', 'companies.id', 'stores.company_id')
        .select([
          'stores.id',
          'stores.name',
          'stores.brand_id',
          'brands.name as brand_name',
          'stores.company_id',
          'companies.name as company_name',
        ])
        .where('stores.team_id', '=', teamId)
        .where('stores.id', 'in', storeIds.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** Live agreements with their royalty terms and covered stores. */
export async function royaltyAgreements(db: Executor, teamId: number) {
  const [agreements, links] = await Promise.all([
    db
      .selectFrom('franchise_agreements as a')
      .innerJoin('brands', 'brands.id', 'a.brand_id')
      .leftJoin('companies', 'companies.id', 'a.franchisee_id')
      .select([
        'a.id',
        'a.brand_id',
        'a.franchisee_id',
        'a.agreement_number',
        'a.status',
        'a.effective_date',
        'a.opening_date',
        'a.expiration_date',
        'a.royalty_percent',
        'a.royalty_tiers',
        'a.royalty_minimum_cents',
        'a.marketing_percent',
        'a.reporting_frequency',
        'brands.name as brand_name',
        'companies.name as franchisee_name',
        'companies.deleted_at as franchisee_deleted_at',
      ])
      .where('a.team_id', '=', teamId)
      .where('a.deleted_at', 'is', null)
      .orderBy('brands.name')
      .orderBy('a.agreement_number')
      .orderBy('a.id')
      .execute(),
    db
      .selectFrom('agreement_stores')
      .select(['agreement_id', 'store_id'])
      .where('team_id', '=', teamId)
      .execute(),
  ]);
  return { agreements, links };
}

export type StoredAmounts = { gross_cents: number; net_cents: number | null; updated_at: string };

export async function deleteByIds(db: Executor, teamId: number, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('sales')
      .where('team_id', '=', teamId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}

/** Amounts and updated_at exactly as given (an undo puts a figure back as it was). */
export async function putAmounts(db: Executor, teamId: number, id: number, amounts: StoredAmounts) {
  await db.updateTable('sales').set(amounts).where('team_id', '=', teamId).where('id', '=', id).execute();
}

/**
 * The team's live companies among `companyIds`, with their kind and when their stores' sales were last entered
 * or corrected (null: never): a franchisee member's companies as the members page shows them.
 */
export async function companiesWithLastReport(db: Executor, teamId: number, companyIds: readonly number[]) {
  if (!companyIds.length) return [];
  return db
    .selectFrom('companies')
    .select((eb) => [
      'companies.id',
      'companies.name',
      'companies.kind',
      eb
        .selectFrom('sales')
        .innerJoin('stores', 'stores.id', 'sales.store_id')
        .select((inner) => inner.fn.max('sales.updated_at').as('at'))
        .where('sales.team_id', '=', teamId)
        .whereRef('stores.company_id', '=', 'companies.id')
        .as('last_reported_at'),
    ])
    .where('companies.team_id', '=', teamId)
    .where('companies.id', 'in', [...companyIds])
    .where('companies.deleted_at', 'is', null)
    .orderBy('companies.name')
    .orderBy('companies.id')
    .execute();
}

/** The stores of these figures (what an import's undo changes). */
export async function storesOfSales(db: Executor, teamId: number, ids: number[]): Promise<number[]> {
  const stores = new Set<number>();
  for (let i = 0; i < ids.length; i += 500)
    for (const row of await db
      .selectFrom('sales')
      .select('store_id')
      .distinct()
      .where('team_id', '=', teamId)
      .where('id', 'in', ids.slice(i, i + 500))
      .execute())
      stores.add(row.store_id);
  return [...stores];
}
