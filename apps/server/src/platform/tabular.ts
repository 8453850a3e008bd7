import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { AppError } from './errors';
import { xlsxStream } from './xlsx-writer';
import { safeCell, type Cell } from './cells';
import { inTurns, nextTurn } from './turns';

export { Fixed, type Cell } from './cells';

export const TABULAR_FORMATS = ['csv', 'xlsx'] as const;
export type TabularFormat = (typeof TABULAR_FORMATS)[number];

/**
 * Rows (the first is the header) as a CSV stream with a BOM, so Excel reads UTF-8 right. Every CSV the
 * server sends is made here, each cell through `safeCell` (formula-like text is escaped), in turns with the
 * other requests (platform/turns.ts).
 */
export function csvStream(rows: AsyncIterable<Cell[]>): Readable {
  return csvStreamOfBatches(batchesOfRows(rows));
}

/** `csvStream` of rows that come in batches (the first row of the first is the header). */
export function csvStreamOfBatches(batches: RowBatches): Readable {
  // Rows are written CSV_BATCH at a time by the library's synchronous writer: its stream form costs a
  // transform step per row, which made half the time of a 500,000-line journal export.
  async function* text() {
    let bom = true;
    for await (const rows of inTurns(slices(batches, CSV_BATCH))) {
      yield stringify(rows.map(csvCells), { bom });
      bom = false;
    }
    if (bom) yield stringify([], { bom });
  }
  // A failing read (a database error mid-export) destroys this stream, which ends the download with an error.
  return Readable.from(text());
}

/**
 * A row's cells as the CSV writer takes them. Numbers are turned to text here, as the writer would: its own
 * conversion went through an options look-up per cell, a tenth of a 100,000-row export.
 */
const csvCells = (row: Cell[]) =>
  row.map((cell) => {
    const safe = safeCell(cell);
    return typeof safe === 'number' ? String(safe) : safe;
  });

/** Rows turned into CSV text at once: enough to amortize the call, few enough to keep the stream flowing. */
const CSV_BATCH = 200;

/** Rows of an export in batches, as a list's keyset pages give them: one step of the pipeline per batch, not per row. */
export type RowBatches = AsyncIterable<Cell[][]>;

/**
 * Rows made one by one, gathered CSV_BATCH at a time; the event loop gets its turns while they are made
 * (platform/turns.ts), as a batch of expensive rows would otherwise hold it.
 */
async function* batchesOfRows(rows: AsyncIterable<Cell[]>): AsyncGenerator<Cell[][]> {
  let batch: Cell[][] = [];
  for await (const row of inTurns(rows)) {
    batch.push(row);
    if (batch.length < CSV_BATCH) continue;
    yield batch;
    batch = [];
  }
  if (batch.length) yield batch;
}

/** Batches cut to at most `size` rows, so no one step holds the event loop for a whole batch. */
async function* slices(batches: RowBatches, size: number): AsyncGenerator<Cell[][]> {
  for await (const batch of batches)
    for (let at = 0; at < batch.length; at += size)
      yield at === 0 && batch.length <= size ? batch : batch.slice(at, at + size);
}

/** The rows of batches one by one (the XLSX writer's input). */
async function* rowsOf(batches: RowBatches): AsyncGenerator<Cell[]> {
  for await (const batch of batches) yield* batch;
}

const CONTENT_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends rows as a download named `<name>-<today>.<format>`. The batches up to the header row and a first data
 * row are read before the response starts, so a list that rejects its query (a bad filter or sort) answers with its 422 instead of failing inside a download already under way (found by the
 * fuzzer: the error escaped the stream and the request never ended).
 */
export async function sendTabular(reply: FastifyReply, file: TabularFile) {
  const iterator = ('batches' in file ? file.batches : batchesOfRows(file.rows))[Symbol.asyncIterator]();
  const head: Cell[][][] = [];
  for (let rows = 0; rows < 2;) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    rows += next.value.length;
  }
  async function* all(): AsyncGenerator<Cell[][]> {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CONTENT_TYPES[file.format])
    .header('content-disposition', `attachment; filename="${file.name}-${date}.${file.format}"`)
    .send(file.format === 'xlsx' ? xlsxStream(rowsOf(all()), file.name) : csvStreamOfBatches(all()));
}

/**
 * A download a service builds and its route sends, named `<name>-<today>.<format>`: its rows (the first is the
 * header) one by one, or in batches where they are read in batches.
 */
export type TabularFile = { format: TabularFormat; name: string } & (
  { rows: AsyncIterable<Cell[]> } | { batches: RowBatches }
);

export type Column<T> = [header: string, value: (row: T) => Cell];

/** Batches of an export read ahead of the one being written. */
const READ_AHEAD = 2;

/**
 * Rows (header first) of the records whose ids arrive in batches (`idBatches`: a list's filters and search, in
 * id order), each batch loaded and presented as the list presents it, then cut into the export's columns: a
 * batch of rows per batch of ids.
 */
export async function* recordBatches<T>(
  batches: AsyncIterable<number[]>,
  load: (ids: number[]) => Promise<T[]>,
  columns: Array<Column<T>>,
): AsyncGenerator<Cell[][]> {
  yield [columns.map(([header]) => header)];
  // Two batches are read ahead while the one before is written: on PostgreSQL their queries then run on the
  // database, on connections of their own, while this process formats the rows (one read ahead left this
  // process waiting a quarter of a 100,000-row export; two took it from 3.6 to 3.2 s).
  const iterator = batches[Symbol.asyncIterator]();
  // Each batch is read in a turn of the event loop of its own, one turn after the batch before it started: on
  // SQLite a read and its loading run to the end once started (resolved promises), so the first batch and the two
  // read ahead of it held the loop together (a 100,000-store export's first 0.3–0.5 s, the stores list's p99
  // beside it 490–530 ms). Reads started in the same turn would run in the same check phase.
  let previousStart: Promise<unknown> = Promise.resolve();
  const readNext = () => {
    const start = previousStart.then(() => nextTurn());
    previousStart = start;
    const read = start.then(() => iterator.next()).then((next) => (next.done ? null : load(next.value)));
    // A read that fails while the reader is slow to ask for its rows is not an unhandled rejection (which
    // ends the process): the failure is thrown when its turn comes.
    read.catch(() => null);
    return read;
  };
  const pending = Array.from({ length: READ_AHEAD }, readNext);
  try {
    for (;;) {
      const records = await pending.shift()!;
      if (!records) return;
      pending.push(readNext());
      yield records.map((record) => columns.map(([, value]) => value(record) ?? ''));
    }
  } finally {
    // A download stopped half way (the client went away) still settles the reads ahead: nobody is left to tell
    // of their failures.
    await Promise.allSettled(pending);
    await iterator.return?.();
  }
}

/** The `format` of an export query (csv when absent), or a 422. */
export function exportFormat(raw: Record<string, string | string[]>): {
  format: TabularFormat;
  query: Record<string, string | string[]>;
} {
  const { format = 'csv', ...query } = raw;
  if (!TABULAR_FORMATS.includes(format as TabularFormat))
    throw new AppError('validation', 'The selected format is invalid.', {
      format: ['The selected format is invalid.'],
    });
  return { format: format as TabularFormat, query };
}
