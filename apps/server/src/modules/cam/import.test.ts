import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  camImportPreviewSchema,
  camReconciliationSchema,
  type CamImportPreview,
  type CamReconciliation,
} from '@storekeep/contracts';
import { useTestApp } from '../../../test/context';
import type { TestClient } from '../../../test/client';
import {
  buildCompany,
  buildLease,
  buildMember,
  buildStore,
  buildUser,
  postFile,
  signIn,
  teamWithRoles,
  uploadDocument,
} from '../../../test/factories';

const ctx = useTestApp();

/** Lease years from 2023, CAM estimates of 2,000 a month (24,000 a year). */
async function camLease(client: TestClient) {
  const store = await buildStore(client, { name: 'Riverside' });
  const lease = await buildLease(client, {
    store_id: store.id,
    reference: 'L-CAM',
    status: 'active',
    commencement_date: '2023-01-01',
    expiration_date: '2030-12-31',
    charges: [{ kind: 'cam', monthly_amount: 2000, estimated: true }],
  });
  const url = `/app/api/v1/leases/${lease.id}/cam`;
  return {
    store,
    lease,
    url,
    preview: `${url}/statements/import/preview`,
    commit: `${url}/statements/import`,
  };
}

const STATEMENT = [
  'Category,Amount,Controllable,Lease year,Statement date',
  'Landscaping,"$4,200.00",yes,3,2026-04-15',
  'Snow & ice removal,1800.50,yes,3,2026-04-15',
  'Real estate taxes,"12,000",no,3,2026-04-15',
  'Insurance,(500.50),no,3,2026-04-15',
  'Management fee,2500,Y,3,2026-04-15',
].join('\n');

const csv = (content: string, name = 'statement.csv') => ({ name, content, type: 'text/csv' });

const statementOf = (leaseId: number, year: number) =>
  ctx.db
    .selectFrom('cam_statements')
    .selectAll()
    .where('lease_id', '=', leaseId)
    .where('lease_year', '=', year)
    .executeTakeFirst();

