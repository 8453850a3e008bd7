import { Readable } from 'node:stream';
import { setImmediate as nextTick } from 'node:timers/promises';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';

export type ImportFormat = 'csv' | 'xlsx';

/** One data row: its number as the user sees it in the file (the header is row 1) and its cells. */
export type SheetRow = { rowNumber: number; cells: string[] };

export type Table = {
  sheets: string[];
  sheet: string | null;
  headers: string[];
  /** Data rows, yielding to the event loop as it goes so a large file never stalls other requests. */
  rows(): AsyncGenerator<SheetRow>;
};

export class UnreadableFile extends Error {}

const XLSX_MAGIC = Buffer.from('PK\x03\x04', 'binary');
const CHUNK_CHARS = 64 * 1024;
const ROWS_PER_TICK = 2_000;
const DELIMITERS = [',', ';', '\t', '|'];

export function detectFormat(fileName: string, head: Buffer): ImportFormat {
  if (head.subarray(0, 4).equals(XLSX_MAGIC) || /\.xlsx$/i.test(fileName)) return 'xlsx';
  return 'csv';
}

/** UTF-8 (a BOM is dropped) unless the bytes are not valid UTF-8: then Windows-1252, what Excel on Windows writes. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Node's TextDecoder reads 'windows-1252' as Latin-1 (0x93 is not “), so a real code page table decodes it.
    return iconv.decode(bytes, 'win1252');
  }
}

/** The delimiter that splits the header line into the most cells (quoted text not counted). */
export function detectDelimiter(text: string): string {
  let firstLine = '';
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    if (!quoted && (char === '\n' || char === '\r')) break;
    if (!quoted) firstLine += char;
  }
  let best = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = firstLine.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/** Blank or repeated headers get a name of their own so every column can be mapped. */
function nameHeaders(raw: string[]): string[] {
  const seen = new Set<string>();
  return raw.map((header, index) => {
    let name = header.trim() || `Column ${index + 1}`;
    for (let n = 2; seen.has(name.toLowerCase()); n += 1) name = `${header.trim() || `Column ${index + 1}`} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

const isBlankRow = (cells: string[]) => cells.every((cell) => cell.trim() === '');

function csvOptions(text: string) {
  // Empty lines stay records (and are skipped as blank rows) so row numbers match the rows a spreadsheet shows.
  return { delimiter: detectDelimiter(text), bom: true, relax_column_count: true, relax_quotes: true } as const;
}

function csvTable(text: string, headers: string[]): Table {
  return {
    sheets: [],
    sheet: null,
    headers,
    async *rows() {
      const chunks = (function* () {
        for (let at = 0; at < text.length; at += CHUNK_CHARS) yield text.slice(at, at + CHUNK_CHARS);
      })();
      let index = 0;
      let headerSeen = false;
      for await (const cells of Readable.from(chunks).pipe(parse(csvOptions(text))) as AsyncIterable<string[]>) {
        index += 1;
        if (isBlankRow(cells)) continue;
        if (!headerSeen) {
          headerSeen = true;
          continue;
        }
        if (index % ROWS_PER_TICK === 0) await nextTick();
        yield { rowNumber: index, cells };
      }
    },
  };
}

/** A cell as the text a user typed: formulas give their result, dates their ISO day, rich text its plain text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

async function xlsxTable(bytes: Buffer, wanted: string | null | undefined): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile('The file is not a readable XLSX workbook.');
  }
  const sheets = workbook.worksheets.map((sheet) => sheet.name);
  const worksheet = wanted ? workbook.getWorksheet(wanted) : workbook.worksheets[0];
  if (!worksheet) throw new UnreadableFile(wanted ? `The workbook has no sheet named “${wanted}”.` : 'The workbook has no sheets.');
  const width = worksheet.columnCount;
  const cellsOf = (row: ExcelJS.Row) => Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value).trim());
  let headerRow = 0;
  let headers: string[] = [];
  for (let r = 1; r <= worksheet.rowCount; r += 1) {
    const cells = cellsOf(worksheet.getRow(r));
    if (!isBlankRow(cells)) {
      headerRow = r;
      headers = nameHeaders(cells);
      break;
    }
  }
  return {
    sheets,
    sheet: worksheet.name,
    headers,
    async *rows() {
      if (!headerRow) return;
      for (let r = headerRow + 1; r <= worksheet.rowCount; r += 1) {
        const cells = cellsOf(worksheet.getRow(r));
        if (r % ROWS_PER_TICK === 0) await nextTick();
        if (!isBlankRow(cells)) yield { rowNumber: r, cells };
      }
    },
  };
}

/** Opens an uploaded CSV or XLSX file as a table of text cells with named headers. */
export async function openTable(bytes: Buffer, format: ImportFormat, sheet?: string | null): Promise<Table> {
  if (format === 'xlsx') return xlsxTable(bytes, sheet);
  const text = decodeText(bytes);
  const header = await firstRecord(text);
  if (!header) throw new UnreadableFile('The file is empty: it needs a header row and at least one row of data.');
  return csvTable(text, nameHeaders(header));
}

/** The header: the first record with any text (the parser reads only the start of the file for it). */
async function firstRecord(text: string): Promise<string[] | null> {
  const parser = parse({ ...csvOptions(text), to_line: 50 });
  const records = Readable.from([text.slice(0, 256 * 1024)]).pipe(parser) as AsyncIterable<string[]>;
  try {
    for await (const record of records) {
      if (!isBlankRow(record)) {
        parser.destroy();
        return record;
      }
    }
  } catch {
    return null;
  }
  return null;
}
