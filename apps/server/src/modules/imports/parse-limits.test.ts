import type * as WorkerThreads from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/context';
import { loopHeldWhile } from '../../../test/event-loop';
import type { TestClient } from '../../../test/client';
import { teamWithRoles, uploadImport } from '../../../test/factories';
import { hostileXlsx, SHEET_END, sheetStart, textCell, xlsxFile } from '../../../test/hostile-files';
import { IMPORT_PARSE_LIMITS } from './parse';

const ctx = useTestApp();

/**
 * Parse workers started, alive now and at most so far (counted at the Worker constructor: other threads are left
 * out), and callers waiting for none to be alive.
 */
const parseWorkers = vi.hoisted(() => ({ started: 0, alive: 0, peak: 0, whenNone: [] as Array<() => void> }));

/** Resolves once every parse worker has exited: a request is answered before its reader's thread is gone. */
function parseWorkersGone(): Promise<void> {
  if (parseWorkers.alive === 0) return Promise.resolve();
  return new Promise((resolve) => parseWorkers.whenNone.push(resolve));
}

vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>();
  class CountedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      if (!String(args[0]).includes('parse-worker')) return;
      parseWorkers.started += 1;
      parseWorkers.alive += 1;
      parseWorkers.peak = Math.max(parseWorkers.peak, parseWorkers.alive);
      this.once('exit', () => {
        parseWorkers.alive -= 1;
        if (parseWorkers.alive === 0) parseWorkers.whenNone.splice(0).forEach((resolve) => resolve());
      });
    }
  }
  return { ...actual, Worker: CountedWorker, default: { ...actual, Worker: CountedWorker } };
});

const upload = (client: TestClient, name: string, content: Buffer) =>
  uploadImport(client, 'stores', { name, content });

type Watched<T> = {
  result: T;
  /** Parse worker threads started meanwhile. */
  readers: number;
  /** The longest the event loop was held, in ms. */
  loopHeldMs: number;
  /** Peak growth of the resident memory (bytes), worker threads included. */
  rssGrowth: number;
};

/**
 * Runs `work` while watching the event loop's delay, the parse workers started and the process's memory:
 * whatever the file, it is read in a worker and the event loop stays free for other requests.
 */
async function whileWatching<T>(work: () => Promise<T>): Promise<Watched<T>> {
  const readersBefore = parseWorkers.started;
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampleMemory = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  try {
    const { result, loopHeldMs } = await loopHeldWhile(work);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    return {
      result,
      readers: parseWorkers.started - readersBefore,
      loopHeldMs,
      rssGrowth: rssPeak - rssBefore,
    };
  } finally {
    clearInterval(sampleMemory);
  }
}

/**
 * The file was read in a worker thread, and the event loop was never held for a second: a reader on the
 * event loop holds it for the whole file, tens of seconds for these; the margin is for a shared machine.
 */
function expectResponsive(watched: Watched<unknown>) {
  expect(watched.readers).toBeGreaterThan(0);
  expect(watched.loopHeldMs).toBeLessThan(1000);
}

const defaults = { ...IMPORT_PARSE_LIMITS };
afterEach(() => Object.assign(IMPORT_PARSE_LIMITS, defaults));

const MB = 1024 * 1024;

