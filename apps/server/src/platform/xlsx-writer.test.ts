import { setTimeout as sleep } from 'node:timers/promises';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { xlsxStream } from './xlsx-writer';

async function* rowsOf(rows: Array<Array<string | number | boolean | null>>) {
  for (const row of rows) yield row;
}

describe('xlsxStream', () => {
  it('writes a workbook Excel readers open: frozen bold header, numbers, booleans, ISO days as dates, text kept as typed', async () => {
    const file = await buffer(
      xlsxStream(
        rowsOf([
          ['ID', 'Name', 'Opening date', 'Open', 'Notes'],
          [1, '=HYPERLINK("http://evil")', '2026-03-01', true, ' a < b & "c" \u0007'],
          [2.5, 'Plain', '2026-02-30', false, '1899-12-31'],
          [3, '', null, null, 'x\uD800y'],
        ]),
        'stores: [all]',
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('stores   all');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'ID',
      'Name',
      'Opening date',
      'Open',
      'Notes',
    ]);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first).toEqual([
      1,
      '=HYPERLINK("http://evil")',
      new Date(Date.UTC(2026, 2, 1)),
      true,
      ' a < b & "c" ',
    ]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd');
    // Not real days (or before Excel's 1900 leap-year bug) stay text.
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      2.5,
      'Plain',
      '2026-02-30',
      false,
      '1899-12-31',
    ]);
    expect(sheet.getRow(4).getCell(2).value).toBeNull();
    expect(sheet.getRow(4).getCell(5).value).toBe('xy');

    // Formula-like text is a string cell with the quote prefix, so editing it in Excel keeps it text.
    const xml = await (await JSZip.loadAsync(file)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toContain(
      '<c r="B2" s="2" t="inlineStr"><is><t>=HYPERLINK(&quot;http://evil&quot;)</t></is></c>',
    );
    expect(xml).not.toContain('<f>');
  });

  it('reads rows only as fast as the file is read (memory stays flat for any size)', async () => {
    let made = 0;
    async function* endless() {
      yield ['ID', 'Name', 'City'];
      for (let i = 0; i < 1_000_000; i += 1) {
        made += 1;
        yield [i, `Store number ${i} with a longer name`, 'Springfield'];
      }
    }
    const stream = xlsxStream(endless());
    // Nobody reads: rows stop once the zip's buffers are full (~25,000 of these, ~2.5 MB of XML). Waits
    // until no row was made for 200 ms (a loaded machine fills the buffers slower), at most 10 s.
    for (let last = -1, waited = 0; (made !== last || made === 0) && waited < 10_000; waited += 200) {
      last = made;
      await sleep(200);
    }
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThan(60_000);
    stream.destroy();
  });

  it('ends the download with an error when reading the rows fails', async () => {
    async function* failing() {
      yield ['ID'];
      yield [1];
      throw new Error('database gone');
    }
    await expect(buffer(xlsxStream(failing()))).rejects.toThrow('database gone');
  });
});
