import { buffer } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import type { QueuedRow } from '../../platform/queue';
import { reindexDocument } from './service';

export const EXTRACT_TEXT = 'extract_text';
const EXTRACTABLE = new Set(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain', 'text/csv']);
/** Text kept per version: enough for search and snippets, bounded so one file cannot bloat the database. */
const MAX_TEXT_CHARS = 1_000_000;
const EXTRACTION_TIMEOUT_MS = 120_000;

export const isExtractable = (mime: string) => EXTRACTABLE.has(mime);

/** Queued in the upload's transaction: the job exists exactly when the version does. */
export async function enqueueExtraction(trx: Executor, teamId: number, versionId: number) {
  const now = nowIso();
  await trx.insertInto('jobs').values({ kind: EXTRACT_TEXT, team_id: teamId, payload: JSON.stringify({ versionId }), available_at: now, created_at: now }).execute();
}

function extractInWorker(mime: string, bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./extract-worker.mjs', import.meta.url), { workerData: { mime, bytes } });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('text extraction timed out'));
    }, EXTRACTION_TIMEOUT_MS);
    worker.once('message', (message: { ok: boolean; text?: string; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.ok) resolve(message.text ?? '');
      else reject(new Error(message.error));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/**
 * The job: extract the version's text, store it, and refresh the document's status and search row.
 * A file with no text layer (a scanned PDF) ends as `none`; a file that cannot be read ends as `failed`.
 */
export async function runExtraction(deps: Deps, job: QueuedRow) {
  const { versionId } = JSON.parse(job.payload) as { versionId: number };
  const version = await deps.db.selectFrom('document_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
  if (!version) return;
  let status: 'done' | 'none' | 'failed' = 'done';
  let text: string | null = null;
  try {
    text = (await extractInWorker(version.mime_type, await buffer(await deps.storage.read(version.blob_key)))).replaceAll('\u0000', '').trim().slice(0, MAX_TEXT_CHARS);
    if (!text) status = 'none';
  } catch (error) {
    deps.log.warn({ err: error, versionId }, 'text extraction failed');
    status = 'failed';
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('document_versions').set({ extracted_text: text || null, text_status: status }).where('id', '=', versionId).execute();
    const document = await trx.selectFrom('documents').select(['id', 'current_version_id']).where('id', '=', version.document_id).executeTakeFirst();
    if (document?.current_version_id === versionId) {
      await trx.updateTable('documents').set({ text_status: status }).where('id', '=', document.id).execute();
      await reindexDocument(trx, version.team_id, document.id);
    }
  });
}
