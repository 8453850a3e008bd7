import { sql, type Expression, type SqlBool } from 'kysely';
import {
  SALES_PERIODS,
  SALES_SORTS,
  addCalendarDays,
  addCalendarMonths,
  fieldErrors,
  salesBatchSchema,
  salesPatchSchema,
  salesRowInputSchema,
  toCents,
  type PaginationMeta,
  type Sales,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, teamScope, type Actor, type TeamScope } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { storesChanged } from '../../platform/store-changes';
import { exportFormat, recordBatches, type Column, type TabularFile } from '../../platform/tabular';
import { recordActivity } from '../activities/index';
import { salesPolicy } from './policy';
import { presentSales } from './presenter';
import { reportingPeriods, type ReportingFrequency } from './calculations';
import { computeRoyalties } from './reports';
import * as repo from './repository';
import { assertSalesUnlocked } from './locks';

export type DuplicateMode = 'reject' | 'merge';
export const SALES_LABEL = 'Sales figure';

/** The stored figures of these store periods, by `store|period|start` (the importer's matching and its undo log). */
export function existingSales(db: Executor, teamId: number, keys: repo.SalesKey[]) {
  return repo.existingByKey(db, teamId, keys);
}

/**
 * Puts back what an import's log says it did: figures it added are deleted (sales have no trash), figures it
 * changed get their amounts and updated_at back.
 */
export async function restoreSales(
  trx: Executor,
  teamId: number,
  changes: Array<{ subject_id: number; action: string; before: string | null }>,
) {
  const stores = await repo.storesOfSales(
    trx,
    teamId,
    changes.map((c) => c.subject_id),
  );
  await repo.deleteByIds(
    trx,
    teamId,
    changes.filter((c) => c.action === 'create').map((c) => c.subject_id),
  );
  for (const change of changes.filter((c) => c.action === 'update')) {
    await repo.putAmounts(
      trx,
      teamId,
      change.subject_id,
      JSON.parse(change.before ?? '{}') as repo.StoredAmounts,
    );
  }
  await storesChanged(trx, teamId, stores);
  if (changes.length) await bumpTeamWriteVersion(trx, teamId);
}
export type UpsertSalesResult = {
  /** Ids of the rows this call inserted. */
  created: number[];
  /** Rows this call overwrote (merge), with their amounts before it: what an undo restores. */
  updated: Array<{ id: number; previous: { gross_cents: number; net_cents: number | null } }>;
};

/**
 * Validates and writes a batch of sales figures for a team inside the caller's transaction: the grid
 * save and the importer share it. Rows are `SalesRowInput` objects (`salesRowInputSchema`, amounts in
 * dollars). Nothing is written unless every row is valid: a bad row throws a 422 whose field errors are
 * named `${prefix(index)}.${field}` (default `rows.${index}.field`), e.g. `rows.3.gross`.
 * A store and period that already exist (or appear twice in the batch) are a 422 under `reject`; under
 * `merge` the later figure replaces the earlier one. Bumps the team's write version; audit is the
 * caller's (one entry per grid save or import).
 */
