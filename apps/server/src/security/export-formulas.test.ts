import { buffer, text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/context';
import type { TestClient } from '../../test/client';
import { createVia, teamWithRoles, uploadDocument, uploadImport } from '../../test/factories';
import { csvStream, Fixed, type Cell } from '../platform/tabular';
import { xlsxStream } from '../platform/xlsx-writer';

const ctx = useTestApp();

/** Names a spreadsheet program would run as formulas if an export wrote them raw. */
const HOSTILE = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'];
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCells(text: string): string[] {
  return (parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]).flat();
}

/** No cell starts like a formula, and the hostile names that survive input trimming are there, escaped. */
function expectInertCsv(text: string, where: string, expected: string[] = ['=1+1', '+1', '-1', '@SUM(A1)']) {
  const cells = csvCells(text);
  expect(
    cells.filter((cell) => FORMULA_START.test(cell)),
    where,
  ).toEqual([]);
  for (const name of expected) expect(cells, `${where}: ${JSON.stringify(name)}`).toContain(`'${name}`);
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Every formula-like text cell below the header has the quote-prefix style, and no cell is a formula. */
async function expectInertXlsx(file: Buffer, where: string) {
  const xml = await (await JSZip.loadAsync(file)).file('xl/worksheets/sheet1.xml')!.async('string');
  expect(xml, where).not.toContain('<f>');
  const cells = [...xml.matchAll(/<c r="[A-Z]+(\d+)"([^>]*)>(.*?)<\/c>/g)].map(
    ([, row, attributes, body]) => ({
      row: Number(row),
      attributes: attributes!,
      text: (/<t[^>]*>(.*)<\/t>/.exec(body!)?.[1] ?? '').replace(
        /&(amp|lt|gt|quot);/g,
        (entity) => XML_ENTITIES[entity]!,
      ),
    }),
  );
  const formulaLike = cells.filter((cell) => cell.row > 1 && FORMULA_START.test(cell.text));
  expect(formulaLike.map((cell) => cell.text).sort(), where).toEqual(
    expect.arrayContaining(['+1', '-1', '=1+1', '@SUM(A1)']),
  );
  expect(
    formulaLike.filter(
      (cell) => !cell.attributes.includes('s="2"') || !cell.attributes.includes('t="inlineStr"'),
    ),
    where,
  ).toEqual([]);
}

async function hostileTeam(admin: TestClient) {
  for (const [i, name] of HOSTILE.entries()) {
    const company = await createVia(admin, 'companies', { name, kind: 'franchisee' });
    const brand = await createVia(admin, 'brands', { name });
    const store = await createVia(admin, 'stores', { name, brand_id: brand.id, company_id: company.id });
    await createVia(admin, 'contacts', { first_name: name, last_name: name, title: name });
    expect(
      (
        await admin.post('/app/api/v1/leases', {
          store_id: store.id,
          reference: name,
          status: 'active',
          commencement_date: '2025-01-01',
          expiration_date: '2030-12-31',
          percentage_rent_breakpoint: 100,
          percentage_rent_rate: 5,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await admin.post('/app/api/v1/agreements', {
          brand_id: brand.id,
          store_ids: [store.id],
          agreement_number: name,
          status: 'open',
          royalty_percent: 5,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await admin.post('/app/api/v1/sales/batch', {
          rows: [{ store_id: store.id, period: 'month', period_start: '2026-03-01', gross: 1000 + i }],
        })
      ).status,
    ).toBe(200);
    await uploadDocument(admin, {
      name: `${name.replace('\r', '')}.txt`,
      content: `file ${i}`,
      fields: { title: name, description: name },
    });
  }
}

describe('exports over hostile names', () => {
  it('escapes formula-like text in every CSV and XLSX export: lists, sales reports, the team ZIP and the import error report', async () => {
    const { admin } = await teamWithRoles(ctx);
    await hostileTeam(admin);

    for (const type of [
      'stores',
      'brands',
      'companies',
      'contacts',
      'leases',
      'agreements',
      'documents',
      'sales',
    ]) {
      const csv = await admin.request('GET', `/app/api/v1/${type}/export?format=csv`);
      expect(csv.status, type).toBe(200);
      expectInertCsv(csv.raw.toString('utf8'), `${type}.csv`);
      const xlsx = await admin.request('GET', `/app/api/v1/${type}/export?format=xlsx`);
      expect(xlsx.status, type).toBe(200);
      await expectInertXlsx(xlsx.raw, `${type}.xlsx`);
    }

    for (const report of ['royalties', 'percentage-rent']) {
      const csv = await admin.request(
        'GET',
        `/app/api/v1/sales/reports/${report}.csv?from=2026-01-01&to=2026-12-31`,
      );
      expect(csv.status, report).toBe(200);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="${report}-2026-01-01-2026-12-31.csv"`,
      );
      expectInertCsv(csv.raw.toString('utf8'), `${report}.csv`);
    }
    // Amounts stay numbers with two decimals (5% of 1,000 → 50.00), in the month reported (other months'
    // missing reports would be estimated).
    expect(
      (await admin.get('/app/api/v1/sales/reports/royalties.csv?from=2026-03-01&to=2026-03-31')).body,
    ).toMatch(/,1000\.00,50\.00,0\.00,0\.00,50\.00\r?\n/);

    const zip = await JSZip.loadAsync((await admin.request('GET', '/app/api/v1/team-export')).raw);
    for (const table of ['stores', 'brands', 'companies', 'contacts', 'leases', 'documents']) {
      expectInertCsv(await zip.file(`${table}.csv`)!.async('string'), `team-export ${table}.csv`);
    }

    // The error report repeats the rejected values (trimmed, so a leading tab or CR is gone: see below).
    const file = ['Name,Brand', ...HOSTILE.map((name) => `"${name}","${name} brand"`)].join('\n');
    const uploaded = await uploadImport(admin, 'stores', { name: 'stores.csv', content: file });
    expect(uploaded.status).toBe(201);
    expect(
      (
        await admin.post(`/app/api/v1/imports/${uploaded.body.data.id}/run`, {
          mapping: uploaded.body.data.mapping,
        })
      ).status,
    ).toBe(202);
    await ctx.app.deps.jobs.drain();
    const report = await admin.request('GET', `/app/api/v1/imports/${uploaded.body.data.id}/errors`);
    expect(report.status).toBe(200);
    expectInertCsv(
      report.raw.toString('utf8'),
      'import errors',
      ['=1+1', '+1', '-1', '@SUM(A1)'].map((name) => `${name} brand`),
    );
  });

  it('escapes text starting with a tab or a carriage return (input trims them from names), and keeps numbers numeric', async () => {
    const rows = async function* (): AsyncGenerator<Cell[]> {
      yield ['Name', 'Amount', 'Total'];
      yield ['\tx', -12.5, new Fixed(-3)];
      yield ['\rx', '-12.5', 7];
    };
    const cells = csvCells(await text(csvStream(rows())));
    expect(cells).toEqual(['Name', 'Amount', 'Total', "'\tx", '-12.5', '-3.00', "'\rx", "'-12.5", '7']);
    const xml = await (
      await JSZip.loadAsync(await buffer(xlsxStream(rows())))
    )
      .file('xl/worksheets/sheet1.xml')!
      .async('string');
    expect(xml).toContain(
      '<c r="A2" s="2" t="inlineStr"><is><t xml:space="preserve">\tx</t></is></c><c r="B2"><v>-12.5</v></c><c r="C2"><v>-3</v></c>',
    );
    expect(xml).toContain('<c r="B3" s="2" t="inlineStr"><is><t>-12.5</t></is></c>');
  });
});
