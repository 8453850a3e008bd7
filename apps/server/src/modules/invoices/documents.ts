import { invoiceNumberLabel, type Invoice } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { safeFileName } from '../../platform/file-name';
import { enqueueMail, MAIL_ATTACHMENT_MAX_BYTES } from '../../platform/mail';
import { authorize, type Actor } from '../../platform/policy';
import { csvStream, type Cell } from '../../platform/tabular';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { recordActivity } from '../activities/index';
import { findInvoice, getInvoice } from './invoicing';
import { invoicePolicy } from './policy';
import * as repo from './repository';
import { loadPdfLib } from '../../platform/pdf';

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type InvoiceRow = Awaited<ReturnType<typeof findInvoice>>;
type LineRow = Awaited<ReturnType<typeof repo.invoiceLines>>[number];

/** The invoice as a PDF download. */
export async function invoicePdf(deps: Deps, actor: Actor, id: number) {
  const row = await findInvoice(deps, actor, id);
  return renderInvoicePdf(row, await repo.invoiceLines(deps.db, actor.scope, id));
}

/** The invoice as a one-or-more-page PDF: header, lines with their sales and basis, totals. */
async function renderInvoicePdf(row: InvoiceRow, lines: LineRow[]) {
  const number = invoiceNumberLabel(Number(row.number));
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${number}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([612, 792]);
  let y = 740;
  const text = (
    value: string,
    x: number,
    options: { bold?: boolean; size?: number; right?: boolean } = {},
  ) => {
    const f = options.bold ? bold : font;
    const size = options.size ?? 10;
    // Standard fonts encode WinAnsi only: anything else (a name in another script) is shown as "?".
    const safe = value.replace(/[^\x20-\x7E\u00A0-\u00FF–—]/g, '?');
    page.drawText(safe, { x: options.right ? x - f.widthOfTextAtSize(safe, size) : x, y, size, font: f });
  };
  const nextLine = (gap = 14) => {
    y -= gap;
    if (y < 60) {
      page = pdf.addPage([612, 792]);
      y = 740;
    }
  };
  text(`Invoice ${number}`, 50, { bold: true, size: 18 });
  nextLine(26);
  text(`Bill to: ${row.franchisee_name}`, 50);
  nextLine();
  text(`Period: ${row.period_start} to ${row.period_end}`, 50);
  nextLine();
  text(`Issued: ${row.issue_date}    Due: ${row.due_date}    Status: ${row.status}`, 50);
  nextLine(24);
  text('Description', 50, { bold: true });
  text('Sales', 470, { bold: true, right: true });
  text('Amount', 560, { bold: true, right: true });
  nextLine(6);
  page.drawLine({ start: { x: 50, y }, end: { x: 560, y }, thickness: 0.5, color: rgb(0.5, 0.5, 0.5) });
  nextLine(12);
  for (const line of lines) {
    const description = line.description.length > 80 ? `${line.description.slice(0, 79)}…` : line.description;
    text(description, 50, { size: 9 });
    if (line.sales_cents !== null) text(money(Number(line.sales_cents)), 470, { size: 9, right: true });
    text(money(Number(line.amount_cents)), 560, { size: 9, right: true });
    nextLine(13);
  }
  nextLine(6);
  const paid = Number(row.paid_cents);
  const total = Number(row.total_cents);
  for (const [label, cents] of [
    ['Royalty', Number(row.royalty_cents)],
    ['Marketing fund', Number(row.marketing_cents)],
    ['Fees', Number(row.fees_cents)],
    ['Total', total],
    ['Paid', paid],
    ['Balance due', total - paid],
  ] as const) {
    text(label, 400, { bold: label === 'Total' || label === 'Balance due' });
    text(money(cents), 560, { right: true, bold: label === 'Total' || label === 'Balance due' });
    nextLine();
  }
  if (row.missing || row.estimated) {
    nextLine(8);
    if (row.missing) {
      text('Some sales reports are missing: their royalty will be billed once they are in.', 50, { size: 9 });
      nextLine();
    }
    if (row.estimated) text('Lines marked (estimated) are estimated from earlier reports.', 50, { size: 9 });
  }
  return { bytes: Buffer.from(await pdf.save()), fileName: safeFileName(`${number}.pdf`, 'invoice.pdf') };
}

