import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { FakeSmtp } from '../../../test/fake-smtp';
import {
  buildAgreement,
  buildBrand,
  buildCompany,
  buildStore,
  buildUser,
  createVia,
  mailTo,
  postFile,
  signIn,
  teamWithRoles,
} from '../../../test/factories';
import type { TestClient } from '../../../test/client';
import { createMailSender } from '../../platform/mail';
import { deliverReminderNotices } from '../reminders/index';
import { syncReportReminders } from './reminders';

const ctx = useTestApp();
const api = '/app/api/v1';

/** A franchisee with two stores under one monthly agreement: 5% royalty, 2% marketing, $99 technology fee. */
async function franchise(client: TestClient, name = 'Moore Partners') {
  const operator = await buildCompany(client, { name, kind: 'franchisee', email: 'office@moore.test' });
  await createVia(client, 'contacts', {
    first_name: 'Bill',
    last_name: 'Payer',
    company_id: operator.id,
    job_title: 'Billing manager',
    email: `billing-${operator.id}@moore.test`,
  });
  const brand = await buildBrand(client, { name: `Sunrise ${name}` });
  const dallas = await buildStore(client, { name: 'Dallas', brand_id: brand.id, company_id: operator.id });
  const austin = await buildStore(client, { name: 'Austin', brand_id: brand.id, company_id: operator.id });
  const agreement = await buildAgreement(client, {
    brand_id: brand.id,
    franchisee_id: operator.id,
    store_ids: [dallas.id, austin.id],
    agreement_number: `FA-${operator.id}`,
    status: 'open',
    effective_date: '2025-01-01',
    royalty_percent: 5,
    royalty_minimum: 100,
    marketing_percent: 2,
    technology_fee: 99,
    reporting_frequency: 'monthly',
  });
  const rows = [
    { store_id: dallas.id, period_start: '2026-03-01', gross: 10000 },
    // Austin reported January and February only: March is missing, estimated from them.
    { store_id: austin.id, period_start: '2026-01-01', gross: 4000 },
    { store_id: austin.id, period_start: '2026-02-01', gross: 4000 },
  ];
  expect((await client.post(`${api}/sales/batch`, { rows })).status).toBe(200);
  return { operator, brand, dallas, austin, agreement };
}

async function invoiceMonth(client: TestClient, period: string, franchiseeIds?: number[]) {
  const response = await client.post(`${api}/invoices`, { period, franchisee_ids: franchiseeIds });
  expect(response.status).toBe(201);
  return response.body.data as { created: Array<Record<string, unknown> & { id: number }>; skipped: number };
}

