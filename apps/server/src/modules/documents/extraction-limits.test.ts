import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as WorkerThreads from 'node:worker_threads';
import type { TestClient } from '../../../test/client';
import { useTestApp } from '../../../test/context';
import { loopHeldWhile } from '../../../test/event-loop';
import { buildStore, teamWithRoles, uploadDocument } from '../../../test/factories';
import { deflateBomb, zip } from '../../../test/hostile-files';
import { EXTRACTION_LIMITS } from './extraction';

// Each limit must be what stops its file, not the clock: the timeout is well above what any of them takes on
// a loaded machine (about 1 s on a quiet one), so each failure names its limit rather than the time.
const ctx = useTestApp({ EXTRACTION_TIMEOUT_SECONDS: '15' });
/** Extraction workers started so far (counted at the Worker constructor: other threads are left out). */
const extractWorkers = vi.hoisted(() => ({ started: 0 }));
vi.mock('node:worker_threads', async (importOriginal) => {
  const actual = await importOriginal<typeof WorkerThreads>();
  class CountedWorker extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      if (String(args[0]).includes('extract-worker')) extractWorkers.started += 1;
    }
  }
  return { ...actual, Worker: CountedWorker, default: { ...actual, Worker: CountedWorker } };
});

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// The files are made here in memory (a few hundred KB each): nothing large is kept in the repository.

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
);

/** A one-page PDF whose page dictionary holds arrays nested `depth` deep: a parser that recurses overflows. */
function deeplyNestedPdf(depth: number): Buffer {
  const content = 'BT /F1 12 Tf 10 10 Td (hi) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)} >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function upload(client: TestClient, storeId: number, name: string, content: Buffer, type: string) {
  const document = await uploadDocument(client, { to: { type: 'stores', id: storeId }, name, content, type });
  return { id: document.id, current_version: document.current_version! };
}

/**
 * Uploads the file and runs its extraction (which may start as soon as it is queued): the text was read in a
 * worker thread, and the event loop was never held for a second (a parser on the event loop holds it for
 * the whole file).
 */
async function uploadAndExtract(...args: Parameters<typeof upload>) {
  const readersBefore = extractWorkers.started;
  const { result: document, loopHeldMs } = await loopHeldWhile(async () => {
    const document = await upload(...args);
    await ctx.app.deps.jobs.runDue();
    return document;
  });
  expect(extractWorkers.started).toBeGreaterThan(readersBefore);
  expect(loopHeldMs).toBeLessThan(1000);
  return document;
}

async function versionState(versionId: number) {
  return ctx.db
    .selectFrom('document_versions')
    .select(['text_status', 'text_error', 'extracted_text'])
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
}

const defaults = { ...EXTRACTION_LIMITS };
afterEach(() => Object.assign(EXTRACTION_LIMITS, defaults));

describe('text extraction limits', () => {
  it('stops a ZIP-bomb DOCX (250 MB of text in 250 KB) at the unpacked-size limit while the event loop stays free', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Bomb Store' });
    // The central directory claims a harmless 1 KB: the check counts what really inflates.
    const bomb = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', data: deflateBomb(250), deflated: true, size: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(400 * 1024);
    const heapBefore = process.memoryUsage().heapUsed;
    const document = await uploadAndExtract(admin, store.id, 'bomb.docx', bomb, DOCX);
    expect(document.current_version.mime_type).toBe(DOCX);
    expect(await versionState(document.current_version.id)).toEqual({
      text_status: 'failed',
      text_error: 'The file unpacks to more than 200 MB.',
      extracted_text: null,
    });
    // People see the state and the reason on the document.
    expect((await admin.get(`/app/api/v1/documents/${document.id}`)).body.data).toMatchObject({
      text_status: 'failed',
      current_version: { text_status: 'failed', text_error: 'The file unpacks to more than 200 MB.' },
    });
    // The inflating happened in the worker: the server's own heap did not take the 200 MB.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('stops a DOCX of thousands of parts at the entry limit', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Parts Store' });
    const parts = Array.from({ length: EXTRACTION_LIMITS.maxEntries + 1 }, (_, i) => ({
      name: `word/p${i}.xml`,
      data: Buffer.alloc(0),
    }));
    const file = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
      ...parts,
    ]);
    const document = await upload(admin, store.id, 'parts.docx', file, DOCX);
    await ctx.app.deps.jobs.runDue();
    expect(await versionState(document.current_version.id)).toMatchObject({
      text_status: 'failed',
      text_error: 'The file has too many parts (more than 5000).',
    });
  });

  it('refuses a PDF of thousands of pages at the page limit while the event loop stays free', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Pages Store' });
    const pdf = await PDFDocument.create();
    for (let i = 0; i <= EXTRACTION_LIMITS.maxPdfPages; i += 1) pdf.addPage([100, 100]);
    const bytes = Buffer.from(await pdf.save({ useObjectStreams: true }));
    expect(bytes.length).toBeLessThan(300 * 1024);
    const document = await uploadAndExtract(admin, store.id, 'pages.pdf', bytes, 'application/pdf');
    expect(await versionState(document.current_version.id)).toMatchObject({
      text_status: 'failed',
      text_error: 'The PDF has more than 2000 pages.',
    });
  });

  it('a PDF of objects nested 100,000 deep fails as unreadable (not by the clock), without taking the server down', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Nested Store' });
    const document = await uploadAndExtract(
      admin,
      store.id,
      'nested.pdf',
      deeplyNestedPdf(100_000),
      'application/pdf',
    );
    expect(await versionState(document.current_version.id)).toMatchObject({
      text_status: 'failed',
      text_error: 'The file could not be read.',
    });
  });

  it('a parser that needs more memory than the worker may have ends that thread, not the server', async () => {
    const { admin } = await teamWithRoles(ctx);
    const store = await buildStore(admin, { name: 'Memory Store' });
    // The cap is the worker's resourceLimits; lowered here so an ordinary DOCX needs more than it allows.
    EXTRACTION_LIMITS.maxHeapMb = 4;
    const file = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
    ]);
    const document = await upload(admin, store.id, 'memory.docx', file, DOCX);
    await ctx.app.deps.jobs.runDue();
    expect(await versionState(document.current_version.id)).toMatchObject({
      text_status: 'failed',
      text_error: 'The file needs too much memory to read.',
    });
    expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