/**
 * E-mails the invoice to the franchisee's billing contact, its PDF attached (or, past the attachment limit,
 * a line saying where to download it), through the outbox in the same transaction.
 */
export async function sendInvoice(deps: Deps, actor: Actor, id: number): Promise<Invoice> {
  const row = await findInvoice(deps, actor, id);
  authorize(invoicePolicy.change(actor));
  if (row.status === 'void') throw new AppError('conflict', 'A void invoice cannot be sent.');
  const to = await repo.billingEmail(deps.db, actor.teamId, row.franchisee_id);
  if (!to)
    throw new AppError(
      'validation',
      'This franchisee has no billing e-mail: add a contact with a billing job title or a company e-mail.',
      { franchisee: ['This franchisee has no billing e-mail.'] },
    );
  const lines = await repo.invoiceLines(deps.db, actor.scope, id);
  const number = invoiceNumberLabel(Number(row.number));
  const pdf = await renderInvoicePdf(row, lines);
  const attach = pdf.bytes.length <= MAIL_ATTACHMENT_MAX_BYTES;
  const text = [
    `Invoice ${number} for ${row.franchisee_name}`,
    `Period: ${row.period_start} to ${row.period_end}`,
    `Issued: ${row.issue_date}   Due: ${row.due_date}`,
    '',
    ...lines.map((l) => `${l.description}: ${money(Number(l.amount_cents))}`),
    '',
    `Total: ${money(Number(row.total_cents))}`,
    `Paid: ${money(Number(row.paid_cents))}`,
    `Balance due: ${money(Number(row.total_cents) - Number(row.paid_cents))}`,
    ...(row.missing
      ? ['', 'Some sales reports are missing: their royalty will be billed once they are in.']
      : []),
    ...(row.estimated
      ? ['', 'Some lines are estimated from earlier reports because a report is missing.']
      : []),
    '',
    attach
      ? `The invoice is attached as ${pdf.fileName}.`
      : `The invoice PDF is too large to attach: reply to this e-mail to receive ${pdf.fileName}.`,
  ].join('\n');
  await writeTransaction(deps.db, async (trx) => {
    await enqueueMail(trx, {
      to,
      subject: `Invoice ${number}: ${money(Number(row.total_cents))} due ${row.due_date}`,
      text,
      attachments: attach
        ? [{ filename: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes.toString('base64') }]
        : undefined,
    });
    await repo.markEmailed(trx, actor.teamId, id, to, nowIso());
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'invoices',
      subjectId: id,
      action: 'sent',
      changes: { to, attached: attach },
      ip: actor.ip,
    });
    await bumpTeamWriteVersion(trx, actor.teamId);
  });
  deps.mail.kick();
  return getInvoice(deps, actor, id);
}

/** The invoice's lines as CSV, with its number and totals on every line for a spreadsheet. */
export async function invoiceCsv(deps: Deps, actor: Actor, id: number) {
  const row = await findInvoice(deps, actor, id);
  const lines = await repo.invoiceLines(deps.db, actor.scope, id);
  const number = invoiceNumberLabel(Number(row.number));
  async function* rows(): AsyncGenerator<Cell[]> {
    yield [
      'Invoice',
      'Franchisee',
      'Period start',
      'Period end',
      'Kind',
      'Description',
      'Sales',
      'Basis',
      'Amount',
    ];
    for (const l of lines)
      yield [
        number,
        row.franchisee_name,
        l.period_start === null ? String(row.period_start) : String(l.period_start),
        l.period_end === null ? String(row.period_end) : String(l.period_end),
        l.kind,
        l.description,
        l.sales_cents === null ? '' : Number(l.sales_cents) / 100,
        l.basis ?? '',
        Number(l.amount_cents) / 100,
      ];
    yield [
      number,
      row.franchisee_name,
      String(row.period_start),
      String(row.period_end),
      'total',
      'Total',
      '',
      '',
      Number(row.total_cents) / 100,
    ];
  }
  return { stream: csvStream(rows()), fileName: `${number}.csv` };
}
