import { fieldErrors, invoiceNumberLabel, toDollars, type Aging, type Statement } from '@storekeep/contracts';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { exportFormat, type TabularFile } from '../../platform/tabular';
import { teamToday } from '../teams/index';
import { invoicePolicy } from './policy';
import * as repo from './repository';

type Raw = Record<string, string | string[]>;
/** A report's named parameters, as its route's query schema reads them. */
type ReportQuery = Record<string, string | string[] | undefined>;
const single = (v: string | string[] | undefined) => (Array.isArray(v) ? v.at(-1) : v);
const optionalDate = (label: string) => z.iso.date({ error: `The ${label} is not a valid date.` }).optional();

function dates<T extends Record<string, string | undefined>>(
  raw: ReportQuery,
  names: Array<keyof T & string>,
) {
  const shape = Object.fromEntries(names.map((n) => [n, optionalDate(n.replace('_', ' '))]));
  const parsed = z.object(shape).safeParse(Object.fromEntries(names.map((n) => [n, single(raw[n])])));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  return parsed.data as T;
}

/**
 * A franchisee's account over [from, to]: the balance before it, then each invoice (debit, on its issue
 * date) and payment (credit, on the day received) in date order with the running balance.
 */
export async function statement(
  deps: Deps,
  actor: Actor,
  franchiseeId: number,
  raw: ReportQuery,
): Promise<Statement> {
  const company = await repo.findCompany(deps.db, actor.scope, franchiseeId);
  if (!company) throw notFound('Franchisee');
  authorize(invoicePolicy.view(actor));
  const today = await teamToday(deps.db, actor.teamId);
  const given = dates<{ from?: string; to?: string }>(raw, ['from', 'to']);
  const to = given.to ?? today;
  const from = given.from ?? `${to.slice(0, 4)}-01-01`;
  if (to < from)
    throw new AppError('validation', 'The to date must be on or after the from date.', {
      to: ['The to date must be on or after the from date.'],
    });
  const [invoices, payments] = await Promise.all([
    repo.allInvoices(deps.db, actor.scope, franchiseeId),
    repo.allPayments(deps.db, actor.scope, franchiseeId),
  ]);
  const events = [
    ...invoices.map((i) => ({
      date: String(i.issue_date),
      type: 'invoice' as const,
      id: i.id,
      reference: invoiceNumberLabel(Number(i.number)),
      cents: Number(i.total_cents),
    })),
    ...payments.map((p) => ({
      date: String(p.received_on),
      type: 'payment' as const,
      id: p.id,
      reference: p.reference ?? 'Payment',
      cents: -Number(p.amount_cents),
    })),
  ].sort(
    (a, b) =>
      a.date.localeCompare(b.date) || (a.type === b.type ? a.id - b.id : a.type === 'invoice' ? -1 : 1),
  );
  let balance = events.filter((e) => e.date < from).reduce((sum, e) => sum + e.cents, 0);
  const opening = balance;
  const entries = events
    .filter((e) => e.date >= from && e.date <= to)
    .map((e) => {
      balance += e.cents;
      return {
        date: e.date,
        type: e.type,
        id: e.id,
        reference: e.reference,
        debit: e.cents > 0 ? toDollars(e.cents) : 0,
        credit: e.cents < 0 ? toDollars(-e.cents) : 0,
        balance: toDollars(balance),
      };
    });
  return {
    franchisee: { id: company.id, name: company.name },
    from,
    to,
    opening_balance: toDollars(opening),
    entries,
    closing_balance: toDollars(balance),
  };
}

type Bucket = 'current' | 'days_1_30' | 'days_31_60' | 'days_61_90' | 'days_over_90';
type Buckets = Record<Bucket | 'total', number>;

