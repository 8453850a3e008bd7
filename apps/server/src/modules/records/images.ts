import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { AppError, invalid, notFound } from '../../platform/errors';
import { hmac, randomToken, safeEqual } from '../../platform/crypto';
import { authorize, type Actor } from '../../platform/policy';
import { adoptBlob, discardBlob, releaseBlobs, reserveBlob } from '../../platform/blobs';
import { recordActivity } from '../activities/service';
import type { LoadedRow, RecordDefinition } from './definition';
import { recordPolicy } from './policy';
import { findLive } from './service';
import { writeTransaction } from '../../platform/db';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp']);
const SIZES = { thumb: 96, display: 640 } as const;
export type ImageSize = keyof typeof SIZES;
const DAY_MS = 86_400_000;

const variantKey = (key: string, size: ImageSize) => `${key}-${size}.webp`;

/**
 * Image links are signed and expire at the end of the next day: a link cannot be guessed or reused
 * for long, yet stays the same all day so browsers cache it.
 */
export function imageUrlsFor(deps: Deps) {
  const expires = Math.ceil((Date.now() + DAY_MS) / DAY_MS) * (DAY_MS / 1000);
  return (key: string | null) => {
    if (!key) return null;
    const url = (size: ImageSize) => `/app/images/${key}/${size}?expires=${expires}&signature=${hmac(deps.appKey, `image:${key}:${size}:${expires}`)}`;
    return { thumb_url: url('thumb'), display_url: url('display') };
  };
}

export async function readSignedImage(deps: Deps, key: string, size: ImageSize, expires: number, signature: string): Promise<Readable> {
  const valid = expires * 1000 > Date.now() && safeEqual(signature, hmac(deps.appKey, `image:${key}:${size}:${expires}`));
  if (!valid) throw new AppError('forbidden', 'This image link is invalid or has expired.');
  try {
    return await deps.storage.read(variantKey(key, size));
  } catch {
    throw notFound('Image');
  }
}

/** Stores a JPEG, PNG or WebP (judged by its bytes, not its name) as a thumbnail and a display size. */
export async function replaceImage<Row extends LoadedRow, Dto>(deps: Deps, def: RecordDefinition<Row, Dto>, actor: Actor, id: number, file: Buffer) {
  const row = await findLive(deps.db, def, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  const type = await fileTypeFromBuffer(file);
  if (!type || !ACCEPTED.has(type.mime)) throw invalid('image', 'The image must be a JPEG, PNG or WebP file.');
  const key = `img_${randomToken(18)}`;
  const variants = variantKeys(key);
  for (const variant of variants) await reserveBlob(deps.db, variant);
  try {
    for (const [size, pixels] of Object.entries(SIZES) as Array<[ImageSize, number]>) {
      const resized = await sharp(file, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(pixels, pixels, { fit: size === 'thumb' ? 'cover' : 'inside', withoutEnlargement: size !== 'thumb' })
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
    await recordActivity(trx, { teamId: actor.teamId, userId: actor.user.id, subjectType: def.subject, subjectId: id, action: 'image_updated', ip: actor.ip });
  });
  if (row.image_key) await removeVariants(deps, row.image_key);
}

export async function removeImage<Row extends LoadedRow, Dto>(deps: Deps, def: RecordDefinition<Row, Dto>, actor: Actor, id: number) {
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
    await recordActivity(trx, { teamId: actor.teamId, userId: actor.user.id, subjectType: def.subject, subjectId: id, action: 'image_removed', ip: actor.ip });
  });
  await removeVariants(deps, oldKey);
}

/** The stored files of one image (one per size). */
export const variantKeys = (key: string) => (Object.keys(SIZES) as ImageSize[]).map((size) => variantKey(key, size));

export async function removeVariants(deps: Deps, key: string) {
  for (const variant of variantKeys(key)) await discardBlob(deps, variant);
}
