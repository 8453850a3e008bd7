import { buffer } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import type { QueuedRow } from '../../platform/queue';
import { reindexDocument } from './service';

export const EXTRACT_TEXT = 'extract_text';
const EXTRACTABLE = new Set([
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/csv',
]);
/** Text kept per version: enough for search and snippets, bounded so one file cannot bloat the database. */
const MAX_TEXT_CHARS = 1_000_000;

/**
 * What one extraction may cost. A real 300-page contract stays far inside each; a crafted file (a ZIP bomb
 * posing as a DOCX, a PDF of tens of thousands of pages) hits one and ends as `failed` with the reason,
 * while the server keeps answering: the work runs in a worker thread with its own heap cap, so running
 * out of memory ends that thread, not the process.
 */
export const EXTRACTION_LIMITS = {
  /** ZIP entries in a DOCX (a large real one has a few hundred). */
  maxEntries: 5_000,
  /** Bytes a DOCX may unpack to, all entries together (checked by inflating with a hard cap). */
  maxUnpackedBytes: 200 * 1024 * 1024,
  maxPdfPages: 2_000,
  /** The worker's V8 heap: a parser that needs more is stopped with ERR_WORKER_OUT_OF_MEMORY. */
  maxHeapMb: 512,
};

export const isExtractable = (mime: string) => EXTRACTABLE.has(mime);

/** Queued in the upload's transaction: the job exists exactly when the version does. */
export async function enqueueExtraction(trx: Executor, teamId: number, versionId: number) {
  const now = nowIso();
  await trx
    .insertInto('jobs')
    .values({
      kind: EXTRACT_TEXT,
      team_id: teamId,
      payload: JSON.stringify({ versionId }),
      available_at: now,
      created_at: now,
    })
    .execute();
}

/** An extraction that failed, with the reason people are shown (the parser's own error goes to the log). */
class ExtractionFailure extends Error {
  constructor(
    readonly reason: string,
    readonly detail?: unknown,
  ) {
    super(reason);
  }
}

function extractInWorker(mime: string, bytes: Buffer, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const { maxHeapMb, ...limits } = EXTRACTION_LIMITS;
    const worker = new Worker(new URL('./extract-worker.mjs', import.meta.url), {
      workerData: { mime, bytes, limits },
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(
            new ExtractionFailure(`Reading the text took longer than ${Math.round(timeoutMs / 1000)} s.`),
          ),
        ),
      timeoutMs,
    );
    worker.once('message', (message: { ok: boolean; text?: string; error?: string; limit?: boolean }) => {
      if (message.ok) settle(() => resolve(message.text ?? ''));
      else
        settle(() =>
          reject(
            new ExtractionFailure(
              message.limit ? message.error! : 'The file could not be read.',
              message.error,
            ),
          ),
        );
    });
    worker.once('error', (error: Error & { code?: string }) => {
      const reason =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? 'The file needs too much memory to read.'
          : 'The file could not be read.';
      settle(() => reject(new ExtractionFailure(reason, error)));
    });
    // Exiting without a message (killed, crashed natively) must not leave the job waiting for the timeout.
    worker.once('exit', (code) =>
      settle(() =>
        reject(new ExtractionFailure('The file could not be read.', `worker exited with code ${code}`)),
      ),
    );
  });
}

/**
 * The job: extract the version's text, store it, and refresh the document's status and search row.
 * A file with no text layer (a scanned PDF) ends as `none`; a file that cannot be read ends as `failed`.
 */
export async function runExtraction(deps: Deps, job: QueuedRow) {
  const { versionId } = JSON.parse(job.payload) as { versionId: number };
  // Enqueued with the document's team (enqueueExtraction); every statement below names it.
  const teamId = job.team_id;
  if (teamId === null || teamId === undefined) return;
  const version = await deps.db
    .selectFrom('document_versions')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!version) return;
  let status: 'done' | 'none' | 'failed' = 'done';
  let text: string | null = null;
  let reason: string | null = null;
  try {
    const bytes = await buffer(await deps.storage.read(version.blob_key));
    text = (await extractInWorker(version.mime_type, bytes, deps.config.EXTRACTION_TIMEOUT_SECONDS * 1000))
      .replaceAll('\u0000', '')
      .trim()
      .slice(0, MAX_TEXT_CHARS);
    if (!text) status = 'none';
  } catch (error) {
    reason = error instanceof ExtractionFailure ? error.reason : 'The file could not be read.';
    deps.log.warn(
      { err: error instanceof ExtractionFailure ? error.detail : error, versionId, reason },
      'text extraction failed',
    );
    status = 'failed';
  }
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('document_versions')
      .set({ extracted_text: text || null, text_status: status, text_error: reason })
      .where('team_id', '=', teamId)
      .where('id', '=', versionId)
      .execute();
    const document = await trx
      .selectFrom('documents')
      .select(['id', 'current_version_id'])
      .where('team_id', '=', teamId)
      .where('id', '=', version.document_id)
      .executeTakeFirst();
    if (document?.current_version_id === versionId) {
      await trx
        .updateTable('documents')
        .set({ text_status: status })
        .where('team_id', '=', teamId)
        .where('id', '=', document.id)
        .execute();
      await reindexDocument(trx, teamId, document.id);
    }
    // Kept answers show the text status (a list's, a document's versions): finishing in the background is a
    // write of the team like any other.
    await bumpTeamWriteVersion(trx, teamId);
  });
}
