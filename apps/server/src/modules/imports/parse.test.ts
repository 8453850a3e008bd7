import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { openTable, type SheetRow } from './parse';
import { SHEET_END, sheetStart, xlsxFile } from '../../../test/hostile-files';
import { toIsoDate } from './prepare';
import { IMPORT_FIELDS, suggestMapping } from './fields';

async function rowsOf(bytes: Buffer, format: 'csv' | 'xlsx' = 'csv', sheet?: string) {
  const table = await openTable(bytes, format, sheet);
  const rows: SheetRow[] = [];
  for await (const row of table.rows()) rows.push(row);
  return { headers: table.headers, rows: rows.map((r) => [r.rowNumber, ...r.cells]) };
}

describe('reading CSV files', () => {
  it('keeps quoted delimiters, doubled quotes and embedded newlines inside one cell', async () => {
    const csv = 'Name,Note\r\n"Smith, Jones","He said ""hi""\nthen left"\r\nPlain,x\r\n';
    expect(await rowsOf(Buffer.from(csv))).toEqual({
      headers: ['Name', 'Note'],
      rows: [
        [2, 'Smith, Jones', 'He said "hi"\nthen left'],
        [3, 'Plain', 'x'],
      ],
    });
  });

  it('drops a UTF-8 BOM, finds semicolons and tabs, and skips empty lines keeping spreadsheet row numbers', async () => {
    const csv = '\uFEFFStore;City\n\n1;Köln\n;\n2;Zürich\n';
    expect(await rowsOf(Buffer.from(csv))).toEqual({
      headers: ['Store', 'City'],
      rows: [
        [3, '1', 'Köln'],
        [5, '2', 'Zürich'],
      ],
    });
    expect((await rowsOf(Buffer.from('a\tb\tc\n1\t2\t3'))).rows).toEqual([[2, '1', '2', '3']]);
    expect((await rowsOf(Buffer.from('"a;b",c,d\n1,2,3'))).headers).toEqual(['a;b', 'c', 'd']);
  });

  it('reads Windows-1252 text when the bytes are not UTF-8', async () => {
    const bytes = Buffer.concat([
      Buffer.from('Name\n'),
      Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x4f, 0x6e, 0x65, 0x94]),
    ]);
    expect((await rowsOf(bytes)).rows).toEqual([[2, 'Café “One”']]);
  });

  it('names blank and repeated headers so every column can be mapped, and tolerates short rows', async () => {
    expect(await rowsOf(Buffer.from('Name,,Name\nA\n'))).toEqual({
      headers: ['Name', 'Column 2', 'Name (2)'],
      rows: [[2, 'A']],
    });
  });

  it('refuses a file without a header', async () => {
    await expect(openTable(Buffer.from('\n \n'), 'csv')).rejects.toThrow(/empty/);
  });
});

describe('reading XLSX workbooks', () => {
  it('gives formula results, rich text, dates as ISO days, and reads the chosen sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('First').addRow(['x']);
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(['Name', 'Total', 'Opened']);
    sheet.addRow([
      { richText: [{ text: 'Big ' }, { text: 'Store', font: { bold: true } }] },
      { formula: 'A1*2', result: 42 },
      new Date(Date.UTC(2020, 1, 29)),
    ]);
    sheet.addRow([]);
    sheet.addRow(['=cmd|calc', 'text', 44000]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await rowsOf(bytes, 'xlsx', 'Data')).toEqual({
      headers: ['Name', 'Total', 'Opened'],
      rows: [
        [2, 'Big Store', '42', '2020-02-29'],
        [4, '=cmd|calc', 'text', '44000'],
      ],
    });
    await expect(openTable(bytes, 'xlsx', 'Nope')).rejects.toThrow(/no sheet named/);
  });

  it('reads a workbook laid out as Excel writes it: the sheet before the shared strings', async () => {
    const sheet = `${sheetStart()}<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>7</v></c></row>${SHEET_END}`;
    const strings =
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>Name</t></si><si><r><t>Cou</t></r><r><t>nt</t></r></si><si><t>Kiosk</t></si></sst>';
    expect(await rowsOf(xlsxFile(sheet, strings), 'xlsx')).toEqual({
      headers: ['Name', 'Count'],
      rows: [[2, 'Kiosk', '7']],
    });
  });
});

describe('values as people type them', () => {
  it('turns Excel day serials and common date spellings into ISO days', () => {
    expect(toIsoDate('44000')).toBe('2020-06-18');
    expect(toIsoDate('1')).toBe('1899-12-31');
    expect(toIsoDate('3/15/2021')).toBe('2021-03-15');
    expect(toIsoDate('15.03.2021')).toBe('2021-03-15');
    expect(toIsoDate('Mar 5, 2021')).toBe('2021-03-05');
    expect(toIsoDate('2021-03-15T10:00:00Z')).toBe('2021-03-15');
    expect(toIsoDate('soon')).toBe('soon');
  });

  it('matches headers by field name first, then by synonym', () => {
    expect(suggestMapping(IMPORT_FIELDS.stores, ['Zip', 'Store Number', 'Store', 'State'], null)).toEqual({
      store_number: 'Store Number',
      name: 'Store',
      region: 'State',
      postal_code: 'Zip',
    });
    expect(suggestMapping(IMPORT_FIELDS.stores, ['Location', 'Store'], { name: 'Location' })).toEqual({
      name: 'Location',
    });
  });
});
