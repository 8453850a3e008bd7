// Reads an uploaded CSV or XLSX import file in a worker thread (parse.ts starts it), so a large or crafted
// file never blocks the server's event loop and its memory is capped by the thread's heap limit.
// Plain JavaScript on purpose: worker threads load this file without the TypeScript loader.
//
// workerData: { bytes, format, sheet, mode, limits, batchCells }. Messages sent: `header` { sheets, sheet,
// headers }; in mode `rows` then `rows` batches { numbers, offsets, cells } (each waits for credit: the
// parent posts 'more' per batch it took); `done` { rows } at the end (modes `rows` and `scan`); or
// `error` { message, user, tooLarge } at any point. Mode `header` stops after the header.
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { LimitError, checkZip, yieldToEventLoop } from '../../platform/worker-limits.mjs';

yieldToEventLoop();

const CHUNK_CHARS = 64 * 1024;
const DELIMITERS = [',', ';', '\t', '|'];
/** Batches posted ahead of what the parent has taken: enough to keep both threads busy, bounded memory. */
const CREDIT = 2;

/** UTF-8 (a BOM is dropped) unless the bytes are not valid UTF-8: then Windows-1252, what Excel on Windows writes. */
function decodeText(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Node's TextDecoder reads 'windows-1252' as Latin-1 (0x93 is not “), so a real code page table decodes it.
    return iconv.decode(bytes, 'win1252');
  }
}

/** The delimiter that splits the header line into the most cells (quoted text not counted). */
function detectDelimiter(text) {
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
function nameHeaders(raw) {
  const seen = new Set();
  return raw.map((header, index) => {
    let name = header.trim() || `Column ${index + 1}`;
    for (let n = 2; seen.has(name.toLowerCase()); n += 1)
      name = `${header.trim() || `Column ${index + 1}`} (${n})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** Column letters as a spreadsheet shows them (1 → A, 2000 → BXX). */
function columnName(number) {
  let name = '';
  for (let n = number; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell as the text a user typed: formulas give their result, dates their ISO day, rich text its plain text. */
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result);
    if ('richText' in value) return value.richText.map((part) => part.text ?? '').join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** The CSV's records as [rowNumber, cells], empty lines included (they keep the row numbers a spreadsheet shows). */
async function* csvRecords(bytes) {
  const text = decodeText(bytes);
  const chunks = (function* () {
    for (let at = 0; at < text.length; at += CHUNK_CHARS) yield text.slice(at, at + CHUNK_CHARS);
  })();
  const parser = parse({
    delimiter: detectDelimiter(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
  });
  let index = 0;
  try {
    for await (const cells of Readable.from(chunks).pipe(parser)) {
      index += 1;
      yield [index, cells];
    }
  } catch (error) {
    if (error instanceof LimitError) throw error;
    throw new LimitError(
      `The file could not be read as CSV near line ${index + 1}: ${error?.message ?? error}`,
    );
  }
}

const WORKSHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/**
 * The ZIP's bytes with its worksheets after every other part. ExcelJS's streaming reader reads the entries in
 * file order and writes a worksheet that comes before the shared strings (as Excel's own files have it) to a
 * temporary file to read it later; with the parts in this order each sheet is read as it streams by. Each
 * entry's bytes (local header, data, descriptor) are moved whole; the reader does not use the central directory.
 */
function sheetsLast(bytes, { entries, directory }) {
  const starts = [...new Set(entries.map((entry) => entry.local))].sort((a, b) => a - b);
  const ends = new Map(starts.map((start, i) => [start, starts[i + 1] ?? directory]));
  const parts = [
    ...entries.filter((entry) => !WORKSHEET.test(entry.name)),
    ...entries.filter((entry) => WORKSHEET.test(entry.name)),
  ];
  const seen = new Set();
  const ranges = [];
  for (const { local } of parts) {
    if (seen.has(local)) continue;
    seen.add(local);
    ranges.push(bytes.subarray(local, ends.get(local)));
  }
  ranges.push(bytes.subarray(directory));
  return ranges;
}

/**
 * The chosen sheet's rows as [rowNumber, cells]: ExcelJS's streaming reader gives the rows and cells the file
 * holds, so a lone cell far from A1 costs one row, not the rectangle up to it, and the `dimension` the sheet
 * declares is never used. Shared strings are kept here, counted and measured as they arrive.
 */
async function* xlsxRecords(bytes, wanted, limits, info) {
  const parts = sheetsLast(bytes, await checkZip(bytes, limits, 'XLSX'));
  // Loaded here: a CSV import does not pay for starting ExcelJS in its thread.
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(parts), {
    sharedStrings: 'emit',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const strings = [];
  // Set before parsing, so no worksheet waits in a temporary file for parts that might follow it (sheetsLast
  // puts every other part first, and the real relationships replace the empty list when they are read).
  reader.sharedStrings = strings;
  reader.workbookRels = [];
  let stringChars = 0;
  let target = wanted;
  try {
    for await (const item of reader.parse()) {
      if (item.eventType === undefined && 'index' in item) {
        // Emitted (not cached by ExcelJS) so a file of millions of strings stops at the limit, not at the heap's.
        const text = cellText(item.text);
        stringChars += text.length;
        if (strings.length >= limits.maxSharedStrings)
          throw new LimitError(
            `The workbook has more than ${limits.maxSharedStrings.toLocaleString('en-US')} different texts.`,
          );
        if (stringChars > limits.maxSharedStringChars)
          throw new LimitError(
            `The workbook's texts are longer than ${Math.round(limits.maxSharedStringChars / 1024 / 1024)} MB together.`,
          );
        strings.push(text);
        continue;
      }
      if (item.eventType !== 'worksheet') continue;
      const worksheet = item.value;
      info.sheets = (reader.model?.sheets ?? []).map((sheet) => sheet.name);
      target ??= info.sheets[0] ?? worksheet.name;
      if (worksheet.name !== target) continue;
      info.sheet = worksheet.name;
      for await (const row of worksheet) {
        const cells = [];
        // eachCell visits the cells the row holds, never the empty columns before them.
        row.eachCell((cell, column) => {
          const text = cellText(cell.value).trim();
          if (text) cells.push([column, text]);
        });
        yield [row.number, cells];
      }
      return;
    }
  } catch (error) {
    if (error instanceof LimitError) throw error;
    throw new LimitError('The file is not a readable XLSX workbook.');
  }
  throw new LimitError(
    wanted ? `The workbook has no sheet named “${wanted}”.` : 'The workbook has no sheets.',
  );
}

