import {
  addCalendarDays,
  addCalendarMonths,
  INVOICE_STATUSES,
  invoiceCreateSchema,
  invoiceNumberLabel,
  type Invoice,
  type PaginationMeta,
  isMonth,
  monthMessage,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { writeTransaction, type Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, type Actor, type TeamScope } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { teamToday } from '../teams/index';
import { agreementLines, type InvoiceLine } from './calculations';
import { agreementPeriods } from './periods';
import { agreementPools } from './pooling';
import { invoicePolicy } from './policy';
import { presentInvoice } from './presenter';
import { settlePaymentReminders } from './reminders';
import * as repo from './repository';
import { rulesByBrand } from './settings';

type Raw = Record<string, string | string[]>;

const ROYALTY_KINDS = new Set(['royalty', 'minimum']);

/** The invoices of one month as rows ready to insert (no number yet), one per franchisee with something on it. */
export async function draftInvoices(
  db: Executor,
  scope: TeamScope,
  monthStart: string,
  franchiseeIds: number[] | null,
  today: string,
) {
  const monthEnd = addCalendarDays(addCalendarMonths(monthStart, 1), -1);
  const rules = await rulesByBrand(db, scope.teamId);
  const perAgreement = await agreementPeriods(
    db,
    scope,
    franchiseeIds,
    monthStart,
    monthEnd,
    (brandId) => rules(brandId).tierYear,
  );
  // Under a brand's `franchisee` pooling, each agreement's share of the tiers read across its pool.
  const pools = agreementPools(perAgreement, rules);
  const byFranchisee = new Map<number, { lines: InvoiceLine[]; terms: number }>();
  for (const { agreement, billed, periods } of perAgreement) {
    const brand = rules(agreement.brand_id);
    const lines = agreementLines(billed, brand, periods, pools.get(agreement.id));
    if (!lines.length) continue;
    const entry =
      byFranchisee.get(agreement.franchisee_id!) ??
      byFranchisee
        .set(agreement.franchisee_id!, { lines: [], terms: brand.paymentTermsDays })
        .get(agreement.franchisee_id!)!;
    entry.lines.push(...lines);
    entry.terms = Math.min(entry.terms, brand.paymentTermsDays);
  }
  return [...byFranchisee].map(([franchiseeId, { lines, terms }]) => {
    const sum = (pick: (l: InvoiceLine) => boolean) =>
      lines.filter(pick).reduce((s, l) => s + l.amountCents, 0);
    const royalty = sum((l) => ROYALTY_KINDS.has(l.kind));
    const marketing = sum((l) => l.kind === 'marketing');
    const fees = sum((l) => l.kind === 'technology' || l.kind === 'fee');
    return {
      invoice: {
        franchisee_id: franchiseeId,
        number: 0,
        period_start: monthStart,
        period_end: monthEnd,
        issue_date: today,
        due_date: addCalendarDays(today, terms),
        royalty_cents: royalty,
        marketing_cents: marketing,
        fees_cents: fees,
        total_cents: royalty + marketing + fees,
        estimated: lines.some((l) => l.basis === 'estimated') ? 1 : 0,
        missing: lines.some((l) => l.basis === 'missing') ? 1 : 0,
      },
      lines: lines.map((l, position) => ({
        position,
        agreement_id: l.agreementId,
        store_id: l.storeId,
        kind: l.kind,
        description: l.description.slice(0, 255),
        period_start: l.period?.start ?? null,
        period_end: l.period?.end ?? null,
        sales_cents: l.salesCents,
        basis: l.basis,
        amount_cents: l.amountCents,
      })),
    };
  });
}

/**
 * Numbers and stores drafts in one transaction: the team's sequence row is locked first, the months already
 * invoiced are read again under that lock (a concurrent run of the same month then skips them instead of
 * failing), and the numbers are taken in one step, so they run on without gaps whatever rolls back.
 */
export async function storeInvoices(
  db: Parameters<typeof writeTransaction>[0],
  scope: TeamScope,
  drafts: Awaited<ReturnType<typeof draftInvoices>>,
  onStored: (trx: Executor, ids: number[]) => Promise<void>,
) {
  return writeTransaction(db, async (trx) => {
    await repo.takeInvoiceNumbers(trx, scope.teamId, 0);
    const monthStart = drafts[0]?.invoice.period_start;
    const taken = monthStart
      ? await repo.invoicedFranchisees(
          trx,
          scope,
          monthStart,
          drafts.map((d) => d.invoice.franchisee_id),
        )
      : new Set<number>();
    const fresh = drafts.filter((d) => !taken.has(d.invoice.franchisee_id));
    if (!fresh.length) return { ids: [] as number[], skipped: drafts.length };
    const first = await repo.takeInvoiceNumbers(trx, scope.teamId, fresh.length);
    fresh.forEach((d, index) => (d.invoice.number = first + index));
    const ids = await repo.insertInvoices(trx, scope.teamId, fresh, nowIso());
    await onStored(trx, ids);
    await bumpTeamWriteVersion(trx, scope.teamId);
    return { ids, skipped: drafts.length - fresh.length };
  });
}

/** Invoices a month for every franchisee with an open agreement (or the ones named). */
export async function createInvoices(deps: Deps, actor: Actor, body: unknown) {
  authorize(invoicePolicy.change(actor));
  const input = parseServiceBody(invoiceCreateSchema, body);
  const monthStart = `${input.period}-01`;
  const named = input.franchisee_ids ? [...new Set(input.franchisee_ids)] : null;
  if (named) {
    for (const [index, id] of named.entries())
      if (!(await repo.findCompany(deps.db, actor.scope, id)))
        throw new AppError('validation', 'The selected franchisee is invalid.', {
          [`franchisee_ids.${index}`]: ['The selected franchisee is invalid.'],
        });
  }
  const today = await teamToday(deps.db, actor.teamId);
  const drafts = await draftInvoices(deps.db, actor.scope, monthStart, named, today);
  const { ids, skipped } = await storeInvoices(deps.db, actor.scope, drafts, (trx, created) =>
    recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'invoices',
      subjectId: null,
      action: 'created',
      changes: { period: input.period, invoices: created.length },
      ip: actor.ip,
    }),
  );
  const rows = await repo.loadInvoices(deps.db, actor.scope, ids);
  return { created: rows.map((r) => presentInvoice(r, actor)), skipped };
}

