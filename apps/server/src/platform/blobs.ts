import type { Readable } from 'node:stream';
import type { Db, Executor } from './db';
import type { Storage } from './storage';
import { nowIso } from './clock';
import { AppError } from './errors';
import { DependencyUnavailable } from './unavailable';

/**
 * A stored file and the row that names it cannot commit together: the bytes go to storage first, the row
 * follows in a transaction. A process killed between the two would leave a file nothing references. So
 * the key is registered (committed on its own) before the bytes are written, the transaction that commits
 * the row removes the registration, and a registration that outlives any upload is an orphan whose blob
 * the hourly sweep deletes (migration 0024).
 */
export async function reserveBlob(db: Executor, key: string): Promise<void> {
  await db.insertInto('pending_blobs').values({ key, created_at: nowIso() }).execute();
}

/** In the transaction that commits the row naming `key`: the blob is referenced from now on. */
export async function adoptBlob(trx: Executor, key: string): Promise<void> {
  await trx.deleteFrom('pending_blobs').where('key', '=', key).execute();
}

/**
 * In the transaction that drops the last reference to `keys` (a purge, a replaced image): registers them
 * as due at once, so the blobs still go if the process dies before its discardBlob after the commit.
 */
export async function releaseBlobs(trx: Executor, keys: string[]): Promise<void> {
  for (let at = 0; at < keys.length; at += 200) {
    const rows = keys.slice(at, at + 200).map((key) => ({ key, created_at: new Date(0).toISOString() }));
    await trx
      .insertInto('pending_blobs')
      .values(rows)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

/** A write that failed after storing its blob, or a blob released by a commit: it goes now, its registration with it. */
export async function discardBlob(deps: { db: Db; storage: Storage }, key: string): Promise<void> {
  try {
    await deps.storage.delete(key);
  } catch {
    return; // the store failed: the registration stays, and the sweep tries again
  }
  // If this fails too (the database is down), the registration stays and the sweep finishes the job.
  await deps.db
    .deleteFrom('pending_blobs')
    .where('key', '=', key)
    .execute()
    .catch(() => undefined);
}

/** Longer than any upload takes; a younger registration may belong to one still in flight. */
export const ORPHAN_AFTER_MS = 6 * 60 * 60 * 1000;

/** Deletes the blobs of registrations older than `olderThanMs`; returns how many. */
export async function sweepOrphanBlobs(
  deps: { db: Db; storage: Storage },
  olderThanMs = ORPHAN_AFTER_MS,
): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs).toISOString();
  let swept = 0;
  for (;;) {
    const rows = await deps.db
      .selectFrom('pending_blobs')
      .select('key')
      .where('created_at', '<=', cutoff)
      .orderBy('created_at')
      .limit(200)
      .execute();
    if (!rows.length) return swept;
    for (const { key } of rows) {
      await deps.storage.delete(key);
      await deps.db.deleteFrom('pending_blobs').where('key', '=', key).execute();
      swept += 1;
    }
  }
}

/** No such blob: the local driver's ENOENT, S3's NoSuchKey. */
const isMissing = (error: unknown) =>
  ['ENOENT', 'NoSuchKey'].includes(
    String((error as { code?: unknown; name?: unknown }).code ?? (error as { name?: unknown }).name),
  );

/**
 * Opens a blob for a download: a blob that is gone is a 404 saying so (`missing`), a store that fails
 * is a 503; neither is a bare 500.
 */
export async function readBlob(deps: { storage: Storage }, key: string, missing: string): Promise<Readable> {
  try {
    return await deps.storage.read(key);
  } catch (error) {
    if (isMissing(error)) throw new AppError('not_found', missing);
    throw new DependencyUnavailable('storage', { cause: error });
  }
}