/** Which bucket an open balance falls in on `asOf`: not yet due is current, then by days past due. */
export function agingBucket(dueDate: string, asOf: string): Bucket {
  const late = (Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000;
  if (late <= 0) return 'current';
  if (late <= 30) return 'days_1_30';
  if (late <= 60) return 'days_31_60';
  if (late <= 90) return 'days_61_90';
  return 'days_over_90';
}

/** Open balances per franchisee on `as_of` (today by default) by days past due. */
export async function aging(deps: Deps, actor: Actor, raw: ReportQuery): Promise<Aging> {
  authorize(invoicePolicy.view(actor));
  const asOf = dates<{ as_of?: string }>(raw, ['as_of']).as_of ?? (await teamToday(deps.db, actor.teamId));
  const empty = (): Buckets => ({
    current: 0,
    days_1_30: 0,
    days_31_60: 0,
    days_61_90: 0,
    days_over_90: 0,
    total: 0,
  });
  const rows = new Map<number, { name: string; cents: Buckets }>();
  const total = empty();
  for (const i of await repo.allInvoices(deps.db, actor.scope)) {
    // Invoices issued after the date did not exist yet; paid ones have nothing open.
    if (String(i.issue_date) > asOf || i.status !== 'open') continue;
    const open = Number(i.total_cents) - Number(i.paid_cents);
    if (open <= 0) continue;
    const bucket = agingBucket(String(i.due_date), asOf);
    const row =
      rows.get(i.franchisee_id) ??
      rows.set(i.franchisee_id, { name: i.franchisee_name, cents: empty() }).get(i.franchisee_id)!;
    for (const target of [row.cents, total]) {
      target[bucket] += open;
      target.total += open;
    }
  }
  const dollars = (b: Buckets) =>
    Object.fromEntries(Object.entries(b).map(([k, v]) => [k, toDollars(v)])) as Buckets;
  return {
    as_of: asOf,
    rows: [...rows]
      .map(([id, r]) => ({ franchisee: { id, name: r.name }, ...dollars(r.cents) }))
      .sort((a, b) => b.total - a.total || a.franchisee.name.localeCompare(b.franchisee.name)),
    total: dollars(total),
  };
}

/**
 * Invoices or payments as a flat file accounting systems import: one row per invoice (number, customer,
 * dates, amounts by kind) or per payment allocation (an unallocated rest is its own row).
 */
export async function exportAccounts(deps: Deps, actor: Actor, raw: Raw): Promise<TabularFile> {
  authorize(invoicePolicy.view(actor));
  const { format, query } = exportFormat(raw);
  const kind = single(query.kind) ?? 'invoices';
  if (kind !== 'invoices' && kind !== 'payments')
    throw new AppError('validation', 'The selected kind is invalid.', {
      kind: ['The selected kind is invalid.'],
    });
  if (kind === 'invoices') {
    const invoices = await repo.allInvoices(deps.db, actor.scope);
    async function* rows() {
      yield [
        'InvoiceNo',
        'Customer',
        'CustomerId',
        'InvoiceDate',
        'DueDate',
        'PeriodStart',
        'PeriodEnd',
        'Royalty',
        'MarketingFund',
        'Fees',
        'Total',
        'Paid',
        'Balance',
        'Status',
      ];
      for (const i of invoices)
        yield [
          invoiceNumberLabel(Number(i.number)),
          i.franchisee_name,
          i.franchisee_id,
          String(i.issue_date),
          String(i.due_date),
          String(i.period_start),
          String(i.period_end),
          toDollars(i.royalty_cents),
          toDollars(i.marketing_cents),
          toDollars(i.fees_cents),
          toDollars(i.total_cents),
          toDollars(i.paid_cents),
          toDollars(Number(i.total_cents) - Number(i.paid_cents)),
          i.status,
        ];
    }
    return { format, name: 'invoices', rows: rows() };
  }
  const payments = await repo.allPayments(deps.db, actor.scope);
  const loaded = await repo.loadPayments(
    deps.db,
    actor.scope,
    payments.map((p) => p.id),
  );
  async function* rows() {
    yield [
      'PaymentId',
      'Customer',
      'CustomerId',
      'PaymentDate',
      'Reference',
      'Source',
      'PaymentAmount',
      'AppliedTo',
      'AppliedAmount',
    ];
    for (const p of loaded) {
      const base = [
        p.id,
        p.franchisee_name,
        p.franchisee_id,
        String(p.received_on),
        p.reference ?? '',
        p.source,
        toDollars(p.amount_cents),
      ];
      let left = Number(p.amount_cents);
      for (const a of p.allocations) {
        left -= Number(a.amount_cents);
        yield [...base, invoiceNumberLabel(Number(a.number)), toDollars(a.amount_cents)];
      }
      if (left > 0 || !p.allocations.length) yield [...base, '', toDollars(left)];
    }
  }
  return { format, name: 'payments', rows: rows() };
}
