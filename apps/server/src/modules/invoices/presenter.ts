import {
  invoiceNumberLabel,
  toDollars,
  type Invoice,
  type InvoiceStatus,
  type Payment,
} from '@storekeep/contracts';
import type { Actor } from '../../platform/policy';
import { invoiceAbilities } from './policy';
import type { InvoiceRow, PaymentRow } from './repository';

type LineRow = {
  kind: string;
  description: string;
  agreement_id: number | null;
  store_id: number | null;
  period_start: string | null;
  period_end: string | null;
  sales_cents: number | null;
  basis: string | null;
  amount_cents: number;
};

export function presentLine(line: LineRow): NonNullable<Invoice['lines']>[number] {
  return {
    kind: line.kind as NonNullable<Invoice['lines']>[number]['kind'],
    description: line.description,
    agreement_id: line.agreement_id,
    store_id: line.store_id,
    period_start: line.period_start === null ? null : String(line.period_start),
    period_end: line.period_end === null ? null : String(line.period_end),
    sales: toDollars(line.sales_cents),
    basis: line.basis as NonNullable<Invoice['lines']>[number]['basis'],
    amount: toDollars(line.amount_cents),
  };
}

export function presentInvoice(row: InvoiceRow, actor: Actor, lines?: LineRow[]): Invoice {
  const total = Number(row.total_cents);
  const paid = Number(row.paid_cents);
  return {
    id: row.id,
    number: invoiceNumberLabel(Number(row.number)),
    franchisee: { id: row.franchisee_id, name: row.franchisee_name },
    period_start: String(row.period_start),
    period_end: String(row.period_end),
    issue_date: String(row.issue_date),
    due_date: String(row.due_date),
    status: row.status as InvoiceStatus,
    royalty: toDollars(row.royalty_cents),
    marketing: toDollars(row.marketing_cents),
    fees: toDollars(row.fees_cents),
    total: toDollars(total),
    paid: toDollars(paid),
    balance: row.status === 'void' ? 0 : toDollars(total - paid),
    estimated: Boolean(row.estimated),
    missing: Boolean(row.missing),
    emailed_at: row.emailed_at === null ? null : new Date(row.emailed_at).toISOString(),
    emailed_to: row.emailed_to,
    ...(lines ? { lines: lines.map(presentLine) } : {}),
    created_at: new Date(row.created_at).toISOString(),
    abilities: invoiceAbilities(actor, row),
  };
}

export function presentPayment(row: PaymentRow): Payment {
  const allocated = row.allocations.reduce((sum, a) => sum + Number(a.amount_cents), 0);
  return {
    id: row.id,
    franchisee: { id: row.franchisee_id, name: row.franchisee_name },
    received_on: String(row.received_on),
    amount: toDollars(row.amount_cents),
    reference: row.reference,
    source: row.source as Payment['source'],
    allocated: toDollars(allocated),
    unallocated: toDollars(Number(row.amount_cents) - allocated),
    allocations: row.allocations.map((a) => ({
      invoice_id: a.invoice_id,
      number: invoiceNumberLabel(Number(a.number)),
      amount: toDollars(a.amount_cents),
    })),
    created_at: new Date(row.created_at).toISOString(),
  };
}