export async function upsertSales(
  trx: Executor,
  team: number | TeamScope,
  rows: unknown[],
  onDuplicate: DuplicateMode,
  prefix: (index: number) => string = (i) => `rows.${i}`,
): Promise<UpsertSalesResult> {
  // A member limited to companies writes only their stores' figures: another store is "invalid" like a stranger's.
  const scope = typeof team === 'number' ? teamScope(team) : team;
  const teamId = scope.teamId;
  const errors: Record<string, string[]> = {};
  const add = (index: number, field: string, message: string) =>
    (errors[`${prefix(index)}.${field}`] ??= []).push(message);
  const parsed: Array<{ index: number; values: repo.SalesValues }> = [];
  for (const [index, row] of rows.entries()) {
    const result = salesRowInputSchema.safeParse(row);
    if (!result.success) {
      for (const [field, messages] of Object.entries(fieldErrors(result.error)))
        for (const m of messages) add(index, field, m);
      continue;
    }
    const v = result.data;
    parsed.push({
      index,
      values: {
        store_id: v.store_id,
        period: v.period,
        period_start: v.period_start,
        gross_cents: toCents(v.gross),
        net_cents: toCents(v.net),
      },
    });
  }
  const stores = await repo.lockLiveStores(trx, scope, [...new Set(parsed.map((p) => p.values.store_id))]);
  const byKey = new Map<string, (typeof parsed)[number]>();
  for (const p of parsed) {
    if (!stores.has(p.values.store_id)) {
      add(p.index, 'store_id', 'The selected store is invalid.');
      continue;
    }
    const key = repo.keyOf(p.values);
    if (byKey.has(key) && onDuplicate === 'reject')
      add(
        p.index,
        'period_start',
        `This store and period appear twice in the batch (also row ${byKey.get(key)!.index + 1}).`,
      );
    byKey.set(key, p);
  }
  await assertSalesUnlocked(
    trx,
    teamId,
    [...byKey.values()].map((p) => p.values),
  );
  const existing = await repo.existingByKey(
    trx,
    teamId,
    [...byKey.values()].map((p) => p.values),
  );
  if (onDuplicate === 'reject')
    for (const [key, p] of byKey)
      if (existing.has(key)) add(p.index, 'period_start', 'Sales for this store and period already exist.');
  const first = Object.values(errors)[0]?.[0];
  if (first)
    throw new AppError(
      'validation',
      Object.keys(errors).length > 1 ? `${first} (and ${Object.keys(errors).length - 1} more errors)` : first,
      errors,
    );

  const now = nowIso();
  const fresh = [...byKey.entries()].filter(([key]) => !existing.has(key)).map(([, p]) => p.values);
  const result: UpsertSalesResult = { created: await repo.insertSales(trx, teamId, fresh, now), updated: [] };
  const changed: repo.SalesValues[] = [];
  for (const [key, p] of byKey) {
    const before = existing.get(key);
    if (!before) continue;
    if (before.gross_cents !== p.values.gross_cents || before.net_cents !== p.values.net_cents)
      changed.push(p.values);
    result.updated.push({
      id: before.id,
      previous: { gross_cents: before.gross_cents, net_cents: before.net_cents },
    });
  }
  await repo.overwriteSales(trx, teamId, changed, now);
  await storesChanged(
    trx,
    teamId,
    [...byKey.values()].map((p) => p.values.store_id),
  );
  if (result.created.length || result.updated.length) await bumpTeamWriteVersion(trx, teamId);
  return result;
}

const SORT_COLUMNS = {
  period_start: 'period_start',
  gross: 'gross_cents',
  created_at: 'created_at',
  updated_at: 'updated_at',
} as const;

/** The list's query (sorts, filters) as conditions on `sales` joined to `stores`; bad input is a 422. */
function salesListQuery(raw: Record<string, string | string[]>) {
  const query = parseListQuery(raw, {
    sorts: SALES_SORTS,
    defaultSort: 'period_start',
    filters: {
      store_id: { type: 'ids' },
      brand_id: { type: 'ids' },
      franchisee_id: { type: 'ids' },
      period: { type: 'enum', values: SALES_PERIODS },
      from: { type: 'text' },
      to: { type: 'text' },
    },
  });
  const f = query.filters;
  const conditions: Array<Expression<SqlBool>> = [];
  if (f.store_id) conditions.push(sql<SqlBool>`sales.store_id in (${sql.join(f.store_id)})`);
  if (f.brand_id) conditions.push(sql<SqlBool>`stores.brand_id in (${sql.join(f.brand_id)})`);
  if (f.franchisee_id) conditions.push(sql<SqlBool>`stores.company_id in (${sql.join(f.franchisee_id)})`);
  if (f.period) conditions.push(sql<SqlBool>`sales.period in (${sql.join(f.period)})`);
  for (const [name, op] of [
    ['from', '>='],
    ['to', '<='],
  ] as const) {
    const value = f[name]?.[0];
    if (value === undefined) continue;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(value)))
      throw new AppError('validation', `The ${name} filter is not a valid date.`, {
        [`filters.${name}`]: [`The ${name} filter is not a valid date.`],
      });
    conditions.push(sql<SqlBool>`sales.period_start ${sql.raw(op)} ${String(value)}`);
  }
  return { query, conditions };
}