describe('import files that cost more to read than their size', () => {
  it('refuses a lone cell far from A1 or at XFD1048576 with a 422 on file, while the event loop stays free and memory flat', async () => {
    const { admin } = await teamWithRoles(ctx);
    for (const [file, column] of [
      [hostileXlsx.farCell(), 'column BXX (column 2,000)'],
      [hostileXlsx.lastCell(), 'column XFD (column 16,384)'],
    ] as const) {
      expect(file.length).toBeLessThan(4 * 1024);
      const watched = await whileWatching(() => upload(admin, 'far.xlsx', file));
      expect(watched.result.status).toBe(422);
      expect(watched.result.body.errors.file).toEqual([
        `The sheet has a value in ${column}; at most 200 columns can be imported.`,
      ]);
      expectResponsive(watched);
      expect(watched.rssGrowth).toBeLessThan(200 * MB);
    }
  });

  it('reads only the cells a sheet holds, whatever used range it declares', async () => {
    const { admin } = await teamWithRoles(ctx);
    const watched = await whileWatching(() => upload(admin, 'dimension.xlsx', hostileXlsx.hugeDimension()));
    expect(watched.result.status).toBe(201);
    expect(watched.result.body.data).toMatchObject({
      format: 'xlsx',
      sheets: ['Sheet1'],
      sheet: 'Sheet1',
      headers: ['Name'],
    });
    expectResponsive(watched);
    const preview = await admin.post(`/app/api/v1/imports/${watched.result.body.data.id}/preview`, {
      mapping: { name: 'Name' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.total_rows).toBe(1);
    expect(preview.body.data.rows[0]).toMatchObject({ row_number: 2, values: { name: 'Corner Shop' } });
  });

  it('refuses an XLSX whose sheet unpacks to 300 MB (its ZIP claims 1 KB) with a 413 on file', async () => {
    const { admin } = await teamWithRoles(ctx);
    const bomb = hostileXlsx.bomb();
    expect(bomb.length).toBeLessThan(400 * 1024);
    const watched = await whileWatching(() => upload(admin, 'bomb.xlsx', bomb));
    expect(watched.result.status).toBe(413);
    expect(watched.result.body.errors.file).toEqual(['The file unpacks to more than 256 MB.']);
    expectResponsive(watched);
    expect(watched.rssGrowth).toBeLessThan(200 * MB);
  });

  // Two parses in worker threads up to their limits: beside a loaded test run this has taken over 20 s.
  it('refuses a workbook of more shared strings than the limit, and one needing more memory than the reader has', async () => {
    const { admin } = await teamWithRoles(ctx);
    const many = hostileXlsx.sharedStrings(defaults.maxSharedStrings + 1);
    expect(many.length).toBeLessThan(100 * 1024);
    const watched = await whileWatching(() => upload(admin, 'strings.xlsx', many));
    expect(watched.result.status).toBe(422);
    expect(watched.result.body.errors.file).toEqual([
      'The workbook has more than 1,000,000 different texts.',
    ]);
    expectResponsive(watched);
    expect(watched.rssGrowth).toBeLessThan(300 * MB);

    // The reader's heap is capped: running out ends its thread with a 413, not the server.
    IMPORT_PARSE_LIMITS.maxHeapMb = 16;
    const starved = await upload(admin, 'strings.xlsx', many);
    expect(starved.status).toBe(413);
    expect(starved.body.errors.file).toEqual(['The file needs too much memory to read.']);
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  }, 60_000);

  it('refuses rows, columns and cells over the limits, in CSV and XLSX files, each with its message', async () => {
    const { admin } = await teamWithRoles(ctx);
    const wide = ['Name', ...Array.from({ length: 199 }, () => ''), 'Extra'].join(',');
    const tooWide = await upload(admin, 'wide.csv', Buffer.from(`${wide}\nA\n`));
    expect(tooWide.status).toBe(422);
    expect(tooWide.body.errors.file).toEqual([
      'The sheet has a value in column GS (column 201); at most 200 columns can be imported.',
    ]);
    // Empty cells after the last value do not count.
    expect(
      (await upload(admin, 'padded.csv', Buffer.from(`Name${','.repeat(5000)}\nA${','.repeat(5000)}\n`)))
        .status,
    ).toBe(201);

    IMPORT_PARSE_LIMITS.maxRows = 3;
    const rows = (n: number) => ['Name', ...Array.from({ length: n }, (_, i) => `Store ${i}`)].join('\n');
    expect((await upload(admin, 'three.csv', Buffer.from(rows(3)))).status).toBe(201);
    const tooLong = await upload(admin, 'four.csv', Buffer.from(`${rows(3)}\n\n\nStore 4`));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.file).toEqual(['A file may hold at most 3 rows.']);
    const sheetRows = Array.from(
      { length: 4 },
      (_, i) => `<row r="${i + 2}">${textCell(`A${i + 2}`, `Store ${i}`)}</row>`,
    ).join('');
    const tooLongXlsx = await upload(
      admin,
      'four.xlsx',
      xlsxFile(`${sheetStart()}<row r="1">${textCell('A1', 'Name')}</row>${sheetRows}${SHEET_END}`),
    );
    expect(tooLongXlsx.status).toBe(422);
    expect(tooLongXlsx.body.errors.file).toEqual(['A file may hold at most 3 rows.']);

    IMPORT_PARSE_LIMITS.maxCells = 5;
    const tooMany = await upload(admin, 'cells.csv', Buffer.from('Name,City\nA,B\nC,D\nE,F\n'));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.file).toEqual(['The file has more than 5 cells.']);
  });

  it('reads one file at a time when the reader limit is one: uploads at once wait their turn and a preview still runs', async () => {
    const { admin } = await teamWithRoles(ctx);
    // The test before may leave readers whose threads are still ending (it ran with the default limit).
    await parseWorkersGone();
    IMPORT_PARSE_LIMITS.maxReaders = 1;
    parseWorkers.peak = 0;
    const files = Array.from({ length: 4 }, (_, i) => Buffer.from(`Name,City\nStore ${i},Town\n`));
    const uploads = await Promise.all(files.map((file, i) => upload(admin, `s${i}.csv`, file)));
    expect(uploads.map((u) => u.status)).toEqual([201, 201, 201, 201]);
    expect(parseWorkers.peak).toBe(1);
    // A preview reads the header, then the rows: the first reading's place is free before the second needs it.
    const preview = await admin.post(`/app/api/v1/imports/${uploads[3]!.body.data.id}/preview`, {
      mapping: { name: 'Name', city: 'City' },
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data.rows[0]).toMatchObject({ row_number: 2, values: { name: 'Store 3' } });
  });

  it('checks another sheet chosen at preview as the upload checked the first', async () => {
    const { admin } = await teamWithRoles(ctx);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Small').addRows([['Name'], ['A'], ['B']]);
    workbook.addWorksheet('Large').addRows([['Name'], ['A'], ['B'], ['C']]);
    IMPORT_PARSE_LIMITS.maxRows = 2;
    const uploaded = await upload(admin, 'two.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ sheets: ['Small', 'Large'], sheet: 'Small' });
    const preview = await admin.post(`/app/api/v1/imports/${uploaded.body.data.id}/preview`, {
      mapping: { name: 'Name' },
      sheet: 'Large',
    });
    expect(preview.status).toBe(422);
    expect(preview.body.errors.file).toEqual(['A file may hold at most 2 rows.']);
  });
});
