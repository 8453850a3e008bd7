import { PassThrough, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

export const TABULAR_FORMATS = ['csv', 'xlsx'] as const;
export type TabularFormat = (typeof TABULAR_FORMATS)[number];
export type Cell = string | number | boolean | null | undefined;

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab/CR) as a formula: exported text
 * from users is prefixed with ' so a record named "=HYPERLINK(…)" stays text (OWASP "CSV injection").
 */
export function safeCell(value: Cell): Cell {
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows (the first is the header) as a CSV stream with a BOM, so Excel reads UTF-8 right. */
export function csvStream(rows: AsyncIterable<Cell[]>): Readable {
  async function* safe() {
    for await (const row of rows) yield row.map(safeCell);
  }
  return Readable.from(safe()).pipe(stringify({ bom: true }));
}

/**
 * Rows as an XLSX workbook written while they are read (exceljs' streaming writer commits each row), so a
 * 100,000-row export never holds the sheet in memory. Cells keep their type: numbers stay numbers.
 */
export function xlsxStream(rows: AsyncIterable<Cell[]>, sheetName = 'Export'): Readable {
  // No safeCell here: an XLSX cell is a formula only by its type, so "=…" text stays text as typed.
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  void (async () => {
    let header = true;
    for await (const row of rows) {
      const added = sheet.addRow(row.map((cell) => (cell === undefined ? null : cell)));
      if (header) {
        added.font = { bold: true };
        header = false;
      }
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

const CONTENT_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Sends rows as a download named `<name>-<today>.<format>`. */
export function sendTabular(reply: FastifyReply, format: TabularFormat, name: string, rows: AsyncIterable<Cell[]>) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}-${date}.${format}"`)
    .send(format === 'xlsx' ? xlsxStream(rows, name) : csvStream(rows));
}
