import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db';

/** Sales rows with the names the list shows. Every query names the team first. */
export async function loadSales(db: Executor, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sales')
    .innerJoin('stores', 'stores.id', 'sales.store_id')
    .leftJoin('brands', 'brands.id', 'stores.brand_id')
    .leftJoin('companies', 'companies.id', 'stores.company_id')
    .selectAll('sales')
    .select(['stores.name as store_name', 'stores.store_number', 'brands.id as brand_id', 'brands.name as brand_name', 'companies.id as franchisee_id', 'companies.name as franchisee_name'])
    .where('sales.team_id', '=', teamId)
    .where('sales.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type LoadedSales = Awaited<ReturnType<typeof loadSales>>[number];

export async function findSales(db: Executor, teamId: number, id: number) {
  return db.selectFrom('sales').selectAll().where('team_id', '=', teamId).where('id', '=', id).executeTakeFirst();
}

/** A page of ids (joined to the store for brand and franchisee filters) and the total. */
export async function pageOfSalesIds(
  db: Executor,
  teamId: number,
  options: { conditions: Array<Expression<SqlBool>>; sort: 'period_start' | 'gross_cents' | 'created_at' | 'updated_at'; direction: 'asc' | 'desc'; page: number; perPage: number },
) {
  let base = db.selectFrom('sales').innerJoin('stores', 'stores.id', 'sales.store_id').where('sales.team_id', '=', teamId).where('stores.deleted_at', 'is', null);
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

/** Which of `storeIds` are live stores of the team. */
export async function liveStoreIds(db: Executor, teamId: number, storeIds: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < storeIds.length; i += 500) {
    const chunk = storeIds.slice(i, i + 500);
    const rows = await db.selectFrom('stores').select('id').where('team_id', '=', teamId).where('id', 'in', chunk).where('deleted_at', 'is', null).execute();
    for (const r of rows) found.add(r.id);
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
  const found = new Map<string, { id: number; gross_cents: number; net_cents: number | null; updated_at: string }>();
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
      if (wanted.has(key)) found.set(key, { id: r.id, gross_cents: Number(r.gross_cents), net_cents: r.net_cents === null ? null : Number(r.net_cents), updated_at: r.updated_at });
    }
  }
  return found;
}

export type SalesValues = SalesKey & { gross_cents: number; net_cents: number | null };

export async function insertSales(db: Executor, teamId: number, rows: SalesValues[], now: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('sales')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, team_id: teamId, created_at: now, updated_at: now })))
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
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, team_id: teamId, created_at: now, updated_at: now })))
      .onConflict((oc) =>
        oc.columns(['team_id', 'store_id', 'period_start', 'period']).doUpdateSet((eb) => ({ gross_cents: eb.ref('excluded.gross_cents'), net_cents: eb.ref('excluded.net_cents'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }
}

export async function updateSalesAmounts(db: Executor, teamId: number, id: number, values: { gross_cents: number; net_cents: number | null }, now: string) {
  await db.updateTable('sales').set({ ...values, updated_at: now }).where('team_id', '=', teamId).where('id', '=', id).execute();
}

export async function deleteSalesRow(db: Executor, teamId: number, id: number) {
  await db.deleteFrom('sales').where('team_id', '=', teamId).where('id', '=', id).execute();
}

// `period_start` is a text column in SQLite (substr is cheap) and a date in PostgreSQL (to_char).
const monthOf = (db: Executor) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`to_char(sales.period_start, 'YYYY-MM')` : sql<string>`substr(sales.period_start, 1, 7)`;

/**
 * The team's sales per store and month of `period_start` in [from, to]: what every report starts from.
 * One range scan of `sales_team_period_index` (it carries the amounts), grouped in the database.
 */
export async function salesByStoreMonth(db: Executor, teamId: number, from: string, to: string, options: { net?: boolean } = {}) {
  // Without net (the royalty report) the database sums one column less over millions of rows.
  const net = options.net === false ? sql<number>`0` : sql<number>`sum(coalesce(sales.net_cents, sales.gross_cents))`;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // SQLite would take `sales_team_store_gross_index` (store order, so no sort) and read the team's whole
    // history for a one-year summary (1.2 s → 4.5 s on the benchmark set): it is told the date order.
    const rows = await sql<{ store_id: number; month: string; gross: number; net: number }>`select sales.store_id, ${monthOf(db)} as month, sum(sales.gross_cents) as gross, ${net} as net
      from sales indexed by sales_team_period_index where sales.team_id = ${teamId} and sales.period_start >= ${from} and sales.period_start <= ${to}
      group by sales.store_id, ${monthOf(db)}`.execute(db);
    return rows.rows.map((r) => ({ store_id: r.store_id, month: r.month, gross: Number(r.gross), net: Number(r.net) }));
  }
  const query = db
    .selectFrom('sales')
    .select(['sales.store_id', monthOf(db).as('month'), sql<number>`sum(sales.gross_cents)`.as('gross'), net.as('net')])
    .where('sales.team_id', '=', teamId)
    .where('sales.period_start', '>=', from)
    .where('sales.period_start', '<=', to)
    .groupBy(['sales.store_id', monthOf(db)]);
  return (await query.execute()).map((r) => ({ store_id: r.store_id, month: r.month, gross: Number(r.gross), net: Number(r.net) }));
}

/** Ranges longer than this (~18 months) read `sales_team_store_gross_index` on SQLite: on the benchmark set the date order wins for a year (0.36 vs 0.48 s), the store order for 7 years (1.4 vs 2.4 s). */
const STORE_ORDER_FROM_DAYS = 540;

/**
 * Every sales row of the team with `period_start` in [from, to], packed per store into one text of
 * comma-separated `day:gross_cents` items (day = days since 1970-01-01; unordered, not summed): the royalty
 * report's input. 5M rows cross into JS as ~60k strings instead of millions of row objects (building
 * those was most of the report's time). Narrow ranges scan `sales_team_period_index` (date order) and
 * group; wide ones stream `sales_team_store_gross_index` (store order, no sort). PostgreSQL's planner makes
 * that choice itself; SQLite's would always take the store order (no sort), so it is told.
 */
export async function packedSalesByStore(db: Executor, teamId: number, from: string, to: string): Promise<Array<{ store_id: number; items: string | null }>> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const rows = await sql<{ store_id: number; items: string | null }>`select store_id, string_agg((period_start - date '1970-01-01') || ':' || gross_cents, ',') as items
      from sales where team_id = ${teamId} and period_start >= ${from} and period_start <= ${to} group by store_id`.execute(db);
    return rows.rows;
  }
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  const index = sql.raw(days > STORE_ORDER_FROM_DAYS ? 'sales_team_store_gross_index' : 'sales_team_period_index');
  const rows = await sql<{ store_id: number; items: string | null }>`select store_id, group_concat(cast(julianday(period_start) - 2440587.5 as integer) || ':' || gross_cents, ',') as items
    from sales indexed by ${index} where team_id = ${teamId} and period_start >= ${from} and period_start <= ${to} group by store_id`.execute(db);
  return rows.rows;
}