describe('CAM statement import', () => {
  it('previews a statement file row by row and saves nothing', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { lease, preview } = await camLease(admin);
    const response = await postFile(admin, preview, csv(STATEMENT));
    expect(response.status).toBe(200);
    const data = camImportPreviewSchema.parse((response.body as { data: CamImportPreview }).data);
    expect(data).toMatchObject({
      lease_year: 3,
      received_on: '2026-04-15',
      // 4,200 + 1,800.50 + 12,000 − 500.50 + 2,500 = 20,000; controllable 4,200 + 1,800.50 + 2,500.
      actual: 20000,
      controllable: 8500.5,
      estimates_paid: null,
      // 20,000 billable − 24,000 of estimates from the charges: the landlord refunds 4,000.
      variance: -4000,
      valid: true,
      errors: {},
    });
    expect(data.rows.map((r) => [r.row, r.category_key, r.amount, r.controllable])).toEqual([
      [2, 'landscaping', 4200, true],
      [3, 'snow_removal', 1800.5, true],
      [4, 'real_estate_taxes', 12000, false],
      [5, 'insurance', -500.5, false],
      [6, 'management_fee', 2500, true],
    ]);
    expect(await statementOf(lease.id, 3)).toBeUndefined();
  });

  it('names every wrong amount, unknown and repeated category and formula, and commits nothing while any is left', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { lease, preview, commit } = await camLease(admin);
    const file = csv(
      [
        'Category,Amount,Controllable',
        'Landscaping,12.345,yes',
        'Landscaping,100,no',
        'Flowers,100,no',
        "=cmd|' /C calc'!A0,100,no",
        'Security,=1+2,no',
        'Janitorial,ten,maybe',
        ',100,no',
      ].join('\n'),
    );
    const fields = { lease_year: '2', received_on: '2025-03-31' };
    const response = await postFile(admin, preview, file, fields);
    expect(response.status).toBe(200);
    const data = (response.body as { data: CamImportPreview }).data;
    expect(data.valid).toBe(false);
    expect(data.variance).toBeNull();
    const errors = Object.fromEntries(
      data.rows.map((r) => [r.row, r.errors.map((e) => `${e.column}: ${e.message}`)]),
    );
    expect(errors[2]).toEqual(['amount: The amount may have at most two decimals.']);
    expect(errors[3]).toEqual(['category: This category is already on row 2: one line per category.']);
    expect(errors[4]![0]).toMatch(
      /^category: Unknown category “Flowers”\. Use one of: Common area maintenance/,
    );
    expect(errors[5]![0]).toMatch(/^category: The category starts like a spreadsheet formula/);
    expect(errors[6]).toEqual(['amount: The amount must be a number, not a formula.']);
    expect(errors[7]).toEqual([
      'amount: The amount must be a number.',
      'controllable: Controllable must be yes or no.',
    ]);
    expect(errors[8]).toEqual(['category: The category is required.']);

    const refused = await postFile(admin, commit, file, fields);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: 'Row 2: The amount may have at most two decimals.',
      errors: {
        'rows.2.amount': ['Row 2: The amount may have at most two decimals.'],
        'rows.3.category': ['Row 3: This category is already on row 2: one line per category.'],
        'rows.7.controllable': ['Row 7: Controllable must be yes or no.'],
      },
    });
    expect(await statementOf(lease.id, 2)).toBeUndefined();
  });

  it('commits the statement with its lines in one go, links its document, and shows the variance', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { lease, url, commit, store } = await camLease(admin);
    await admin.put(url, { cap_percent: 5, audit_days: 90 });
    const document = await uploadDocument(admin, {
      to: { type: 'leases', id: lease.id },
      name: 'cam-2025.pdf',
      content: '%PDF-1.4 statement',
      type: 'application/pdf',
      fields: { title: 'CAM statement 2025' },
    });
    const response = await postFile(admin, commit, csv(STATEMENT), {
      document_id: String(document.id),
      estimates_paid: '21000',
    });
    expect(response.status).toBe(200);
    const data = camReconciliationSchema.parse((response.body as { data: CamReconciliation }).data);
    expect(data.years[2]).toMatchObject({
      lease_year: 3,
      estimates_paid: 21000,
      estimates_basis: 'entered',
      statement: {
        actual: 20000,
        controllable: 8500.5,
        received_on: '2026-04-15',
        document: { id: document.id, title: 'CAM statement 2025' },
      },
      billable: 20000,
      variance: -1000,
      audit_deadline: '2026-07-14',
    });
    expect(data.years[2]!.statement!.lines).toEqual([
      { category: 'landscaping', label: 'Landscaping', amount: 4200, controllable: true },
      { category: 'snow_removal', label: 'Snow removal', amount: 1800.5, controllable: true },
      { category: 'real_estate_taxes', label: 'Real estate taxes', amount: 12000, controllable: false },
      { category: 'insurance', label: 'Insurance', amount: -500.5, controllable: false },
      { category: 'management_fee', label: 'Management fee', amount: 2500, controllable: true },
    ]);
    expect(await statementOf(lease.id, 3)).toMatchObject({
      actual_cents: 2000000,
      controllable_cents: 850050,
    });
    const activity = await ctx.db
      .selectFrom('activities')
      .select('changes')
      .where('subject_type', '=', 'lease')
      .where('subject_id', '=', String(lease.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(String(activity.changes)).toContain('cam_statement_import');
    // Typing the year's totals in replaces the imported statement, lines and all.
    const typed = await admin.post<{ data: CamReconciliation }>(`${url}/statements`, {
      lease_year: 3,
      actual: 19000,
      received_on: '2026-04-20',
    });
    expect(typed.body.data.years[2]!.statement).toMatchObject({ actual: 19000, lines: [] });
    expect(store.id).toBeGreaterThan(0);
  });

  it('reads an XLSX statement, with the year and date from the form', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { commit } = await camLease(admin);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Statement');
    sheet.addRow(['Expense category', 'Actual amount', 'Controllable']);
    sheet.addRow(['Common area maintenance', 15000.25, 'Yes']);
    sheet.addRow(['Property taxes', { formula: '4000+999.75', result: 4999.75 }, 'No']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await postFile(
      admin,
      commit,
      { name: 'statement.xlsx', content: bytes },
      { lease_year: '1', received_on: '2024-03-01' },
    );
    expect(response.status).toBe(200);
    expect((response.body as { data: CamReconciliation }).data.years[0]).toMatchObject({
      statement: { actual: 20000, controllable: 15000.25 },
      variance: -4000,
    });
  });

  it('asks for the lease year and date when neither the file nor the form gives them, and a year that has begun', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { preview, commit } = await camLease(admin);
    const file = csv('Category,Amount\nLandscaping,100');
    const missing = await postFile(admin, preview, file);
    expect((missing.body as { data: CamImportPreview }).data).toMatchObject({
      valid: false,
      errors: {
        lease_year: ['The lease year is required: choose it, or give the file a Lease year column.'],
        received_on: ['The statement date is required: enter it, or give the file a Statement date column.'],
      },
    });
    const future = await postFile(admin, commit, file, { lease_year: '9', received_on: '2026-01-01' });
    expect(future.status).toBe(422);
    expect(future.body).toMatchObject({
      errors: { lease_year: ['The lease has lease years 1 to 4 so far.'] },
    });
    const disagree = await postFile(admin, commit, csv(STATEMENT), { lease_year: '2' });
    expect(disagree.status).toBe(422);
    expect(disagree.body).toMatchObject({
      errors: { lease_year: ['The file says lease year 3, the form 2: make them agree.'] },
    });
    const badField = await postFile(admin, commit, file, { lease_year: 'x', received_on: '2026-13-01' });
    expect(badField.status).toBe(422);
    expect(Object.keys((badField.body as { errors: object }).errors).sort()).toEqual([
      'lease_year',
      'received_on',
    ]);
  });

  it('answers hostile files with a 422, never a 500', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { preview } = await camLease(admin);
    const fields = { lease_year: '1', received_on: '2024-03-01' };
    const status = async (file: { name: string; content: string | Buffer }) => {
      const response = await postFile(admin, preview, { ...file, type: 'text/csv' }, fields);
      return [response.status, (response.body as { message?: string }).message];
    };
    // A prototype-named header is a column like any other: not recognised, so the file lacks its columns.
    expect(await status(csv('__proto__,constructor\n1,2'))).toEqual([
      422,
      'The file needs a header row with Category and Amount columns (the template has them).',
    ]);
    const proto = await postFile(admin, preview, csv('__proto__,Category,Amount\nx,Roof,10'), fields);
    expect(proto.status).toBe(200);
    expect((proto.body as { data: CamImportPreview }).data).toMatchObject({ valid: true, actual: 10 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(await status(csv('=cmd|calc,Amount\nRoof,1'))).toEqual([
      422,
      'The file needs a header row with Category columns (the template has them).',
    ]);
    expect(await status(csv('Category,Amount,Amount\nRoof,1,2'))).toEqual([
      422,
      'The file has two Amount columns: keep one.',
    ]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Category,Amount\nRoof,1', 'utf16le'),
    ]);
    expect(await status({ name: 'statement.csv', content: utf16 })).toEqual([
      422,
      'The file is UTF-16 text: save it as CSV UTF-8 (or Windows-1252) and try again.',
    ]);
    // Windows-1252 text (what Excel on Windows writes) is read, not refused.
    const cp1252 = Buffer.from('Category,Amount\nRoof,1\n', 'latin1');
    expect((await postFile(admin, preview, { name: 's.csv', content: cp1252 }, fields)).status).toBe(200);
    const huge = `Category,Amount\n${'Roof,1\n'.repeat(200_000)}`;
    expect(await status(csv(huge))).toEqual([422, 'A statement file may not be larger than 1 MB.']);
    const many = `Category,Amount\n${'Roof,1\n'.repeat(501)}`;
    expect(await status(csv(many))).toEqual([422, 'A statement may have at most 500 lines.']);
    expect(await status({ name: 'statement.pdf', content: '%PDF-1.4' })).toEqual([
      422,
      'The file must be a CSV or XLSX file.',
    ]);
    expect(
      await status({ name: 'statement.xlsx', content: Buffer.from('PK\x03\x04broken', 'binary') }),
    ).toEqual([422, expect.any(String)]);
    expect(await status(csv('Category,Amount\n'))).toEqual([
      422,
      'The file has no statement lines below its header.',
    ]);
    expect((await admin.post(preview, { file: 'not multipart' })).status).toBe(422);
  });

  it('gives a template with the columns the import reads', async () => {
    const { admin } = await teamWithRoles(ctx);
    const { url } = await camLease(admin);
    const response = await admin.get(`${url}/statements/template`);
    expect(response.status).toBe(200);
    expect(String(response.body).trim()).toBe('Category,Amount,Controllable,Lease year,Statement date');
    const xlsx = await admin.get(`${url}/statements/template?format=xlsx`);
    expect(xlsx.status).toBe(200);
  });

  it('lets managers import, refuses observers and franchisees, and answers another team 404', async () => {
    const { admin, manager, observer, team } = await teamWithRoles(ctx);
    const { lease, url, preview, commit } = await camLease(admin);
    const fields = { lease_year: '1', received_on: '2024-03-01' };
    const file = csv('Category,Amount\nRoof,100');
    expect((await postFile(manager, preview, file, fields)).status).toBe(200);
    expect((await postFile(observer, preview, file, fields)).status).toBe(403);
    expect((await postFile(observer, commit, file, fields)).status).toBe(403);
    expect(await statementOf(lease.id, 1)).toBeUndefined();

    const stranger = await signIn(ctx, (await buildUser(ctx)).user.email);
    expect((await postFile(stranger, preview, file, fields)).status).toBe(404);
    expect((await postFile(stranger, commit, file, fields)).status).toBe(404);
    expect((await stranger.get(`${url}/statements/template`)).status).toBe(404);

    // A member limited to a franchisee company (not this lease's operator) reaches no CAM route at all.
    const company = await buildCompany(admin, { name: 'North Franchise LLC', kind: 'franchisee' });
    const member = await buildMember(ctx, team.id, 'manager');
    await admin.patch(`/app/api/v1/teams/${team.id}/members/${member.id}`, {
      role: 'manager',
      company_ids: [company.id],
    });
    const franchisee = await signIn(ctx, member.email);
    expect((await postFile(franchisee, preview, file, fields)).status).toBe(403);
    expect((await postFile(franchisee, commit, file, fields)).status).toBe(403);
    expect((await franchisee.get(`${url}/statements/template`)).status).toBe(403);
    expect((await franchisee.get(url)).status).toBe(403);
    expect(await statementOf(lease.id, 1)).toBeUndefined();

    expect((await postFile(manager, commit, file, fields)).status).toBe(200);
    expect(await statementOf(lease.id, 1)).toMatchObject({ actual_cents: 10000 });
  });
});
