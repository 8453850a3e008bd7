import { createHash } from 'node:crypto';
import { pipeline, type Readable, Transform } from 'node:stream';
import {
  documentInputSchema,
  fieldErrors,
  LINKABLE_TYPES,
  type DocumentDto,
  type LinkableType,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { safeFileName } from '../../platform/file-name';
import { nowIso } from '../../platform/clock';
import { adoptBlob, discardBlob, reserveBlob } from '../../platform/blobs';
import { DependencyUnavailable } from '../../platform/unavailable';
import { randomToken } from '../../platform/crypto';
import { AppError, invalid } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { recordPolicy } from '../records/index';
import { enqueueExtraction, isExtractable } from './extraction';
import * as repo from './repository';
import {
  checkCategory,
  checkLinkTarget,
  findLiveDocument,
  presentDocuments,
  reindexDocument,
} from './service';

const HEAD_BYTES = 4100;

/** One part of a multipart form: a field, or a file whose bytes are still arriving. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string | undefined;
      /** `truncated` once the part went past `fileSize`. */
      file: Readable & { truncated: boolean };
    };

export type UploadLimits = { fileSize: number; files: number; fields: number; fieldSize: number };

/**
 * The route's multipart reader: the form's parts under `limits`, read as they arrive, or null when the
 * request has no multipart form. Called only once the caller is known to be allowed to upload.
 */
export type UploadParts = (limits: UploadLimits) => AsyncIterable<UploadPart> | null;

type Received = { key: string; fileName: string; size: number; checksum: string; mime: string };

/** Hashes, counts and keeps the first bytes of a stream while it flows on to storage. */
function meter() {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      callback(null, chunk);
    },
  });
  return { transform, result: () => ({ size, checksum: hash.digest('hex'), head: Buffer.concat(head) }) };
}

async function detectType(head: Buffer, fileName: string): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type'); // by the first upload, not at start
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  // No magic number: text if it decodes as UTF-8 without NUL bytes, else opaque bytes.
  const looksText =
    !head.includes(0) && !new TextDecoder('utf-8', { fatal: false }).decode(head).includes('\uFFFD');
  if (!looksText) return 'application/octet-stream';
  return /\.csv$/i.test(fileName) ? 'text/csv' : 'text/plain';
}

/**
 * Reads a multipart upload: metadata fields first, then one `file` part streamed to storage (never
 * buffered whole). Anything that goes wrong removes the stored blob, so no orphan is left behind.
 */
async function receive(
  deps: Deps,
  readParts: UploadParts,
): Promise<{ fields: Record<string, string[]>; file: Received }> {
  const limit = deps.config.UPLOAD_MAX_BYTES;
  const parts = readParts({ fileSize: limit, files: 1, fields: 50, fieldSize: 100_000 });
  if (!parts) throw invalid('file', 'The file field is required.');
  const fields: Record<string, string[]> = {};
  let file: Received | null = null;
  const megabytes = Math.round(limit / 1024 / 1024);
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        (fields[part.fieldname] ??= []).push(String(part.value));
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const key = `doc_${randomToken(24)}`;
      await reserveBlob(deps.db, key);
      const fileName = safeFileName(part.filename ?? 'file');
      const counter = meter();
      // pipeline (unlike .pipe) passes a cut-off upload's error on, so the write fails instead of waiting.
      let clientFailed = false;
      part.file.once('error', () => (clientFailed = true));
      const metered = pipeline(part.file, counter.transform, () => undefined);
      try {
        await deps.storage.put(key, metered);
      } catch (error) {
        await discardBlob(deps, key);
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
          throw new AppError('too_large', `The file may not be greater than ${megabytes} MB.`, {
            file: [`The file may not be greater than ${megabytes} MB.`],
          });
        }
        // The request stream was whole, so the blob store failed: a 503, not the client's fault.
        if (!clientFailed) throw new DependencyUnavailable('storage', { cause: error });
        throw error;
      }
      const { size, checksum, head } = counter.result();
      file = { key, fileName, size, checksum, mime: await detectType(head, fileName) };
      if (size === 0) throw invalid('file', 'The file must not be empty.');
    }
  } catch (error) {
    if (file) await discardBlob(deps, file.key);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('too_large', `The file may not be greater than ${megabytes} MB.`, {
        file: [`The file may not be greater than ${megabytes} MB.`],
      });
    }
    if (error instanceof AppError || error instanceof DependencyUnavailable) throw error;
    // Busboy's "unexpected end of form" and friends: the client stopped sending, nothing was stored.
    throw new AppError(
      'bad_request',
      'The upload was interrupted before the file arrived whole. Please try again.',
    );
  }
  if (!file) throw invalid('file', 'The file field is required.');
  return { fields, file };
}