const SORTS = {
  number: 'number',
  period_start: 'period_start',
  due_date: 'due_date',
  total: 'total_cents',
} as const;

export async function listInvoices(
  deps: Deps,
  actor: Actor,
  raw: Raw,
): Promise<{ data: Invoice[]; meta: PaginationMeta }> {
  authorize(invoicePolicy.view(actor));
  const query = parseListQuery(raw, {
    sorts: Object.keys(SORTS),
    defaultSort: 'number',
    filters: {
      franchisee_id: { type: 'ids' },
      status: { type: 'enum', values: INVOICE_STATUSES },
      period: { type: 'text' },
    },
  });
  const period = query.filters.period?.[0];
  if (period !== undefined && !isMonth(period))
    throw invalid('filters.period', monthMessage('period filter'));
  const { ids, total } = await repo.pageOfInvoiceIds(deps.db, actor.scope, {
    franchiseeIds: query.filters.franchisee_id?.map(Number),
    statuses: query.filters.status?.map(String),
    from: period ? `${period}-01` : undefined,
    to: period ? `${period}-01` : undefined,
    sort: SORTS[query.sort as keyof typeof SORTS],
    direction: raw.direction ? query.direction : 'desc',
    page: query.page,
    perPage: query.perPage,
  });
  return {
    data: (await repo.loadInvoices(deps.db, actor.scope, ids)).map((r) => presentInvoice(r, actor)),
    meta: paginationMeta(query.page, query.perPage, total),
  };
}

export async function findInvoice(deps: Deps, actor: Actor, id: number) {
  const [row] = await repo.loadInvoices(deps.db, actor.scope, [id]);
  if (!row) throw notFound('Invoice');
  authorize(invoicePolicy.view(actor));
  return row;
}

export async function getInvoice(deps: Deps, actor: Actor, id: number): Promise<Invoice> {
  const row = await findInvoice(deps, actor, id);
  return presentInvoice(row, actor, await repo.invoiceLines(deps.db, actor.scope, id));
}

/** Voiding keeps the number (no gaps) and frees the month for a new invoice; a paid amount must be moved first. */
export async function voidInvoice(deps: Deps, actor: Actor, id: number): Promise<Invoice> {
  const row = await findInvoice(deps, actor, id);
  authorize(invoicePolicy.change(actor));
  if (row.status !== 'open')
    throw new AppError(
      'conflict',
      `Invoice ${invoiceNumberLabel(Number(row.number))} is ${row.status} and cannot be voided.`,
    );
  if (Number(row.paid_cents) > 0)
    throw new AppError('conflict', 'This invoice has payments allocated to it and cannot be voided.');
  await writeTransaction(deps.db, async (trx) => {
    await repo.setInvoiceStatus(trx, actor.teamId, id, 'void', nowIso());
    await settlePaymentReminders(trx, actor.teamId, [id], 'voided');
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'invoices',
      subjectId: id,
      action: 'voided',
      changes: { number: invoiceNumberLabel(Number(row.number)) },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  return getInvoice(deps, actor, id);
}
