import { parse } from 'csv-parse/sync';
import {
  invoiceNumberLabel,
  paymentInputSchema,
  toCents,
  toDollars,
  type PaginationMeta,
  type Payment,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { parseServiceBody } from '../../platform/service-body';
import { writeTransaction, type Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { invalid, notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { invoicePolicy } from './policy';
import { presentPayment } from './presenter';
import { settlePaymentReminders } from './reminders';
import * as repo from './repository';

type Raw = Record<string, string | string[]>;

/**
 * Writes a payment and what it pays inside `trx`: the named invoices (each up to its balance), or else the
 * franchisee's open invoices, oldest due first. What is left stays on the payment, unallocated (a credit).
 */
async function applyPayment(
  trx: Executor,
  actor: Actor,
  payment: {
    franchisee_id: number;
    received_on: string;
    amount_cents: number;
    reference: string | null;
    source: 'manual' | 'bank_import';
    import_key: string | null;
  },
  wanted: Array<{ invoice_id: number; amount_cents: number }> | null,
  /** Invoices paid first, before the oldest (a bank line that names one). */
  preferred: number[] = [],
): Promise<number | null> {
  const open = await repo.openInvoicesOf(trx, actor.scope, payment.franchisee_id);
  const paymentId = await repo.insertPayment(trx, actor.teamId, payment, nowIso());
  if (paymentId === null) return null;
  const allocations: Array<{ payment_id: number; invoice_id: number; amount_cents: number }> = [];
  if (wanted) {
    let total = 0;
    for (const [index, w] of wanted.entries()) {
      const invoice = open.find((i) => i.id === w.invoice_id);
      if (!invoice)
        throw invalid(
          `allocations.${index}.invoice_id`,
          'The selected invoice is not an open invoice of this franchisee.',
        );
      if (w.amount_cents > invoice.total_cents - invoice.paid_cents)
        throw invalid(
          `allocations.${index}.amount`,
          'The allocated amount is more than the balance of the invoice.',
        );
      total += w.amount_cents;
      invoice.paid_cents += w.amount_cents;
      allocations.push({ payment_id: paymentId, invoice_id: w.invoice_id, amount_cents: w.amount_cents });
    }
    if (total > payment.amount_cents)
      throw invalid('allocations', 'The allocations add up to more than the payment.');
  } else {
    let left = payment.amount_cents;
    const ordered = [
      ...open.filter((i) => preferred.includes(i.id)),
      ...open.filter((i) => !preferred.includes(i.id)),
    ];
    for (const invoice of ordered) {
      if (left <= 0) break;
      const amount = Math.min(left, invoice.total_cents - invoice.paid_cents);
      if (amount <= 0) continue;
      allocations.push({ payment_id: paymentId, invoice_id: invoice.id, amount_cents: amount });
      left -= amount;
    }
  }
  await repo.insertAllocations(trx, actor.teamId, allocations);
  for (const a of allocations) await repo.addPaid(trx, actor.teamId, a.invoice_id, a.amount_cents, nowIso());
  await settlePaymentReminders(
    trx,
    actor.teamId,
    await repo.paidAmong(
      trx,
      actor.teamId,
      allocations.map((a) => a.invoice_id),
    ),
    'paid',
  );
  return paymentId;
}

export async function recordPayment(deps: Deps, actor: Actor, body: unknown): Promise<Payment> {
  authorize(invoicePolicy.change(actor));
  const input = parseServiceBody(paymentInputSchema, body);
  if (!(await repo.findCompany(deps.db, actor.scope, input.franchisee_id)))
    throw invalid('franchisee_id', 'The selected franchisee is invalid.');
  const id = await writeTransaction(deps.db, async (trx) => {
    const paymentId = (await applyPayment(
      trx,
      actor,
      {
        franchisee_id: input.franchisee_id,
        received_on: input.received_on,
        amount_cents: toCents(input.amount),
        reference: input.reference,
        source: 'manual',
        import_key: null,
      },
      input.allocations?.map((a) => ({ invoice_id: a.invoice_id, amount_cents: toCents(a.amount) })) ?? null,
    ))!;
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'payments',
      subjectId: paymentId,
      action: 'created',
      changes: { franchisee_id: input.franchisee_id, amount: input.amount, received_on: input.received_on },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
    return paymentId;
  });
  return getPayment(deps, actor, id);
}

export async function getPayment(deps: Deps, actor: Actor, id: number): Promise<Payment> {
  const [row] = await repo.loadPayments(deps.db, actor.scope, [id]);
  if (!row) throw notFound('Payment');
  authorize(invoicePolicy.view(actor));
  return presentPayment(row);
}

export async function listPayments(
  deps: Deps,
  actor: Actor,
  raw: Raw,
): Promise<{ data: Payment[]; meta: PaginationMeta }> {
  authorize(invoicePolicy.view(actor));
  const query = parseListQuery(raw, {
    sorts: ['received_on'],
    defaultSort: 'received_on',
    filters: { franchisee_id: { type: 'ids' } },
  });
  const { ids, total } = await repo.pageOfPaymentIds(deps.db, actor.scope, {
    franchiseeIds: query.filters.franchisee_id?.map(Number),
    page: query.page,
    perPage: query.perPage,
  });
  return {
    data: (await repo.loadPayments(deps.db, actor.scope, ids)).map(presentPayment),
    meta: paginationMeta(query.page, query.perPage, total),
  };
}

const HEADERS = {
  date: ['date', 'booking date', 'value date', 'posted', 'transaction date'],
  amount: ['amount', 'credit', 'deposit', 'credit amount'],
  reference: ['reference', 'description', 'memo', 'details', 'remittance information', 'payee'],
};

/** "2026-03-05", "03/05/2026" (US) → ISO, or null. */
function bankDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : us
      ? [us[3], us[1]!.padStart(2, '0'), us[2]!.padStart(2, '0')]
      : [];
  if (!y) return null;
  const date = `${y}-${m}-${d}`;
  return new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date ? date : null;
}

/** The multipart form of a bank statement upload: the file and, to write, `confirm=true`. */
export type BankUpload = {
  fields: Record<string, string>;
  file: { name: string; bytes: Buffer } | null;
};

/**
 * A bank statement's credits as payments: each line whose reference names an invoice number (INV-000042) is
 * a payment of that invoice's franchisee, paying that invoice first. Lines already imported (same date,
 * amount, reference and occurrence) are skipped, so importing an overlapping statement again adds nothing.
 * Without `confirm=true` nothing is written: the answer is the preview of what the import would take.
 * `read` takes the upload off the request, after the caller is known to be allowed to import.
 */
export async function importBankFile(deps: Deps, actor: Actor, read: () => Promise<BankUpload>) {
  authorize(invoicePolicy.change(actor));
  const { fields, file } = await read();
  if (!file || !file.bytes.length) throw invalid('file', 'The file field is required.');
  if (!/\.(csv|txt)$/i.test(file.name)) throw invalid('file', 'The bank file must be a CSV file.');
  const confirm = fields.confirm === 'true';
  let records: string[][];
  try {
    records = parse(file.bytes, {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      bom: true,
    }) as string[][];
  } catch {
    throw invalid('file', 'The bank file is not a readable CSV file.');
  }
  const header = (records[0] ?? []).map((h) => h.toLowerCase());
  const column = (names: string[]) => header.findIndex((h) => names.includes(h));
  const at = {
    date: column(HEADERS.date),
    amount: column(HEADERS.amount),
    reference: column(HEADERS.reference),
  };
  if (at.date < 0 || at.amount < 0 || at.reference < 0)
    throw invalid(
      'file',
      'The bank file needs a header row with date, amount and reference (or description) columns.',
    );
  const unmatched: Array<{ line: number; reason: string }> = [];
  const lines: Array<{ line: number; date: string; cents: number; reference: string; number: number }> = [];
  for (const [index, record] of records.slice(1).entries()) {
    const line = index + 2;
    const date = bankDate(record[at.date] ?? '');
    const amount = Number((record[at.amount] ?? '').replace(/[$,\s]/g, ''));
    const reference = (record[at.reference] ?? '').slice(0, 255);
    if (!date) unmatched.push({ line, reason: 'The date is not a valid date.' });
    else if (!Number.isFinite(amount) || amount <= 0)
      unmatched.push({ line, reason: 'Not a credit: the amount is not positive.' });
    else {
      const number = /INV-?0*(\d+)/i.exec(reference)?.[1];
      if (!number) unmatched.push({ line, reason: 'The reference names no invoice number.' });
      else lines.push({ line, date, cents: Math.round(amount * 100), reference, number: Number(number) });
    }
  }
  if (lines.length > 5000) throw invalid('file', 'At most 5,000 payments can be imported at once.');
  const invoices = await repo.allInvoices(deps.db, actor.scope);
  const byNumber = new Map(invoices.map((i) => [Number(i.number), i]));
  const seen = new Map<string, number>();
  const matched: Array<{
    line: number;
    date: string;
    cents: number;
    reference: string;
    invoice: (typeof invoices)[number];
    key: string;
  }> = [];
  for (const l of lines) {
    const invoice = byNumber.get(l.number);
    if (!invoice) {
      unmatched.push({
        line: l.line,
        reason: `No invoice ${invoiceNumberLabel(l.number)} in this team.`,
      });
      continue;
    }
    const base = `${l.date}|${l.cents}|${l.reference}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    matched.push({ ...l, invoice, key: `${base}|${occurrence}`.slice(0, 600) });
  }
  unmatched.sort((a, b) => a.line - b.line);
  const present = (duplicates: Set<string>) =>
    matched.map((m) => ({
      line: m.line,
      date: m.date,
      amount: toDollars(m.cents),
      reference: m.reference,
      invoice: { id: m.invoice.id, number: invoiceNumberLabel(Number(m.invoice.number)) },
      franchisee: { id: m.invoice.franchisee_id, name: m.invoice.franchisee_name },
      duplicate: duplicates.has(m.key),
    }));
  if (!confirm) {
    const already = await repo.existingImportKeys(
      deps.db,
      actor.teamId,
      matched.map((m) => m.key),
    );
    return {
      preview: true,
      imported: 0,
      duplicates: already.size,
      matched: present(already),
      unmatched,
    };
  }
  return writeTransaction(deps.db, async (trx) => {
    const duplicates = new Set<string>();
    for (const m of matched) {
      const id = await applyPayment(
        trx,
        actor,
        {
          franchisee_id: m.invoice.franchisee_id,
          received_on: m.date,
          amount_cents: m.cents,
          reference: m.reference || null,
          source: 'bank_import',
          import_key: m.key,
        },
        null,
        [m.invoice.id],
      );
      if (id === null) duplicates.add(m.key);
    }
    const imported = matched.length - duplicates.size;
    if (imported) {
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'payments',
        subjectId: null,
        action: 'imported',
        changes: { file: file.name, imported, duplicates: duplicates.size, unmatched: unmatched.length },
        ip: actor.ip,
      });
      await bumpTeamWriteVersion(trx, actor.teamId);
    }
    return { preview: false, imported, duplicates: duplicates.size, matched: present(duplicates), unmatched };
  });
}
