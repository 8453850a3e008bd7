import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_ROWS } from '@storekeep/contracts';

export type ImportFormat = 'csv' | 'xlsx';

/** One data row: its number as the user sees it in the file (the header is row 1) and its cells. */
export type SheetRow = { rowNumber: number; cells: string[] };

export type Table = {
  sheets: string[];
  sheet: string | null;
  headers: string[];
  /** Data rows, read in a worker thread and handed over in batches, so a large file never stalls other requests. */
  rows(): AsyncGenerator<SheetRow>;
};

/** A file people must fix or replace; `tooLarge` when it is over a size limit (413), else it is unreadable (422). */
export class UnreadableFile extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/**
 * What reading one import file may cost. The 100,000-store file of the benchmark stays far inside each; a
 * crafted one (a lone cell at XFD1048576, a ZIP bomb posing as XLSX, millions of shared strings) stops at one
 * with a message naming it. The file is read in a worker thread with its own heap cap, so running out of
 * memory ends that thread, not the process, and the event loop keeps answering meanwhile.
 */
export const IMPORT_PARSE_LIMITS = {
  /** Data rows (blank rows are not counted). */
  maxRows: IMPORT_MAX_ROWS,
  /** The last column holding a value, in any row. */
  maxColumns: 200,
  /** Cells of all data rows together, up to each row's last value. */
  maxCells: 4_000_000,
  /** Different texts of an XLSX (its shared strings), and their length together. */
  maxSharedStrings: 1_000_000,
  maxSharedStringChars: 64 * 1024 * 1024,
  /** Parts of an XLSX (a ZIP), and bytes they unpack to together, counted by inflating with a hard cap. */
  maxEntries: 5_000,
  maxUnpackedBytes: 256 * 1024 * 1024,
  /** The worker's V8 heap: a file that needs more stops with "too much memory" (413). */
  maxHeapMb: 512,
  /** Files read at once in this process; more wait their turn, so uploads together stay within readers × heap. */
  maxReaders: 3,
  /** How long the reader may take to find the header, check the whole file, or hand over the next batch. */
  timeoutSeconds: 60,
};

/** Cells per batch handed from the worker to the event loop: few messages for a large file, small ones each. */
const BATCH_CELLS = 20_000;
const XLSX_MAGIC = Buffer.from('PK\x03\x04', 'binary');

export function detectFormat(fileName: string, head: Buffer): ImportFormat {
  if (head.subarray(0, 4).equals(XLSX_MAGIC) || /\.xlsx$/i.test(fileName)) return 'xlsx';
  return 'csv';
}

type Header = { type: 'header'; sheets: string[]; sheet: string | null; headers: string[] };
type Batch = { type: 'rows'; numbers: Float64Array; offsets: Uint32Array; cells: string[] };
type Message =
  | Header
  | Batch
  | { type: 'done'; rows: number }
  | { type: 'error'; message: string; user: boolean; tooLarge: boolean; detail: string };
type Mode = 'header' | 'scan' | 'rows';

/** Readings running, and those waiting for one to close (first come, first served). */
const readers = { running: 0, waiting: [] as Array<() => void> };

/** A closed reading hands its place to the next one waiting, or frees it. */
function releaseReader() {
  const next = readers.waiting.shift();
  if (next) next();
  else readers.running -= 1;
}

/**
 * One reading of the file by parse-worker.mjs: its messages in order, each awaited with the time limit (a
 * consumer that takes its time is not counted: the worker waits for it). Failures arrive as UnreadableFile.
 */
class Reading {
  private readonly worker: Worker;
  private readonly queue: Message[] = [];
  private failure: UnreadableFile | null = null;
  private waiter: (() => void) | null = null;
  private closed = false;