/** A stored file becomes version `number` of a document; its text extraction is pending when it has text. */
async function insertVersion(
  trx: Executor,
  actor: Actor,
  documentId: number,
  number: number,
  file: Received,
  now: string,
) {
  await adoptBlob(trx, file.key);
  return trx
    .insertInto('document_versions')
    .values({
      team_id: actor.teamId,
      document_id: documentId,
      version: number,
      blob_key: file.key,
      file_name: file.fileName,
      mime_type: file.mime,
      size: file.size,
      checksum: file.checksum,
      text_status: isExtractable(file.mime) ? 'pending' : 'none',
      uploaded_by: actor.user.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

function parseLinks(values: string[] | undefined): Array<{ type: LinkableType; id: number }> {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .filter(Boolean)
    .map((value) => {
      const [type, id] = value.split(':');
      if (!LINKABLE_TYPES.includes(type as LinkableType) || !/^\d+$/.test(id ?? ''))
        throw invalid('links', 'The selected record is invalid.');
      return { type: type as LinkableType, id: Number(id) };
    });
}

const sharedField = (text: string | undefined) =>
  text === undefined || text === '' ? undefined : text === 'true' ? true : text === 'false' ? false : text;

/** `POST /documents` and `POST /{type}/{id}/documents`: one file with its metadata and links. */
export async function uploadDocument(
  deps: Deps,
  actor: Actor,
  parts: UploadParts,
  target?: { type: LinkableType; id: number },
): Promise<{ document: DocumentDto }> {
  authorize(recordPolicy.create(actor));
  if (target) await checkLinkTarget(deps.db, actor.teamId, target.type, target.id);
  const { fields, file } = await receive(deps, parts);
  try {
    const single = (name: string) => fields[name]?.at(-1);
    const parsed = documentInputSchema.safeParse({
      title: single('title') || file.fileName,
      category: single('category') || undefined,
      description: single('description'),
      tags: (fields.tags ?? [])
        .flatMap((t) => t.split(','))
        .map((t) => t.trim())
        .filter(Boolean),
      effective_date: single('effective_date'),
      expiration_date: single('expiration_date'),
      // A form field is text: "true" or "false" (absent: not shared); anything else fails as not a boolean.
      shared: sharedField(single('shared')),
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
    }
    const links = [...parseLinks(fields.links), ...(target ? [target] : [])];
    for (const link of links) await checkLinkTarget(deps.db, actor.teamId, link.type, link.id, 'links');
    if (target && single('force') !== 'true') {
      const duplicate = await repo.findDuplicateOnRecord(
        deps.db,
        actor.teamId,
        file.checksum,
        target.type,
        target.id,
      );
      if (duplicate) {
        throw new AppError('conflict', `This file is already attached here as “${duplicate.title}”.`, {
          file: [`This file is already attached here as “${duplicate.title}”.`],
        });
      }
    }
    const values = parsed.data;
    await checkCategory(deps.db, actor.teamId, values.category);
    const extractable = isExtractable(file.mime);
    const id = await writeTransaction(deps.db, async (trx) => {
      const now = nowIso();
      const document = await trx
        .insertInto('documents')
        .values({
          team_id: actor.teamId,
          title: values.title,
          category: values.category,
          description: values.description,
          effective_date: values.effective_date,
          expiration_date: values.expiration_date,
          text_status: extractable ? 'pending' : 'none',
          uploaded_by: actor.user.id,
          shared: values.shared ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const version = await insertVersion(trx, actor, document.id, 1, file, now);
      await trx
        .updateTable('documents')
        .set({ current_version_id: version.id })
        .where('team_id', '=', actor.teamId)
        .where('id', '=', document.id)
        .execute();
      await repo.replaceTags(trx, actor.teamId, document.id, values.tags);
      for (const link of links) await repo.addLink(trx, actor.teamId, document.id, link.type, link.id, now);
      await reindexDocument(trx, actor.teamId, document.id);
      if (extractable) await enqueueExtraction(trx, actor.teamId, version.id);
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'document',
        subjectId: document.id,
        action: 'uploaded',
        changes: {
          file_name: file.fileName,
          size: file.size,
          links: links.map((l) => `${l.type}:${l.id}`),
          ...(values.shared ? { shared: true } : {}),
        },
        ip: actor.ip,
      });
      return document.id;
    });
    deps.jobs.kick();
    return { document: (await presentDocuments(deps, actor, [id]))[0]! };
  } catch (error) {
    await discardBlob(deps, file.key);
    throw error;
  }
}

/** `POST /documents/{id}/versions`: a new current file; older versions stay downloadable. */
export async function uploadVersion(
  deps: Deps,
  actor: Actor,
  parts: UploadParts,
  documentId: number,
): Promise<DocumentDto> {
  await findLiveDocument(deps.db, actor.teamId, documentId);
  authorize(recordPolicy.update(actor));
  const { file } = await receive(deps, parts);
  try {
    const extractable = isExtractable(file.mime);
    await writeTransaction(deps.db, async (trx) => {
      const now = nowIso();
      const last = await trx
        .selectFrom('document_versions')
        .select((eb) => eb.fn.max('version').as('max'))
        .where('team_id', '=', actor.teamId)
        .where('document_id', '=', documentId)
        .executeTakeFirst();
      const next = Number(last?.max ?? 0) + 1;
      const version = await insertVersion(trx, actor, documentId, next, file, now);
      await trx
        .updateTable('documents')
        .set({
          current_version_id: version.id,
          text_status: extractable ? 'pending' : 'none',
          updated_at: now,
        })
        .where('id', '=', documentId)
        .where('team_id', '=', actor.teamId)
        .execute();
      await reindexDocument(trx, actor.teamId, documentId);
      if (extractable) await enqueueExtraction(trx, actor.teamId, version.id);
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: 'document',
        subjectId: documentId,
        action: 'version_uploaded',
        changes: { version: next, file_name: file.fileName },
        ip: actor.ip,
      });
    });
    deps.jobs.kick();
  } catch (error) {
    await discardBlob(deps, file.key);
    throw error;
  }
  return (await presentDocuments(deps, actor, [documentId]))[0]!;
}
