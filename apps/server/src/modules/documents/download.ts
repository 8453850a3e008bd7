import type { Readable } from 'node:stream';
import type { Deps } from '../../platform/deps';
import { crossTeam } from '../../platform/db';
import { safeFileName } from '../../platform/file-name';
import { AppError, notFound } from '../../platform/errors';
import { readBlob } from '../../platform/blobs';
import { hmac, safeEqual } from '../../platform/crypto';

/** Types a browser may show inline; everything else (HTML, SVG, XML, scripts, unknown) downloads. */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
]);

export const isInlineType = (mime: string) => INLINE_TYPES.has(mime);

/**
 * A file name safe in a header: cleaned again (a name stored before may hold control or bidi characters),
 * bounded; the full name goes in filename*, an ASCII stand-in in filename.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const cleaned = safeFileName(fileName, 'download');
  const ascii =
    cleaned
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\;]/g, '_') || 'download';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(cleaned)}`;
}

const signature = (deps: Deps, versionId: number, blobKey: string, expires: number) =>
  hmac(deps.appKey, `file:${versionId}:${blobKey}:${expires}`);

type VersionForLink = { id: number; blob_key: string; file_name: string; mime_type: string };

/**
 * A link to one stored file that expires (DOWNLOAD_URL_TTL_SECONDS). Locally the app signs it and serves
 * the bytes; on S3 the link is presigned, with the same safe headers asked of S3.
 */
export async function signedFileUrl(deps: Deps, version: VersionForLink): Promise<string> {
  const ttl = deps.config.DOWNLOAD_URL_TTL_SECONDS;
  const inline = isInlineType(version.mime_type);
  if (deps.storage.presign) {
    return deps.storage.presign(version.blob_key, {
      expiresIn: ttl,
      contentType: inline ? version.mime_type : 'application/octet-stream',
      disposition: contentDisposition(inline ? 'inline' : 'attachment', version.file_name),
    });
  }
  const expires = Math.floor(Date.now() / 1000) + ttl;
  return `/app/files/${version.id}?expires=${expires}&signature=${signature(deps, version.id, version.blob_key, expires)}`;
}

export async function openSignedFile(
  deps: Deps,
  versionId: number,
  expires: number,
  given: string,
): Promise<{ stream: Readable; headers: Record<string, string> }> {
  // Look-up by version id alone is safe: the signature covers the version's secret blob key.
  const version = await crossTeam(deps.db, 'signed download link: the signature names the version')
    .selectFrom('document_versions')
    .innerJoin('documents', 'documents.id', 'document_versions.document_id')
    .select([
      'document_versions.id',
      'document_versions.blob_key',
      'document_versions.file_name',
      'document_versions.mime_type',
      'document_versions.size',
      'documents.deleted_at',
    ])
    .where('document_versions.id', '=', versionId)
    .executeTakeFirst();
  const valid =
    version &&
    expires * 1000 > Date.now() &&
    safeEqual(given, signature(deps, version.id, version.blob_key, expires));
  if (!version || !valid) throw new AppError('forbidden', 'This download link is invalid or has expired.');
  if (version.deleted_at) throw notFound('Document');
  const inline = isInlineType(version.mime_type);
  return {
    stream: await readBlob(deps, version.blob_key, 'The file of this document is missing from storage.'),
    headers: {
      'content-type': inline ? version.mime_type : 'application/octet-stream',
      'content-length': String(version.size),
      'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', version.file_name),
      'x-content-type-options': 'nosniff',
      // Even a file shown inline runs nothing and loads nothing. PDFs skip `sandbox` only because Chrome's
      // PDF viewer refuses sandboxed documents; a PDF is never parsed as HTML, so no script can run.
      // frame-ancestors 'self' (and X-Frame-Options, for old browsers): the document drawer previews the file in an
      // iframe of this app; every other page of the app refuses framing altogether (platform/http-security.ts).
      'content-security-policy': `${version.mime_type === 'application/pdf' ? '' : 'sandbox; '}default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'`,
      'x-frame-options': 'SAMEORIGIN',
      'cache-control': 'private, no-store',
    },
  };
}
