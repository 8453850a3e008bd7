import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
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
    // Nobody reads the file. In a thread of its own, nothing else keeps the event loop alive: the thread
    // ends exactly when the writer stops asking for rows and no zip work is pending, so its end is the
    // event that the rows stopped, with no waiting for quiet. A writer that ignored backpressure would make
    // all 1,000,000 rows first.
    const made = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `
      const { workerData } = require('node:worker_threads');
      // Node strips the types itself; relative imports name no extension.
      require('node:module').registerHooks({
        resolve(specifier, context, next) {
          try {
            return next(specifier, context);
          } catch (error) {
            if (specifier.startsWith('.')) return next(specifier + '.ts', context);
            throw error;
          }
        },
      });
      import(workerData.writer).then(({ xlsxStream }) => {
        async function* endless() {
          yield ['ID', 'Name', 'City'];
          for (let i = 0; i < 1_000_000; i += 1) {
            Atomics.add(workerData.made, 0, 1);
            yield [i, 'Store number ' + i + ' with a longer name', 'Springfield'];
          }
        }
        xlsxStream(endless());
      });
      `,
      {
        eval: true,
        workerData: { writer: new URL('./xlsx-writer.ts', import.meta.url).href, made },
        execArgv: ['--experimental-transform-types', '--no-warnings'],
      },
    );
    const [exitCode] = (await once(worker, 'exit')) as [number];
    expect(exitCode).toBe(0);
    // The zip's buffers hold ~25,000 of these rows (~2.5 MB of XML).
    expect(Atomics.load(made, 0)).toBeGreaterThan(0);
    expect(Atomics.load(made, 0)).toBeLessThan(60_000);
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