  /** Starts a reading once fewer than `maxReaders` run; it must be closed, which lets the next one start. */
  static async open(bytes: Buffer, format: ImportFormat, sheet: string | null, mode: Mode): Promise<Reading> {
    if (readers.running < IMPORT_PARSE_LIMITS.maxReaders) readers.running += 1;
    else await new Promise<void>((resolve) => readers.waiting.push(resolve));
    try {
      return new Reading(bytes, format, sheet, mode);
    } catch (error) {
      releaseReader();
      throw error;
    }
  }

  private constructor(bytes: Buffer, format: ImportFormat, sheet: string | null, mode: Mode) {
    const { maxHeapMb, timeoutSeconds: _timeout, maxReaders: _readers, ...limits } = IMPORT_PARSE_LIMITS;
    this.worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
      workerData: { bytes, format, sheet, mode, limits, batchCells: BATCH_CELLS },
      // Plain JavaScript: the worker need not start the TypeScript loader the server may run under.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
    });
    this.worker.on('message', (message: Message) => {
      this.queue.push(message);
      this.wake();
    });
    this.worker.once('error', (error: Error & { code?: string }) => {
      this.fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new UnreadableFile('The file needs too much memory to read.', true)
          : new UnreadableFile('The file could not be read.'),
      );
    });
    // Ending without its last message (killed, crashed natively) must not leave the request waiting.
    this.worker.once('exit', () => this.fail(new UnreadableFile('The file could not be read.')));
  }

  private wake() {
    this.waiter?.();
    this.waiter = null;
  }

  private fail(error: UnreadableFile) {
    this.failure ??= error;
    this.wake();
  }

  async next(): Promise<Message> {
    const { timeoutSeconds } = IMPORT_PARSE_LIMITS;
    let timer: NodeJS.Timeout | undefined;
    try {
      while (!this.queue.length && !this.failure) {
        timer ??= setTimeout(
          () => this.fail(new UnreadableFile(`Reading the file took longer than ${timeoutSeconds} s.`)),
          timeoutSeconds * 1000,
        );
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
    } finally {
      clearTimeout(timer);
    }
    const message = this.queue.shift();
    if (!message) throw this.failure!;
    if (message.type === 'error') throw new UnreadableFile(message.message, message.tooLarge);
    return message;
  }

  /** The worker may read one batch further. */
  more() {
    this.worker.postMessage('more');
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.failure ??= new UnreadableFile('The file was closed.');
    // The place is free once the thread and its heap are gone, not when they are asked to go.
    void this.worker.terminate().finally(releaseReader);
  }
}

async function readHeader(reading: Reading): Promise<Header> {
  const message = await reading.next();
  if (message.type !== 'header') throw new UnreadableFile('The file could not be read.');
  return message;
}

/**
 * Opens an uploaded CSV or XLSX file as a table of text cells with named headers. `checkAll` reads the whole
 * sheet against IMPORT_PARSE_LIMITS first (what an upload does), so a file that opens is one that can be run.
 */
export async function openTable(
  bytes: Buffer,
  format: ImportFormat,
  sheet?: string | null,
  options: { checkAll?: boolean } = {},
): Promise<Table> {
  const reading = await Reading.open(bytes, format, sheet ?? null, options.checkAll ? 'scan' : 'header');
  let header: Header;
  try {
    header = await readHeader(reading);
    if (options.checkAll) await reading.next();
  } finally {
    reading.close();
  }
  return {
    sheets: header.sheets,
    sheet: header.sheet,
    headers: header.headers,
    async *rows() {
      const rows = await Reading.open(bytes, format, header.sheet ?? sheet ?? null, 'rows');
      try {
        await readHeader(rows);
        for (;;) {
          const message = await rows.next();
          if (message.type !== 'rows') return;
          rows.more();
          const { numbers, offsets, cells } = message;
          for (let i = 0; i < numbers.length; i += 1) {
            yield {
              rowNumber: numbers[i]!,
              cells: cells.slice(offsets[i]!, i + 1 < numbers.length ? offsets[i + 1]! : cells.length),
            };
          }
        }
      } finally {
        rows.close();
      }
    },
  };
}
