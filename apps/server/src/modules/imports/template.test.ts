import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/context';
import { buildUser, signIn } from '../../../test/factories';

const ctx = useTestApp();

describe('import templates', () => {
  it('downloads an empty CSV per type headed by the field labels, required first, with the team’s own attributes', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const attribute = await client.post('/app/api/v1/attributes', {
      subject_type: 'stores',
      label: 'Seats',
      type: 'number',
    });
    expect(attribute.status).toBe(201);

    const csv = await client.get('/app/api/v1/imports/templates/stores');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /filename="stores-import-template-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = csv.raw.toString('utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(1);
    const headers = lines[0]!.replace(/^\uFEFF/, '').split(',');
    expect(headers[0]).toBe('Name');
    expect(headers).toEqual(expect.arrayContaining(['Brand', 'City', 'Seats']));

    const xlsx = await client.get('/app/api/v1/imports/templates/leases?format=xlsx');
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    // ExcelJS's types ask for an ArrayBuffer; it reads a Buffer as well.
    await book.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
    const row = book.worksheets[0]!.getRow(1).values as unknown[];
    expect(row).toEqual(expect.arrayContaining(['Store', 'Expiration date']));
    expect(book.worksheets[0]!.rowCount).toBe(1);
  });

  it('refuses an unknown type or format with a 422 naming the field, and strangers with a 401', async () => {
    const { user } = await buildUser(ctx);
    const client = await signIn(ctx, user.email);
    const type = await client.get('/app/api/v1/imports/templates/__proto__');
    expect(type.status).toBe(422);
    expect((type.body as { errors: object }).errors).toHaveProperty('type');
    const format = await client.get('/app/api/v1/imports/templates/stores?format=pdf');
    expect(format.status).toBe(422);
    expect((format.body as { errors: object }).errors).toHaveProperty('format');
    expect((await ctx.client().get('/app/api/v1/imports/templates/stores')).status).toBe(401);
  });
});