describe('royalty invoices', () => {
  it('invoices a month per franchisee: royalty pooled over its stores, an estimate for the missing report, marketing and fees', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { operator, dallas, austin } = await franchise(admin);
    const { created, skipped } = await invoiceMonth(admin, '2026-03');
    expect(skipped).toBe(0);
    expect(created).toHaveLength(1);
    // $10,000 reported + $4,000 estimated: 5% = $700 (over the $100 minimum), 2% = $280, fee $99.
    expect(created[0]).toMatchObject({
      number: 'INV-000001',
      franchisee: { id: operator.id, name: 'Moore Partners' },
      period_start: '2026-03-01',
      period_end: '2026-03-31',
      status: 'open',
      royalty: 700,
      marketing: 280,
      fees: 99,
      total: 1079,
      paid: 0,
      balance: 1079,
      estimated: true,
      missing: false,
    });
    const detail = (await observer.get(`${api}/invoices/${created[0]!.id}`)).body.data;
    expect(
      detail.lines.map((l: { kind: string; basis: string | null; amount: number }) => [
        l.kind,
        l.basis,
        l.amount,
      ]),
    ).toEqual([
      ['royalty', 'estimated', 700],
      ['marketing', 'estimated', 280],
      ['technology', null, 99],
    ]);
    expect(detail.abilities).toEqual({ send: false, void: false, pay: false });
    // The royalty report reads the missing report by the same rule: the same royalty, marked estimated.
    const report = await observer.get(`${api}/sales/reports/royalties?from=2026-03-01&to=2026-03-31`);
    expect(report.body.data).toMatchObject([
      {
        basis: 'estimated',
        estimated_reports: 1,
        missing_reports: 0,
        sales: 14000,
        royalty: 700,
        marketing: 280,
      },
    ]);

    // Invoicing the month again adds nothing; the list shows the one invoice.
    expect(await invoiceMonth(admin, '2026-03')).toMatchObject({ created: [], skipped: 1 });
    const list = await observer.get(`${api}/invoices?filters[period]=2026-03`);
    expect(list.body.meta.total).toBe(1);

    // The compliance list: Dallas reported March, Austin's March report is missing (due April 10).
    const expected = await observer.get(`${api}/reporting/expected?from=2026-03-01&to=2026-03-31`);
    expect(expected.status).toBe(200);
    expect(
      expected.body.data.map((r: { store: { id: number }; status: string; due_date: string }) => [
        r.store.id,
        r.status,
        r.due_date,
      ]),
    ).toEqual([
      [austin.id, 'missing', '2026-04-10'],
      [dallas.id, 'received', '2026-04-10'],
    ]);
    expect(
      (await observer.get(`${api}/reporting/expected?from=2026-03-01&to=2026-03-31&status=missing`)).body
        .data,
    ).toHaveLength(1);
    expect((await observer.get(`${api}/reporting/expected?from=2026-03-01&to=2026-02-01`)).status).toBe(422);
  });

  it('expects no report and bills nothing for a period before the agreement began', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const operator = await buildCompany(admin, { name: 'Late Start LLC', kind: 'franchisee' });
    const brand = await buildBrand(admin, { name: 'Late Start Grill' });
    const store = await buildStore(admin, {
      name: 'Opening Soon',
      brand_id: brand.id,
      company_id: operator.id,
    });
    await buildAgreement(admin, {
      brand_id: brand.id,
      franchisee_id: operator.id,
      store_ids: [store.id],
      status: 'open',
      effective_date: '2026-01-20',
      opening_date: '2026-02-15',
      royalty_percent: 5,
      reporting_frequency: 'monthly',
    });
    // The term starts at the opening (February 15): February is its first month, November to January owe nothing.
    const expected = await observer.get(`${api}/reporting/expected?from=2025-11-01&to=2026-04-30`);
    expect(
      expected.body.data
        .filter((r: { store: { id: number } }) => r.store.id === store.id)
        .map((r: { period_start: string }) => r.period_start)
        .sort(),
    ).toEqual(['2026-02-01', '2026-03-01', '2026-04-01']);
    expect(await invoiceMonth(admin, '2026-01', [operator.id])).toMatchObject({ created: [] });
  });

  it('says a report is missing instead of billing zero when there is nothing to estimate from', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { operator, brand, dallas, austin } = await franchise(admin);
    // January: only Austin reported; Dallas has no earlier figures. Pooled tiers need every store's sales, so
    // the pooled royalty waits for Dallas's report instead of billing its sales as zero.
    const pooled = (await invoiceMonth(admin, '2026-01', [operator.id])).created[0]!;
    expect(pooled).toMatchObject({ missing: true, estimated: false, royalty: 0, marketing: 0, fees: 99 });
    const pooledLines = (await admin.get(`${api}/invoices/${pooled.id}`)).body.data.lines;
    expect(pooledLines[0]).toMatchObject({ kind: 'royalty', basis: 'missing', sales: null, amount: 0 });
    expect(pooledLines[0].description).toMatch(/sales report missing/);

    // Per store, Austin's reported $4,000 is billed ($200) and only Dallas's line waits.
    await admin.put(`${api}/invoicing/settings/brands/${brand.id}`, { pooling: 'per_store' });
    await admin.post(`${api}/invoices/${pooled.id}/void`);
    const perStore = (await invoiceMonth(admin, '2026-01', [operator.id])).created[0]!;
    expect(perStore).toMatchObject({ missing: true, royalty: 200 });
    const lines = (await admin.get(`${api}/invoices/${perStore.id}`)).body.data.lines;
    expect(
      lines
        .filter((l: { kind: string }) => l.kind === 'royalty')
        .map((l: { store_id: number; basis: string; amount: number }) => [l.store_id, l.basis, l.amount]),
    ).toEqual([
      [dallas.id, 'missing', 0],
      [austin.id, 'reported', 200],
    ]);
  });

  it('follows the brand’s rules: a cap, per-store tiers, other fees; voiding frees the month and keeps the number', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { brand, operator } = await franchise(admin);
    const first = (await invoiceMonth(admin, '2026-03')).created[0]!;
    expect(
      (await admin.put(`${api}/invoicing/settings/brands/${brand.id}`, { cap: -1 })).body.errors,
    ).toEqual({
      cap: ['The cap must be at least 0.'],
    });
    const rules = await admin.put(`${api}/invoicing/settings/brands/${brand.id}`, {
      cap: 300,
      pooling: 'per_store',
      other_fees: [{ label: 'POS support', amount: 25 }],
    });
    expect(rules.status).toBe(200);
    expect(rules.body.data).toMatchObject({
      brand: { id: brand.id },
      cap: 300,
      pooling: 'per_store',
      tier_basis: 'period',
    });
    expect((await admin.post(`${api}/invoices/${first.id}/void`)).body.data.status).toBe('void');
    const second = (await invoiceMonth(admin, '2026-03', [operator.id])).created[0]!;
    // Per store: Dallas $500 capped at $300, Austin $200; marketing untouched by the cap; fees $99 + $25.
    expect(second).toMatchObject({
      number: 'INV-000002',
      royalty: 500,
      marketing: 280,
      fees: 124,
      total: 904,
    });
    const settings = (await admin.get(`${api}/invoicing/settings`)).body.data;
    expect(settings.map((s: { brand: { id: number } | null }) => s.brand?.id ?? null)).toEqual([
      null,
      brand.id,
    ]);
    expect((await admin.post(`${api}/invoices/${first.id}/void`)).status).toBe(409);
  });

  it('numbers a racing burst of invoicings without gaps or duplicates, and a raced month only once', async () => {
    const { admin } = await teamWithRoles(ctx);
    const operators = [];
    for (let i = 0; i < 6; i += 1) operators.push((await franchise(admin, `Operator ${i}`)).operator);
    const answers = await Promise.all(
      operators.map((o) => admin.post(`${api}/invoices`, { period: '2026-03', franchisee_ids: [o.id] })),
    );
    expect(answers.map((a) => a.status)).toEqual(operators.map(() => 201));
    const numbers = answers.map((a) => a.body.data.created[0].number as string).sort();
    expect(numbers).toEqual([
      'INV-000001',
      'INV-000002',
      'INV-000003',
      'INV-000004',
      'INV-000005',
      'INV-000006',
    ]);
    const again = await Promise.all(
      [0, 1, 2].map(() => admin.post(`${api}/invoices`, { period: '2026-04' })),
    );
    expect(again.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(again.reduce((sum, a) => sum + a.body.data.created.length, 0)).toBe(6);
    const all = (await admin.get(`${api}/invoices?per_page=100&sort=number&direction=asc`)).body.data;
    expect(all.map((i: { number: string }) => i.number)).toEqual(
      Array.from({ length: 12 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`),
    );
  });

  it('gives the invoice as a PDF and CSV, and e-mails it to the billing contact', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { operator } = await franchise(admin);
    const invoice = (await invoiceMonth(admin, '2026-03')).created[0]!;
    const pdf = await observer.get(`${api}/invoices/${invoice.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    const document = await PDFDocument.load(pdf.raw);
    expect(document.getTitle()).toBe('Invoice INV-000001');
    const csv = await observer.get(`${api}/invoices/${invoice.id}/csv`);
    expect(csv.body).toContain('Invoice,Franchisee,Period start');
    expect(csv.body).toContain('INV-000001,Moore Partners,2026-03-01,2026-03-31,total,Total,,,1079');

    expect((await observer.post(`${api}/invoices/${invoice.id}/send`)).status).toBe(403);
    await ctx.app.deps.mail.stop();
    const smtp = await new FakeSmtp().up();
    try {
      const sent = await admin.post(`${api}/invoices/${invoice.id}/send`);
      expect(sent.status).toBe(200);
      const to = `billing-${operator.id}@moore.test`;
      expect(sent.body.data).toMatchObject({ emailed_to: to });
      const sender = createMailSender({
        db: ctx.db,
        smtpUrl: smtp.url,
        from: 'billing@franchisor.test',
        mailDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mail-')),
        log: ctx.app.log,
      });
      expect(await sender.deliverDue()).toBeGreaterThanOrEqual(1);
      const [mail] = smtp.to(to);
      expect(mail?.data).toContain('Invoice INV-000001');
      expect(mail?.data).toContain('Balance due: $1,079.00');
      // The PDF rides along as an attachment named after the invoice number.
      const attachment =
        /Content-Disposition: attachment; filename=INV-000001\.pdf\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
          mail?.data ?? '',
        );
      expect(mail?.data).toContain('Content-Type: application/pdf; name=INV-000001.pdf');
      const attached = await PDFDocument.load(Buffer.from(attachment![1]!.replace(/\s/g, ''), 'base64'));
      expect(attached.getTitle()).toBe('Invoice INV-000001');
      await sender.stop();
    } finally {
      await smtp.down();
    }
  });
});

describe('payments, statements and aging', () => {
  it('allocates a payment by hand and a bank import to the invoices, and ages what is left', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const { operator } = await franchise(admin);
    const march = (await invoiceMonth(admin, '2026-03')).created[0]!;
    const april = (await invoiceMonth(admin, '2026-04')).created[0]!;
    expect(
      (
        await observer.post(`${api}/payments`, {
          franchisee_id: operator.id,
          received_on: '2026-05-01',
          amount: 1,
        })
      ).status,
    ).toBe(403);
    const bad = await admin.post(`${api}/payments`, {
      franchisee_id: operator.id,
      received_on: '2026-05-01',
      amount: 100,
      allocations: [{ invoice_id: march.id, amount: 5000 }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'allocations.0.amount': ['The allocated amount is more than the balance of the invoice.'],
    });

    // $1,000 by hand, oldest invoice first: March's $1,079 is left $79.
    const manual = await admin.post(`${api}/payments`, {
      franchisee_id: operator.id,
      received_on: '2026-05-01',
      amount: 1000,
      reference: 'Cheque 1001',
    });
    expect(manual.status).toBe(201);
    expect(manual.body.data).toMatchObject({
      allocated: 1000,
      unallocated: 0,
      allocations: [{ invoice_id: march.id, number: 'INV-000001', amount: 1000 }],
    });

    const csv = [
      'Date,Description,Amount',
      '05/20/2026,ACH MOORE PARTNERS INV-000002,500.00',
      '2026-05-21,Wire INV000001 rest,79',
      '2026-05-22,Unknown deposit,50',
      '2026-05-23,INV-000099,10',
      '2026-05-24,Refund INV-000001,-20',
    ].join('\n');
    const bankFile = (content: string, name = 'statement.csv') => ({ name, content, type: 'text/csv' });
    // First a preview: the matched lines with their invoices, nothing written.
    const preview = await postFile(admin, `${api}/payments/import`, bankFile(csv));
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ preview: true, imported: 0, duplicates: 0 });
    expect(
      preview.body.data.matched.map((m: { line: number; amount: number; invoice: { number: string } }) => [
        m.line,
        m.amount,
        m.invoice.number,
      ]),
    ).toEqual([
      [2, 500, 'INV-000002'],
      [3, 79, 'INV-000001'],
    ]);
    expect((await observer.get(`${api}/invoices/${april.id}`)).body.data.paid).toBe(0);
    expect(
      (await postFile(observer, `${api}/payments/import`, bankFile(csv), { confirm: 'true' })).status,
    ).toBe(403);

    const imported = await postFile(admin, `${api}/payments/import`, bankFile(csv), { confirm: 'true' });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({
      preview: false,
      imported: 2,
      duplicates: 0,
      unmatched: [
        { line: 4, reason: 'The reference names no invoice number.' },
        { line: 5, reason: 'No invoice INV-000099 in this team.' },
        { line: 6, reason: 'Not a credit: the amount is not positive.' },
      ],
    });
    // The same statement again adds nothing; its preview already says so.
    expect((await postFile(admin, `${api}/payments/import`, bankFile(csv))).body.data).toMatchObject({
      duplicates: 2,
      matched: [{ duplicate: true }, { duplicate: true }],
    });
    expect(
      (await postFile(admin, `${api}/payments/import`, bankFile(csv), { confirm: 'true' })).body.data,
    ).toMatchObject({ imported: 0, duplicates: 2 });
    const refused = await postFile(admin, `${api}/payments/import`, bankFile('a,b\n1,2'), {
      confirm: 'true',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      file: ['The bank file needs a header row with date, amount and reference (or description) columns.'],
    });
    expect(
      (await postFile(admin, `${api}/payments/import`, bankFile(csv, 'statement.pdf'))).body.errors,
    ).toEqual({ file: ['The bank file must be a CSV file.'] });
    expect((await admin.post(`${api}/payments/import`, { csv })).status).toBe(422);

    const [paidMarch, openApril] = await Promise.all([
      observer.get(`${api}/invoices/${march.id}`),
      observer.get(`${api}/invoices/${april.id}`),
    ]);
    expect(paidMarch.body.data).toMatchObject({ status: 'paid', paid: 1079, balance: 0 });
    expect(openApril.body.data).toMatchObject({ status: 'open', paid: 500 });
    const aprilBalance = openApril.body.data.total - 500;

    // Due 30 days after issue (today); 45 days later the rest of April is in the 31–60 bucket.
    const due = openApril.body.data.due_date as string;
    const asOf = new Date(Date.parse(`${due}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10);
    const aging = await observer.get(`${api}/invoices/aging?as_of=${asOf}`);
    expect(aging.body.data.rows).toEqual([
      {
        franchisee: { id: operator.id, name: 'Moore Partners' },
        current: 0,
        days_1_30: 0,
        days_31_60: aprilBalance,
        days_61_90: 0,
        days_over_90: 0,
        total: aprilBalance,
      },
    ]);
    expect((await observer.get(`${api}/invoices/aging?as_of=${due}`)).body.data.total.current).toBe(
      aprilBalance,
    );
    expect((await observer.get(`${api}/invoices/aging?as_of=soon`)).status).toBe(422);

    const statement = await observer.get(
      `${api}/franchisees/${operator.id}/statement?from=2026-01-01&to=2099-12-31`,
    );
    expect(statement.status).toBe(200);
    expect(statement.body.data).toMatchObject({ opening_balance: 0, closing_balance: aprilBalance });
    expect(
      statement.body.data.entries.map((e: { type: string; debit: number; credit: number }) => [
        e.type,
        e.debit,
        e.credit,
      ]),
    ).toEqual([
      ['payment', 0, 1000],
      ['payment', 0, 500],
      ['payment', 0, 79],
      ['invoice', 1079, 0],
      ['invoice', openApril.body.data.total, 0],
    ]);

    const invoicesCsv = await observer.get(`${api}/invoices/export?kind=invoices`);
    expect(invoicesCsv.headers['content-type']).toContain('text/csv');
    expect(invoicesCsv.body).toContain('InvoiceNo,Customer,CustomerId,InvoiceDate');
    expect(invoicesCsv.body).toContain('INV-000001,Moore Partners');
    const paymentsCsv = await observer.get(`${api}/invoices/export?kind=payments`);
    expect(paymentsCsv.body).toContain('Cheque 1001');
    expect(paymentsCsv.body).toMatch(/INV-000002,500/);
    const xlsx = await observer.get(`${api}/invoices/export?kind=payments&format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');
    expect((await observer.get(`${api}/invoices/export?kind=leases`)).status).toBe(422);
    const payments = await observer.get(`${api}/payments?filters[franchisee_id]=${operator.id}`);
    expect(payments.body.meta.total).toBe(3);
  });
});

describe('billing reminders', () => {
  type ReminderRow = {
    id: number;
    title: string;
    due_date: string;
    read_at: string | null;
    closed_reason: string | null;
  };
  const remindersOf = async (client: TestClient, source: string, type: string, id: number) =>
    (
      await client.get(
        `${api}/reminders?per_page=100&filters[source]=${source}&filters[subject_type]=${type}&filters[subject_id]=${id}`,
      )
    ).body.data as ReminderRow[];

  it('reminds of a missing sales report at its due date, escalates it, and closes it once the report is in', async () => {
    const { admin, owner } = await teamWithRoles(ctx);
    const { agreement, austin } = await franchise(admin);
    // Ticks from several instances at once make each reminder once.
    await Promise.all([0, 1, 2].map(() => deliverReminderNotices(ctx.app.deps, '2026-04-05')));
    const march = (await remindersOf(admin, 'sales_report', 'agreement', agreement.id)).filter((r) =>
      r.title.includes('2026-03-01'),
    );
    // Dallas reported March; Austin's report is due on April 10.
    expect(march.map((r) => [r.title, r.due_date, r.read_at])).toEqual([
      ['Sales report of Austin for 2026-03-01 – 2026-03-31', '2026-04-10', null],
    ]);

    // The day after the due date the missing report is escalated to the admins and the owner, once.
    await Promise.all([0, 1].map(() => deliverReminderNotices(ctx.app.deps, '2026-04-11')));
    const overdue = (await mailTo(ctx, owner.email)).filter(
      (m) => /overdue/i.test(m.subject) && m.text.includes('Sales report of Austin for 2026-03-01'),
    );
    expect(overdue).toHaveLength(1);

    // The report comes in: the next tick closes the reminder, kept as history.
    await admin.post(`${api}/sales/batch`, {
      rows: [{ store_id: austin.id, period_start: '2026-03-01', gross: 4100 }],
    });
    await deliverReminderNotices(ctx.app.deps, '2026-04-12');
    const closed = (await remindersOf(admin, 'sales_report', 'agreement', agreement.id)).find(
      (r) => r.id === march[0]!.id,
    );
    expect(closed).toMatchObject({ closed_reason: 'received' });
    expect(closed!.read_at).not.toBeNull();
    // Saving the agreement leaves its report reminders alone.
    expect((await admin.patch(`${api}/agreements/${agreement.id}`, { royalty_percent: 6 })).status).toBe(200);
    expect((await remindersOf(admin, 'sales_report', 'agreement', agreement.id)).length).toBeGreaterThan(1);
  });

  it('makes every franchisee’s report reminders when it takes them a few at a time', async () => {
    const { admin, team } = await teamWithRoles(ctx);
    const moore = await franchise(admin);
    const kline = await franchise(admin, 'Kline Holdings');
    const third = await franchise(admin, 'Third Street');
    const titles = async () =>
      Promise.all(
        [moore, kline, third].map(async ({ agreement }) =>
          (await remindersOf(admin, 'sales_report', 'agreement', agreement.id))
            .map((r) => `${r.title} ${r.due_date}`)
            .sort(),
        ),
      );
    // One franchisee a pass, twice (the second pass over each changes nothing), then the report comes in.
    await syncReportReminders(ctx.app.deps.db, team.id, '2026-04-05', 1);
    await syncReportReminders(ctx.app.deps.db, team.id, '2026-04-05', 1);
    const [mooreDates, klineDates, thirdDates] = await titles();
    expect(mooreDates).toContain('Sales report of Austin for 2026-03-01 – 2026-03-31 2026-04-10');
    expect(klineDates).toEqual(mooreDates);
    expect(thirdDates).toEqual(mooreDates);
    await admin.post(`${api}/sales/batch`, {
      rows: [{ store_id: kline.austin.id, period_start: '2026-03-01', gross: 4100 }],
    });
    await syncReportReminders(ctx.app.deps.db, team.id, '2026-04-06', 2);
    const closed = (await remindersOf(admin, 'sales_report', 'agreement', kline.agreement.id)).filter(
      (r) => r.closed_reason === 'received',
    );
    expect(closed.map((r) => r.title)).toEqual(['Sales report of Austin for 2026-03-01 – 2026-03-31']);
    expect(
      (await remindersOf(admin, 'sales_report', 'agreement', third.agreement.id)).map((r) => r.closed_reason),
    ).not.toContain('received');
  });

  it('reminds of an unpaid invoice at its due date and closes the reminder when it is paid or voided', async () => {
    const { admin, owner } = await teamWithRoles(ctx);
    const { operator } = await franchise(admin);
    const march = (await invoiceMonth(admin, '2026-03')).created[0]!;
    const april = (await invoiceMonth(admin, '2026-04')).created[0]!;
    const due = march.due_date as string;
    const dayAfter = new Date(Date.parse(`${due}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await Promise.all([0, 1].map(() => deliverReminderNotices(ctx.app.deps, dayAfter)));
    const open = await remindersOf(admin, 'invoice_payment', 'company', operator.id);
    expect(open.map((r) => [r.title, r.due_date, r.read_at]).sort()).toEqual([
      ['Payment of invoice INV-000001', due, null],
      ['Payment of invoice INV-000002', april.due_date, null],
    ]);
    const overdue = (await mailTo(ctx, owner.email)).filter(
      (m) => /overdue/i.test(m.subject) && m.text.includes('Payment of invoice INV-000001'),
    );
    expect(overdue).toHaveLength(1);

    // Paid in full (a part payment leaves it open), and voided: both close at once, in the same change.
    await admin.post(`${api}/payments`, {
      franchisee_id: operator.id,
      received_on: dayAfter,
      amount: 1000,
      allocations: [{ invoice_id: march.id, amount: 1000 }],
    });
    expect(
      (await remindersOf(admin, 'invoice_payment', 'company', operator.id)).map((r) => r.closed_reason),
    ).toEqual([null, null]);
    await admin.post(`${api}/payments`, {
      franchisee_id: operator.id,
      received_on: dayAfter,
      amount: 79,
      allocations: [{ invoice_id: march.id, amount: 79 }],
    });
    expect((await admin.post(`${api}/invoices/${april.id}/void`)).status).toBe(200);
    const settled = await remindersOf(admin, 'invoice_payment', 'company', operator.id);
    expect(settled.map((r) => [r.title, r.closed_reason]).sort()).toEqual([
      ['Payment of invoice INV-000001', 'paid'],
      ['Payment of invoice INV-000002', 'voided'],
    ]);
    // A later tick neither reopens nor repeats them.
    await deliverReminderNotices(ctx.app.deps, dayAfter);
    expect(await remindersOf(admin, 'invoice_payment', 'company', operator.id)).toHaveLength(2);
  });

  it('keeps each team’s reminders to itself', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { agreement, operator } = await franchise(admin);
    await invoiceMonth(admin, '2026-03');
    await deliverReminderNotices(ctx.app.deps, '2026-04-05');
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect(await remindersOf(stranger, 'sales_report', 'agreement', agreement.id)).toEqual([]);
    expect(await remindersOf(stranger, 'invoice_payment', 'company', operator.id)).toEqual([]);
    expect((await remindersOf(admin, 'invoice_payment', 'company', operator.id)).length).toBe(1);
  });
});

describe('locked sales periods', () => {
  it('refuses changes to figures of a locked period with a 409 until it is unlocked', async () => {
    const { admin, manager, observer } = await teamWithRoles(ctx);
    const { operator, dallas } = await franchise(admin);
    const body = { franchisee_id: operator.id, from: '2026-03-01', to: '2026-03-31' };
    expect((await observer.post(`${api}/reporting/lock`, body)).status).toBe(403);
    // Only Dallas reported March: one period is locked.
    expect((await admin.post(`${api}/reporting/lock`, body)).body.data).toEqual({ locked: 1 });
    expect((await admin.post(`${api}/reporting/lock`, body)).body.data).toEqual({ locked: 0 });
    const sale = (
      await admin.get(
        `${api}/sales?filters[store_id]=${dallas.id}&filters[from]=2026-03-01&filters[to]=2026-03-01`,
      )
    ).body.data[0];
    const refused = await manager.patch(`${api}/sales/${sale.id}`, { gross: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The sales period 2026-03-01 to 2026-03-31 of this store is locked: its figures cannot be changed. Ask the franchisor to unlock it.',
    );
    expect((await manager.delete(`${api}/sales/${sale.id}`)).status).toBe(409);
    expect(
      (
        await manager.post(`${api}/sales/batch`, {
          rows: [{ store_id: dallas.id, period: 'week', period_start: '2026-03-02', gross: 5 }],
        })
      ).status,
    ).toBe(409);
    const expected = (await observer.get(`${api}/reporting/expected?from=2026-03-01&to=2026-03-31`)).body
      .data;
    expect(expected.find((r: { store: { id: number } }) => r.store.id === dallas.id).locked).toBe(true);
    expect((await admin.post(`${api}/reporting/unlock`, body)).body.data).toEqual({ locked: 1 });
    expect((await manager.patch(`${api}/sales/${sale.id}`, { gross: 1 })).status).toBe(200);
  });
});

/**
 * Year-to-date tiers by calendar or agreement year. One store under an agreement effective 1 July 2025 reports
 * $20,000 every month from July 2025 to July 2026; the tiers are 4% up to $110,000 of the tier year's sales
 * and 6% above. Computed by hand:
 *
 * - Calendar year (the tiers reset on 1 January): January 2026 starts the year at $0, so $20,000 × 4% = $800.
 *   By June, January–May have sold $100,000: June's $20,000 crosses $110,000, so $10,000 × 4% + $10,000 × 6%
 *   = $1,000. July follows $120,000 of the year, all at 6%: $1,200.
 * - Agreement year (the tiers reset on 1 July): the year from 1 July 2025 crossed $110,000 in December
 *   ($100,000 by November; December $1,000), so January 2026 follows $120,000: $1,200, and June follows
 *   $220,000: $1,200. July 2026 starts the new agreement year at $0: $800.
 * - The royalty report over January–June 2026 is the growth of the year-to-date royalty: calendar, $120,000 of
 *   sales → $110,000 × 4% + $10,000 × 6% = $5,000; agreement, from $120,000 ($5,000) to $240,000 ($4,400 +
 *   $130,000 × 6% = $12,200) = $7,200; per period, 6 × $800 = $4,800.
 */
describe('year-to-date tiers by calendar or agreement year', () => {
  async function ytdFranchise(client: TestClient, name: string) {
    const operator = await buildCompany(client, { name, kind: 'franchisee' });
    const brand = await buildBrand(client, { name: `Brand ${name}` });
    const store = await buildStore(client, {
      name: `${name} store`,
      brand_id: brand.id,
      company_id: operator.id,
    });
    await buildAgreement(client, {
      brand_id: brand.id,
      franchisee_id: operator.id,
      store_ids: [store.id],
      agreement_number: `YTD-${operator.id}`,
      status: 'open',
      effective_date: '2025-07-01',
      royalty_percent: 4,
      royalty_tiers: [{ from_sales: 110_000, percent: 6 }],
      reporting_frequency: 'monthly',
    });
    const rows = Array.from({ length: 13 }, (_, i) => ({
      store_id: store.id,
      period_start: `${2025 + Math.floor((6 + i) / 12)}-${String(((6 + i) % 12) + 1).padStart(2, '0')}-01`,
      gross: 20_000,
    }));
    expect((await client.post(`${api}/sales/batch`, { rows })).status).toBe(200);
    return { operator, brand };
  }

  it('resets the tiers on 1 January or on the agreement’s anniversary, in the invoices and the royalty report alike', async () => {
    const { admin, observer } = await teamWithRoles(ctx);
    const calendar = await ytdFranchise(admin, 'Calendar Co');
    const agreementYear = await ytdFranchise(admin, 'Anniversary Co');
    const perPeriod = await ytdFranchise(admin, 'Period Co');
    const put = (brandId: number, body: Record<string, unknown>) =>
      admin.put(`${api}/invoicing/settings/brands/${brandId}`, body);
    const byDefault = await put(calendar.brand.id, { tier_basis: 'year_to_date' });
    expect(byDefault.body.data).toMatchObject({ tier_basis: 'year_to_date', tier_year: 'calendar' });
    expect(
      (await put(agreementYear.brand.id, { tier_basis: 'year_to_date', tier_year: 'agreement' })).status,
    ).toBe(200);
    expect((await put(perPeriod.brand.id, { tier_year: 'fiscal' })).body.errors).toEqual({
      tier_year: ['The selected tier year is invalid.'],
    });

    const royalties = async (period: string) => {
      const { created } = await invoiceMonth(admin, period);
      const of = (operatorId: number) =>
        created.find((i) => (i.franchisee as { id: number }).id === operatorId)!;
      return [calendar, agreementYear, perPeriod].map(({ operator }) => of(operator.id).royalty);
    };
    expect(await royalties('2026-01')).toEqual([800, 1200, 800]);
    expect(await royalties('2026-06')).toEqual([1000, 1200, 800]);
    expect(await royalties('2026-07')).toEqual([1200, 800, 800]);

    // The invoice line says which year its tiers count.
    const june = (await admin.get(`${api}/invoices?filters[period]=2026-06`)).body.data as Array<{
      id: number;
      franchisee: { id: number };
    }>;
    const lineOf = async (operatorId: number) =>
      (await admin.get(`${api}/invoices/${june.find((i) => i.franchisee.id === operatorId)!.id}`)).body.data
        .lines[0].description as string;
    expect(await lineOf(agreementYear.operator.id)).toMatch(
      /tiers on sales since 2025-07-01, the agreement year/,
    );
    expect(await lineOf(calendar.operator.id)).toMatch(/tiers on sales since 2026-01-01, the calendar year/);
    expect(await lineOf(perPeriod.operator.id)).not.toMatch(/tiers on/);

    const report = (await observer.get(`${api}/sales/reports/royalties?from=2026-01-01&to=2026-06-30`)).body
      .data as Array<{ agreement: { franchisee: string }; royalty: number; tiers: unknown }>;
    const row = (name: string) => report.find((r) => r.agreement.franchisee === name)!;
    expect(row('Calendar Co')).toMatchObject({
      royalty: 5000,
      tiers: { basis: 'year_to_date', year: 'calendar', since: '2026-01-01' },
    });
    expect(row('Anniversary Co')).toMatchObject({
      royalty: 7200,
      tiers: { basis: 'year_to_date', year: 'agreement', since: '2025-07-01' },
    });
    expect(row('Period Co')).toMatchObject({
      royalty: 4800,
      tiers: { basis: 'period', year: 'calendar', since: null },
    });

    // Another team neither changes these settings nor sees the report's rows.
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect(
      (
        await stranger.put(`${api}/invoicing/settings/brands/${calendar.brand.id}`, {
          tier_year: 'agreement',
        })
      ).status,
    ).toBe(404);
    expect(
      (await stranger.get(`${api}/sales/reports/royalties?from=2026-01-01&to=2026-06-30`)).body.data,
    ).toEqual([]);
  });
});

describe('tenancy', () => {
  it('shows another team nothing: 404 on every record, its franchisees refused in bodies, lists empty', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { operator, brand } = await franchise(admin);
    const invoice = (await invoiceMonth(admin, '2026-03')).created[0]!;
    const payment = (
      await admin.post(`${api}/payments`, {
        franchisee_id: operator.id,
        received_on: '2026-05-01',
        amount: 10,
      })
    ).body.data;
    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    for (const url of [
      `${api}/invoices/${invoice.id}`,
      `${api}/invoices/${invoice.id}/pdf`,
      `${api}/invoices/${invoice.id}/csv`,
      `${api}/payments/${payment.id}`,
      `${api}/franchisees/${operator.id}/statement`,
    ])
      expect([url, (await stranger.get(url)).status]).toEqual([url, 404]);
    for (const action of ['send', 'void'])
      expect((await stranger.post(`${api}/invoices/${invoice.id}/${action}`)).status).toBe(404);
    expect((await stranger.put(`${api}/invoicing/settings/brands/${brand.id}`, {})).status).toBe(404);
    expect(
      (
        await stranger.post(`${api}/payments`, {
          franchisee_id: operator.id,
          received_on: '2026-05-01',
          amount: 10,
        })
      ).status,
    ).toBe(422);
    expect(
      (await stranger.post(`${api}/invoices`, { period: '2026-03', franchisee_ids: [operator.id] })).status,
    ).toBe(422);
    expect(
      (
        await stranger.post(`${api}/reporting/lock`, {
          franchisee_id: operator.id,
          from: '2026-03-01',
          to: '2026-03-31',
        })
      ).status,
    ).toBe(422);
    expect((await stranger.post(`${api}/invoices`, { period: '2026-03' })).body.data).toEqual({
      created: [],
      skipped: 0,
    });
    expect((await stranger.get(`${api}/invoices`)).body.meta.total).toBe(0);
    expect((await stranger.get(`${api}/payments`)).body.meta.total).toBe(0);
    expect((await stranger.get(`${api}/reporting/expected?from=2026-03-01&to=2026-03-31`)).body.data).toEqual(
      [],
    );
    expect(
      (
        await postFile(
          stranger,
          `${api}/payments/import`,
          { name: 'statement.csv', content: `Date,Reference,Amount\n2026-05-01,INV-000001,10` },
          { confirm: 'true' },
        )
      ).body.data,
    ).toMatchObject({
      imported: 0,
      matched: [],
      unmatched: [{ line: 2, reason: 'No invoice INV-000001 in this team.' }],
    });
    expect((await stranger.get(`${api}/invoices/aging`)).body.data.rows).toEqual([]);
  });
});