/** Per store and period start (day resolution), for the few stores whose reporting is weekly. */
export async function salesByStoreDay(db: Executor, teamId: number, from: string, to: string, storeIds: number[]) {
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
  const rows: Array<{ id: number; name: string; brand_id: number | null; brand_name: string | null; company_id: number | null; company_name: string | null }> = [];
  for (let i = 0; i < storeIds.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('stores')
        .leftJoin('brands', 'brands.id', 'stores.brand_id')
        .leftJoin('companies', 'companies.id', 'stores.company_id')
        .select(['stores.id', 'stores.name', 'stores.brand_id', 'brands.name as brand_name', 'stores.company_id', 'companies.name as company_name'])
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
      .select(['a.id', 'a.agreement_number', 'a.status', 'a.effective_date', 'a.opening_date', 'a.expiration_date', 'a.royalty_percent', 'a.royalty_tiers', 'a.royalty_minimum_cents', 'a.marketing_percent', 'a.reporting_frequency', 'brands.name as brand_name', 'companies.name as franchisee_name'])
      .where('a.team_id', '=', teamId)
      .where('a.deleted_at', 'is', null)
      .orderBy('brands.name')
      .orderBy('a.agreement_number')
      .orderBy('a.id')
      .execute(),
    db.selectFrom('agreement_stores').select(['agreement_id', 'store_id']).where('team_id', '=', teamId).execute(),
  ]);
  return { agreements, links };
}

/** Live leases that carry a percentage rent rate, with their store. */
export async function percentageRentLeases(db: Executor, teamId: number) {
  return db
    .selectFrom('leases')
    .innerJoin('stores', 'stores.id', 'leases.store_id')
    .select(['leases.id', 'leases.reference', 'leases.status', 'leases.store_id', 'stores.name as store_name', 'leases.commencement_date', 'leases.expiration_date', 'leases.percentage_rent_breakpoint_cents', 'leases.percentage_rent_rate'])
    .where('leases.team_id', '=', teamId)
    .where('leases.deleted_at', 'is', null)
    .where('leases.percentage_rent_rate', '>', 0)
    .where('leases.commencement_date', 'is not', null)
    .orderBy('stores.name')
    .orderBy('leases.id')
    .execute();
}

export type StoredAmounts = { gross_cents: number; net_cents: number | null; updated_at: string };

export async function deleteByIds(db: Executor, teamId: number, ids: number[]) {
  for (let i = 0; i < ids.length; i += 500) await db.deleteFrom('sales').where('team_id', '=', teamId).where('id', 'in', ids.slice(i, i + 500)).execute();
}

/** Amounts and updated_at exactly as given (an undo puts a figure back as it was). */
export async function putAmounts(db: Executor, teamId: number, id: number, amounts: StoredAmounts) {
  await db.updateTable('sales').set(amounts).where('team_id', '=', teamId).where('id', '=', id).execute();
}
