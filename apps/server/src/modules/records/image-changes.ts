import type { Kysely } from 'kysely';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { AppError, invalid } from '../../platform/errors';
import { randomToken } from '../../platform/crypto';
import { authorize, type Actor } from '../../platform/policy';
import { adoptBlob, releaseBlobs, reserveBlob } from '../../platform/blobs';
import { writeTransaction } from '../../platform/db';
import { recordActivity } from '../activities/index';
import type { LoadedRow, RecordDefinition } from './definition';
import { IMAGE_SIZES, removeVariants, variantKey, variantKeys, type ImageSize } from './images';
import { recordPolicy } from './policy';
import { findLive } from './service';

// A record's image replaced or removed; images.ts keeps the stored files and their signed links.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Stores a JPEG, PNG or WebP (judged by its bytes, not its name) as a thumbnail and a display size. */
export async function replaceImage<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  id: number,
  file: Buffer,
) {
  const row = await findLive(deps.db, def, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  // Loaded by the first image, not at start (sharp and file-type: ~90 files, 1-2 MB of every process's heap).
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  const type = await fileTypeFromBuffer(file);
  if (!type || !ACCEPTED.has(type.mime))
    throw invalid('image', 'The image must be a JPEG, PNG or WebP file.');
  const key = `img_${randomToken(18)}`;
  const variants = variantKeys(key);
  for (const variant of variants) await reserveBlob(deps.db, variant);
  try {
    for (const [size, pixels] of Object.entries(IMAGE_SIZES) as Array<[ImageSize, number]>) {
      const resized = await sharp(file, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(pixels, pixels, {
          fit: size === 'thumb' ? 'cover' : 'inside',
          withoutEnlargement: size !== 'thumb',
        })
        .webp({ quality: 82 })
        .toBuffer();
      await deps.storage.put(variantKey(key, size), resized);
    }
  } catch (error) {
    await removeVariants(deps, key);
    if (error instanceof AppError) throw error;
    throw invalid('image', 'The image could not be read.');
  }
  await writeTransaction(deps.db, async (trx) => {
    for (const variant of variants) await adoptBlob(trx, variant);
    // The old image's files go after the commit; registered here, a crash before that leaves them to the sweep.
    if (row.image_key) await releaseBlobs(trx, variantKeys(row.image_key));
    await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .updateTable(def.table)
      .set({ image_key: key, updated_at: nowIso() })
      .where('id', '=', id)
      .where('team_id', '=', actor.teamId)
      .execute();
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: def.subject,
      subjectId: id,
      action: 'image_updated',
      ip: actor.ip,
    });
  });
  if (row.image_key) await removeVariants(deps, row.image_key);
}

export async function removeImage<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  id: number,
) {
  const row = await findLive(deps.db, def, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  const oldKey = row.image_key;
  if (!oldKey) return;
  await writeTransaction(deps.db, async (trx) => {
    await (trx as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .updateTable(def.table)
      .set({ image_key: null, updated_at: nowIso() })
      .where('id', '=', id)
      .where('team_id', '=', actor.teamId)
      .execute();
    await releaseBlobs(trx, variantKeys(oldKey));
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: def.subject,
      subjectId: id,
      action: 'image_removed',
      ip: actor.ip,
    });
  });
  await removeVariants(deps, oldKey);
}