/** Dense cells from [column, text] pairs (XLSX) or a CSV record, refusing a value beyond the column limit. */
function denseCells(row, sparse, limits) {
  let width = 0;
  if (sparse) {
    for (const [column] of row) width = Math.max(width, column);
  } else {
    width = row.length;
    while (width > 0 && row[width - 1].trim() === '') width -= 1;
  }
  if (width > limits.maxColumns)
    throw new LimitError(
      `The sheet has a value in column ${columnName(width)} (column ${width.toLocaleString('en-US')}); at most ${limits.maxColumns} columns can be imported.`,
    );
  if (!sparse) return row.length === width ? row : row.slice(0, width);
  const cells = Array.from({ length: width }, () => '');
  for (const [column, text] of row) cells[column - 1] = text;
  return cells;
}

const isBlankRow = (cells) => cells.every((cell) => cell.trim() === '');

let credit = CREDIT;
let wake = null;
parentPort.on('message', (message) => {
  if (message !== 'more') return;
  credit += 1;
  wake?.();
  wake = null;
});

async function post(batch) {
  while (credit <= 0) await new Promise((resolve) => (wake = resolve));
  credit -= 1;
  const numbers = Float64Array.from(batch.numbers);
  const offsets = Uint32Array.from(batch.offsets);
  parentPort.postMessage({ type: 'rows', numbers, offsets, cells: batch.cells }, [
    numbers.buffer,
    offsets.buffer,
  ]);
}

async function read({ bytes, format, sheet, mode, limits, batchCells }) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const info = { sheets: [], sheet: null };
  const records = format === 'xlsx' ? xlsxRecords(buffer, sheet || null, limits, info) : csvRecords(buffer);
  const sparse = format === 'xlsx';
  let headers = null;
  let rows = 0;
  let cellCount = 0;
  let batch = { numbers: [], offsets: [], cells: [] };
  for await (const [rowNumber, raw] of records) {
    const cells = denseCells(raw, sparse, limits);
    if (isBlankRow(cells)) continue;
    if (!headers) {
      headers = nameHeaders(cells);
      parentPort.postMessage({ type: 'header', sheets: info.sheets, sheet: info.sheet, headers });
      if (mode === 'header') return;
      continue;
    }
    rows += 1;
    cellCount += cells.length;
    if (rows > limits.maxRows)
      throw new LimitError(`A file may hold at most ${limits.maxRows.toLocaleString('en-US')} rows.`);
    if (cellCount > limits.maxCells)
      throw new LimitError(`The file has more than ${limits.maxCells.toLocaleString('en-US')} cells.`);
    if (mode !== 'rows') continue;
    batch.numbers.push(rowNumber);
    batch.offsets.push(batch.cells.length);
    for (const cell of cells) batch.cells.push(cell);
    if (batch.cells.length >= batchCells) {
      await post(batch);
      batch = { numbers: [], offsets: [], cells: [] };
    }
  }
  if (!headers) {
    if (format === 'csv')
      throw new LimitError('The file is empty: it needs a header row and at least one row of data.');
    parentPort.postMessage({ type: 'header', sheets: info.sheets, sheet: info.sheet, headers: [] });
    if (mode === 'header') return;
  }
  if (batch.numbers.length) await post(batch);
  parentPort.postMessage({ type: 'done', rows });
}

read(workerData).then(
  () => parentPort.close(),
  (error) => {
    const user = error instanceof LimitError;
    parentPort.postMessage({
      type: 'error',
      message: user ? error.message : 'The file could not be read.',
      user,
      tooLarge: user && error.tooLarge,
      detail: String(error?.stack ?? error),
    });
    parentPort.close();
  },
);
