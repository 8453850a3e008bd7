import { sql } from 'kysely';
import { dialectOf, type Executor } from '../../platform/db';
import { whereInScope } from '../../platform/db/scope';
import type { TeamScope } from '../../platform/policy';

/**
 * Invoices, payments, their allocations, settings and the invoice sequence. Every statement names the scope:
 * the team, and when the scope is narrowed to franchisee companies, the invoice's or payment's franchisee.
 */

// ---- settings ------------------------------------------------------------------------------------------
export async function settingsRows(db: Executor, teamId: number) {
  return db
    .selectFrom('invoicing_settings')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('brand_id')
    .execute();
}
export type SettingsRow = Awaited<ReturnType<typeof settingsRows>>[number];

export async function upsertSettings(
  db: Executor,
  teamId: number,
  brandId: number,
  values: Omit<SettingsRow, 'team_id' | 'brand_id'>,
) {
  await db
    .insertInto('invoicing_settings')
    .values({ ...values, team_id: teamId, brand_id: brandId })
    .onConflict((oc) => oc.columns(['team_id', 'brand_id']).doUpdateSet(values))
    .execute();
}

export async function deleteSettings(db: Executor, teamId: number, brandId: number) {
  await db
    .deleteFrom('invoicing_settings')
    .where('team_id', '=', teamId)
    .where('brand_id', '=', brandId)
    .execute();
}