export async function listSales(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<{ data: Sales[]; meta: PaginationMeta }> {
  authorize(salesPolicy.view(actor));
  const { query, conditions } = salesListQuery(raw);
  const direction = raw.direction
    ? query.direction
    : query.sort === 'period_start'
      ? 'desc'
      : query.direction;
  const { ids, total } = await repo.pageOfSalesIds(deps.db, actor.scope, {
    conditions,
    sort: SORT_COLUMNS[query.sort as keyof typeof SORT_COLUMNS],
    direction,
    page: query.page,
    perPage: query.perPage,
  });
  return {
    data: (await repo.loadSales(deps.db, actor.scope, ids)).map((r) => presentSales(r, actor)),
    meta: paginationMeta(query.page, query.perPage, total),
  };
}

/** The columns of a sales export: the list's, money in the team's units as entered. */
const SALES_EXPORT_COLUMNS: Array<Column<Sales>> = [
  ['ID', (s) => s.id],
  ['Store number', (s) => s.store.store_number],
  ['Store', (s) => s.store.name],
  ['Brand', (s) => s.brand?.name],
  ['Franchisee', (s) => s.franchisee?.name],
  ['Period', (s) => s.period],
  ['Period start', (s) => s.period_start],
  ['Gross sales', (s) => s.gross],
  ['Net sales', (s) => s.net],
  ['Updated', (s) => s.updated_at],
];

/**
 * The sales list as CSV or XLSX with its filters, in id order (decision 0011), narrowed like the list: a
 * franchisee's people export their own stores' figures.
 */
export async function exportSales(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<TabularFile> {
  authorize(salesPolicy.view(actor));
  const { format, query } = exportFormat(raw);
  const { conditions } = salesListQuery(query);
  return {
    format,
    name: 'sales',
    batches: recordBatches(
      repo.salesIdBatches(deps.db, actor.scope, conditions),
      async (ids) => (await repo.loadSales(deps.db, actor.scope, ids)).map((r) => presentSales(r, actor)),
      SALES_EXPORT_COLUMNS,
    ),
  };
}

export async function getSales(deps: Deps, actor: Actor, id: number) {
  const [row] = await repo.loadSales(deps.db, actor.scope, [id]);
  if (!row) throw notFound('Sales figure');
  return presentSales(row, actor);
}

export async function createSales(deps: Deps, actor: Actor, input: unknown) {
  authorize(salesPolicy.create(actor));
  const id = await writeTransaction(deps.db, async (trx) => {
    // One row through the batch path: the same messages, without the `rows.0.` prefix.
    const result = await upsertSales(trx, actor.scope, [input], 'reject', () => '').catch(
      (error: unknown) => {
        if (error instanceof AppError && error.fieldErrors)
          throw new AppError(
            'validation',
            error.message,
            Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k.replace(/^\./, ''), v])),
          );
        throw error;
      },
    );
    const created = result.created[0]!;
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'sales',
      subjectId: created,
      action: 'created',
      changes: input as Record<string, unknown>,
      ip: actor.ip,
    });
    return created;
  });
  return getSales(deps, actor, id);
}

