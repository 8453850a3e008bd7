import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { AppError } from './errors';
import { xlsxStream } from './xlsx-writer';
import { safeCell, type Cell } from './cells';
import { inTurns } from './turns';

export { Fixed, type Cell } from './cells';

export const TABULAR_FORMATS = ['csv', 'xlsx'] as const;
export type TabularFormat = (typeof TABULAR_FORMATS)[number];

/**
 * Rows (the first is the header) as a CSV stream with a BOM, so Excel reads UTF-8 right. Every CSV the
 * server sends is made here, each cell through `safeCell` (formula-like text is escaped), in turns with the
 * other requests (platform/turns.ts).
 */
export function csvStream(rows: AsyncIterable<Cell[]>): Readable {
  // Rows are written CSV_BATCH at a time by the library's synchronous writer: its stream form costs a
  // transform step per row, which made half the time of a 500,000-line journal export.
  async function* text() {
    let batch: ReturnType<typeof safeCell>[][] = [];
    let bom = true;
    for await (const row of inTurns(rows)) {
      batch.push(row.map(safeCell));
      if (batch.length < CSV_BATCH) continue;
      yield stringify(batch, { bom });
      bom = false;
      batch = [];
    }
    if (batch.length || bom) yield stringify(batch, { bom });
  }
  // A failing read (a database error mid-export) destroys this stream, which ends the download with an error.
  return Readable.from(text());
}

/** Rows turned into CSV text at once: enough to amortize the call, few enough to keep the stream flowing. */
const CSV_BATCH = 200;

const CONTENT_TYPES: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends rows as a download named `<name>-<today>.<format>`. The header row and the first data row are read
 * before the response starts, so a list that rejects its query (a bad filter or sort) answers with its 422 instead of failing inside a download already under way (found by the
 * fuzzer: the error escaped the stream and the request never ended).
 */
export async function sendTabular(reply: FastifyReply, { format, name, rows }: TabularFile) {
  const iterator = rows[Symbol.asyncIterator]();
  const head: Cell[][] = [];
  for (let i = 0; i < 2; i += 1) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
  }
  async function* all(): AsyncGenerator<Cell[]> {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}-${date}.${format}"`)
    .send(format === 'xlsx' ? xlsxStream(all(), name) : csvStream(all()));
}

/** A download a service builds and its route sends: rows (the first is the header) named `<name>-<today>.<format>`. */
export type TabularFile = { format: TabularFormat; name: string; rows: AsyncIterable<Cell[]> };

export type Column<T> = [header: string, value: (row: T) => Cell];

/**
 * Rows (header first) of the records whose ids arrive in batches (`idBatches`: a list's filters and search, in
 * id order), each batch loaded and presented as the list presents it, then cut into the export's columns.
 */
export async function* rowsOfBatches<T>(
  batches: AsyncIterable<number[]>,
  load: (ids: number[]) => Promise<T[]>,
  columns: Array<Column<T>>,
): AsyncGenerator<Cell[]> {
  yield columns.map(([header]) => header);
  // One batch is read ahead while the one before is written: on PostgreSQL the next batch's queries then run
  // on the database while this process formats the rows, instead of each waiting for the other.
  const iterator = batches[Symbol.asyncIterator]();
  const readNext = async () => {
    const next = await iterator.next();
    return next.done ? null : load(next.value);
  };
  let pending = readNext();
  try {
    for (;;) {
      const rows = await pending;
      if (!rows) return;
      pending = readNext();
      for (const row of rows) yield columns.map(([, value]) => value(row) ?? '');
    }
  } finally {
    // A download stopped half way (the client went away) still settles the read ahead, and its failure is
    // not an unhandled rejection: nobody is left to tell.
    await pending.catch(() => null);
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