/** Names of the team's live brands among `ids` (a setting's brand must be one). */
export async function brandNames(db: Executor, teamId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .selectFrom('brands')
    .select(['id', 'name'])
    .where('team_id', '=', teamId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- numbering -----------------------------------------------------------------------------------------
/**
 * The next invoice number of the team, taken inside the invoice's own transaction: the sequence row is
 * updated first, so on PostgreSQL a concurrent invoicing waits on its lock until this one commits or rolls
 * back (a rolled-back number is taken again: no gaps), and SQLite has one writer at a time anyway.
 */
export async function takeInvoiceNumbers(db: Executor, teamId: number, count: number): Promise<number> {
  await db
    .insertInto('invoice_sequences')
    .values({ team_id: teamId, last_number: 0 })
    .onConflict((oc) => oc.column('team_id').doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_sequences')
    .set((eb) => ({ last_number: eb('last_number', '+', count) }))
    .where('team_id', '=', teamId)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number) - count + 1;
}

// ---- invoices ------------------------------------------------------------------------------------------
const invoiceColumns = [
  'i.id',
  'i.franchisee_id',
  'c.name as franchisee_name',
  'i.number',
  'i.period_start',
  'i.period_end',
  'i.issue_date',
  'i.due_date',
  'i.status',
  'i.royalty_cents',
  'i.marketing_cents',
  'i.fees_cents',
  'i.total_cents',
  'i.paid_cents',
  'i.estimated',
  'i.missing',
  'i.emailed_at',
  'i.emailed_to',
  'i.created_at',
] as const;

function invoices(db: Executor, scope: TeamScope) {
  return db
    .selectFrom('royalty_invoices as i')
    .innerJoin('companies as c', 'c.id', 'i.franchisee_id')
    .where((eb) => whereInScope(eb, scope, 'i', { companyColumn: 'franchisee_id' }))
    .where('c.team_id', '=', scope.teamId);
}

export async function loadInvoices(db: Executor, scope: TeamScope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await invoices(db, scope).select(invoiceColumns).where('i.id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type InvoiceRow = Awaited<ReturnType<typeof loadInvoices>>[number];

export async function pageOfInvoiceIds(
  db: Executor,
  scope: TeamScope,
  options: {
    franchiseeIds?: number[];
    statuses?: string[];
    from?: string;
    to?: string;
    sort: 'number' | 'period_start' | 'due_date' | 'total_cents';
    direction: 'asc' | 'desc';
    page: number;
    perPage: number;
  },
) {
  let base = invoices(db, scope);
  if (options.franchiseeIds) base = base.where('i.franchisee_id', 'in', options.franchiseeIds);
  if (options.statuses) base = base.where('i.status', 'in', options.statuses);
  if (options.from) base = base.where('i.period_start', '>=', options.from);
  if (options.to) base = base.where('i.period_start', '<=', options.to);
  const [ids, count] = await Promise.all([
    base
      .select('i.id')
      .orderBy(`i.${options.sort}`, options.direction)
      .orderBy('i.id', options.direction)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: ids.map((r) => r.id), total: Number(count.total) };
}

/** Franchisees among `franchiseeIds` that already have a live invoice starting on `periodStart`. */
export async function invoicedFranchisees(
  db: Executor,
  scope: TeamScope,
  periodStart: string,
  franchiseeIds: number[],
) {
  const found = new Set<number>();
  for (let i = 0; i < franchiseeIds.length; i += 500) {
    const rows = await db
      .selectFrom('royalty_invoices as i')
      .select('i.franchisee_id')
      .where((eb) => whereInScope(eb, scope, 'i', { companyColumn: 'franchisee_id' }))
      .where('i.period_start', '=', periodStart)
      .where('i.status', '<>', 'void')
      .where('i.franchisee_id', 'in', franchiseeIds.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.franchisee_id);
  }
  return found;
}

export type NewInvoice = {
  franchisee_id: number;
  number: number;
  period_start: string;
  period_end: string;
  issue_date: string;
  due_date: string;
  royalty_cents: number;
  marketing_cents: number;
  fees_cents: number;
  total_cents: number;
  estimated: number;
  missing: number;
};
export type NewLine = {
  position: number;
  agreement_id: number | null;
  store_id: number | null;
  kind: string;
  description: string;
  period_start: string | null;
  period_end: string | null;
  sales_cents: number | null;
  basis: string | null;
  amount_cents: number;
};

/** Inserts invoices with their lines (500 rows a statement); returns the invoice ids in order. */
export async function insertInvoices(
  db: Executor,
  teamId: number,
  rows: Array<{ invoice: NewInvoice; lines: NewLine[] }>,
  now: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const inserted = await db
      .insertInto('royalty_invoices')
      .values(
        chunk.map(({ invoice }) => ({
          ...invoice,
          team_id: teamId,
          status: 'open',
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'number'])
      .execute();
    // RETURNING order follows VALUES order on both dialects, but the number says which is which for sure.
    const idOf = new Map(inserted.map((r) => [Number(r.number), r.id]));
    const lines = chunk.flatMap(({ invoice, lines }) =>
      lines.map((line) => ({ ...line, team_id: teamId, invoice_id: idOf.get(invoice.number)! })),
    );
    for (let j = 0; j < lines.length; j += 500)
      await db
        .insertInto('royalty_invoice_lines')
        .values(lines.slice(j, j + 500))
        .execute();
    ids.push(...chunk.map(({ invoice }) => idOf.get(invoice.number)!));
  }
  return ids;
}

/** An invoice's lines, through its invoice in the scope (none for another franchisee's invoice). */
export async function invoiceLines(db: Executor, scope: TeamScope, invoiceId: number) {
  return db
    .selectFrom('royalty_invoice_lines as l')
    .innerJoin('royalty_invoices as i', 'i.id', 'l.invoice_id')
    .selectAll('l')
    .where('l.team_id', '=', scope.teamId)
    .where((eb) => whereInScope(eb, scope, 'i', { companyColumn: 'franchisee_id' }))
    .where('l.invoice_id', '=', invoiceId)
    .orderBy('l.position')
    .execute();
}

export async function setInvoiceStatus(
  db: Executor,
  teamId: number,
  id: number,
  status: string,
  now: string,
) {
  await db
    .updateTable('royalty_invoices')
    .set({ status, updated_at: now })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
}

export async function markEmailed(db: Executor, teamId: number, id: number, to: string, now: string) {
  await db
    .updateTable('royalty_invoices')
    .set({ emailed_at: now, emailed_to: to, updated_at: now })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
}

/** Adds `cents` to what an invoice has been paid and settles its status (paid once nothing is left). */
export async function addPaid(db: Executor, teamId: number, id: number, cents: number, now: string) {
  await db
    .updateTable('royalty_invoices')
    .set((eb) => ({
      paid_cents: eb('paid_cents', '+', cents),
      status: sql<string>`case when status = 'void' then status when paid_cents + ${cents} >= total_cents then 'paid' else 'open' end`,
      updated_at: now,
    }))
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
}

/** Which of `ids` are paid in full. */
export async function paidAmong(db: Executor, teamId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('royalty_invoices')
    .select('id')
    .where('team_id', '=', teamId)
    .where('id', 'in', ids)
    .where('status', '=', 'paid')
    .execute();
  return rows.map((r) => r.id);
}

/** The franchisee's invoices with a balance, oldest due first; locked on PostgreSQL while paid. */
export async function openInvoicesOf(db: Executor, scope: TeamScope, franchiseeId: number, ids?: number[]) {
  let query = db
    .selectFrom('royalty_invoices as i')
    .select(['i.id', 'i.number', 'i.total_cents', 'i.paid_cents', 'i.status', 'i.due_date'])
    .where((eb) => whereInScope(eb, scope, 'i', { companyColumn: 'franchisee_id' }))
    .where('i.franchisee_id', '=', franchiseeId)
    .where('i.status', '=', 'open');
  if (ids) query = query.where('i.id', 'in', ids.length ? ids : [0]);
  query = query.orderBy('i.due_date').orderBy('i.number');
  if (dialectOf(db) === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((r) => ({
    ...r,
    total_cents: Number(r.total_cents),
    paid_cents: Number(r.paid_cents),
  }));
}

// ---- payments ------------------------------------------------------------------------------------------
export async function insertPayment(
  db: Executor,
  teamId: number,
  values: {
    franchisee_id: number;
    received_on: string;
    amount_cents: number;
    reference: string | null;
    source: string;
    import_key: string | null;
  },
  now: string,
): Promise<number | null> {
  const row = await db
    .insertInto('royalty_payments')
    .values({ ...values, team_id: teamId, created_at: now })
    .onConflict((oc) => oc.columns(['team_id', 'import_key']).where('import_key', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Which of `keys` earlier bank imports already paid. */
export async function existingImportKeys(db: Executor, teamId: number, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let at = 0; at < keys.length; at += 500) {
    const rows = await db
      .selectFrom('royalty_payments')
      .select('import_key')
      .where('team_id', '=', teamId)
      .where('import_key', 'in', keys.slice(at, at + 500))
      .execute();
    for (const r of rows) found.add(r.import_key!);
  }
  return found;
}

export async function insertAllocations(
  db: Executor,
  teamId: number,
  rows: Array<{ payment_id: number; invoice_id: number; amount_cents: number }>,
) {
  if (rows.length)
    await db
      .insertInto('royalty_payment_allocations')
      .values(rows.map((r) => ({ ...r, team_id: teamId })))
      .execute();
}

function payments(db: Executor, scope: TeamScope) {
  return db
    .selectFrom('royalty_payments as p')
    .innerJoin('companies as c', 'c.id', 'p.franchisee_id')
    .where((eb) => whereInScope(eb, scope, 'p', { companyColumn: 'franchisee_id' }))
    .where('c.team_id', '=', scope.teamId);
}

const paymentColumns = [
  'p.id',
  'p.franchisee_id',
  'c.name as franchisee_name',
  'p.received_on',
  'p.amount_cents',
  'p.reference',
  'p.source',
  'p.created_at',
] as const;

export async function loadPayments(db: Executor, scope: TeamScope, ids: number[]) {
  if (!ids.length) return [];
  const rows = await payments(db, scope).select(paymentColumns).where('p.id', 'in', ids).execute();
  const allocations = await db
    .selectFrom('royalty_payment_allocations as a')
    .innerJoin('royalty_invoices as i', 'i.id', 'a.invoice_id')
    .select(['a.payment_id', 'a.invoice_id', 'i.number', 'a.amount_cents'])
    .where('a.team_id', '=', scope.teamId)
    .where('i.team_id', '=', scope.teamId)
    .where('a.payment_id', 'in', ids)
    .orderBy('a.id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, { ...r, allocations: [] as typeof allocations }]));
  for (const a of allocations) byId.get(a.payment_id)?.allocations.push(a);
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type PaymentRow = Awaited<ReturnType<typeof loadPayments>>[number];

export async function pageOfPaymentIds(
  db: Executor,
  scope: TeamScope,
  options: { franchiseeIds?: number[]; page: number; perPage: number },
) {
  let base = payments(db, scope);
  if (options.franchiseeIds) base = base.where('p.franchisee_id', 'in', options.franchiseeIds);
  const [ids, count] = await Promise.all([
    base
      .select('p.id')
      .orderBy('p.received_on', 'desc')
      .orderBy('p.id', 'desc')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: ids.map((r) => r.id), total: Number(count.total) };
}

// ---- statements, aging, exports ------------------------------------------------------------------------
/** Every live invoice (optionally of one franchisee), for statements, aging and exports. */
export async function allInvoices(db: Executor, scope: TeamScope, franchiseeId?: number) {
  let query = invoices(db, scope).select(invoiceColumns).where('i.status', '<>', 'void');
  if (franchiseeId !== undefined) query = query.where('i.franchisee_id', '=', franchiseeId);
  return query.orderBy('i.issue_date').orderBy('i.number').execute();
}

export async function allPayments(db: Executor, scope: TeamScope, franchiseeId?: number) {
  let query = payments(db, scope).select(paymentColumns);
  if (franchiseeId !== undefined) query = query.where('p.franchisee_id', '=', franchiseeId);
  return query.orderBy('p.received_on').orderBy('p.id').execute();
}

/** A live company of the scope (a franchisee), or undefined. */
export async function findCompany(db: Executor, scope: TeamScope, id: number) {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'email'])
    .where((eb) => whereInScope(eb, scope, 'companies', { companyColumn: 'id' }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The franchisee's billing address: a contact of the company whose job title says billing (or accounts), else
 * the company's own e-mail, else any contact's.
 */
export async function billingEmail(db: Executor, teamId: number, companyId: number): Promise<string | null> {
  const contacts = await db
    .selectFrom('contacts')
    .select(['email', 'job_title'])
    .where('team_id', '=', teamId)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .where('email', 'is not', null)
    .orderBy('id')
    .execute();
  const billing = contacts.find((c) => /billing|accounts|finance/i.test(c.job_title ?? ''));
  if (billing?.email) return billing.email;
  const company = await db
    .selectFrom('companies')
    .select('email')
    .where('team_id', '=', teamId)
    .where('id', '=', companyId)
    .executeTakeFirst();
  return company?.email ?? contacts[0]?.email ?? null;
}