export async function updateSales(deps: Deps, actor: Actor, id: number, patch: unknown) {
  const row = await repo.findSales(deps.db, actor.scope, id);
  if (!row) throw notFound('Sales figure');
  authorize(salesPolicy.update(actor));
  const parsed = salesPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  const before = {
    gross: Number(row.gross_cents) / 100,
    net: row.net_cents === null ? null : Number(row.net_cents) / 100,
  };
  const after = {
    gross: parsed.data.gross === undefined ? before.gross : parsed.data.gross,
    net: parsed.data.net === undefined ? before.net : parsed.data.net,
  };
  // The whole figure is checked again (net may not exceed gross), as a create would.
  const whole = salesRowInputSchema.safeParse({
    store_id: row.store_id,
    period: row.period,
    period_start: row.period_start,
    ...after,
  });
  if (!whole.success) {
    const errors = fieldErrors(whole.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  await writeTransaction(deps.db, async (trx) => {
    await assertSalesUnlocked(trx, actor.teamId, [row]);
    await repo.updateSalesAmounts(
      trx,
      actor.teamId,
      id,
      { gross_cents: toCents(whole.data.gross), net_cents: toCents(whole.data.net) },
      nowIso(),
    );
    const changes = Object.fromEntries(
      Object.entries(after)
        .filter(([k, v]) => before[k as keyof typeof before] !== v)
        .map(([k, v]) => [k, [before[k as keyof typeof before], v]]),
    );
    if (Object.keys(changes).length)
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'sales',
        subjectId: id,
        action: 'updated',
        changes,
        ip: actor.ip,
      });
    await storesChanged(trx, actor.teamId, [row.store_id]);
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return getSales(deps, actor, id);
}

/**
 * Deleting a figure removes the row (it is a number in a grid, not a record with a history of its own):
 * the audit entry keeps what it was, and re-entering it is how it comes back.
 */
export async function deleteSales(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findSales(deps.db, actor.scope, id);
  if (!row) throw notFound('Sales figure');
  authorize(salesPolicy.delete(actor));
  await writeTransaction(deps.db, async (trx) => {
    await assertSalesUnlocked(trx, actor.teamId, [row]);
    await repo.deleteSalesRow(trx, actor.teamId, id);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'sales',
      subjectId: id,
      action: 'deleted',
      changes: {
        store_id: row.store_id,
        period: row.period,
        period_start: row.period_start,
        gross: Number(row.gross_cents) / 100,
        net: row.net_cents === null ? null : Number(row.net_cents) / 100,
      },
      ip: actor.ip,
    });
    await storesChanged(trx, actor.teamId, [row.store_id]);
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
}

/** The grid's save: many figures at once, all or nothing, one audit entry. */
export async function saveSalesBatch(deps: Deps, actor: Actor, body: unknown) {
  authorize(salesPolicy.create(actor));
  const parsed = salesBatchSchema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  return writeTransaction(deps.db, async (trx) => {
    const result = await upsertSales(trx, actor.scope, parsed.data.rows, parsed.data.on_duplicate);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'sales',
      subjectId: null,
      action: 'batch_saved',
      changes: {
        created: result.created.length,
        updated: result.updated.length,
        on_duplicate: parsed.data.on_duplicate,
      },
      ip: actor.ip,
    });
    return { created: result.created.length, updated: result.updated.length };
  });
}

/**
 * Royalties, minimum top-ups and marketing fund due over the last twelve whole months (the dashboard's
 * expenditure): what the team's franchise agreements cost in a year at the sales recorded, a missing report
 * estimated by the shared rule, and a period that cannot be estimated counted at its minimum (a floor the
 * agreement owes whatever its sales were, never a guess at them).
 */
const MONTHS_PER_PERIOD: Record<string, number> = { weekly: 12 / 52, monthly: 1, quarterly: 3, annually: 12 };

export async function trailingRoyaltiesCents(db: Executor, teamId: number, today: string): Promise<number> {
  const thisMonth = `${today.slice(0, 7)}-01`;
  const [from, to] = [addCalendarMonths(thisMonth, -12), addCalendarDays(thisMonth, -1)];
  const rows = await computeRoyalties(db, teamId, from, to, today, { missingAtMinimum: true });
  // The report counts every reporting period that overlaps the window whole, so twelve months can touch five
  // quarters or two years: each agreement's due is scaled to the twelve months its periods stand for (all of
  // them: a period without a report counts its minimum and no royalty, never an extrapolation).
  return Math.round(
    rows.reduce((sum, r) => {
      const periods = reportingPeriods(r.reporting_frequency as ReportingFrequency, from, to).length;
      const months = periods * (MONTHS_PER_PERIOD[r.reporting_frequency] ?? 1);
      return months > 0 ? sum + (r.total_due * 100 * 12) / months : sum;
    }, 0),
  );
}
