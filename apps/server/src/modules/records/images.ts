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
import type { RecordType } from '@storekeep/contracts';
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

/** Who a link was made for and what it shows: its record, and the member it was given to. */
export type ImageGrant = { record: RecordType; id: number; user: number };

const signed = (deps: Deps, key: string, size: ImageSize, grant: ImageGrant, expires: number) =>
  hmac(deps.appKey, `image:${key}:${size}:${grant.record}:${grant.id}:${grant.user}:${expires}`);

/**
 * Image links are signed for one member and one record and expire at the end of the next day: a link cannot be
 * guessed, and it stays the same all day so browsers cache it. The signature alone is not the permission: each
 * request checks that the record still shows this image, is not deleted, and that the member is still in its team
 * (readSignedImage), so deleting the record, replacing its image or leaving the team ends the link at once.
 */
export function imageUrlsFor(deps: Deps, actor: Actor, record: RecordType) {
  const expires = Math.ceil((Date.now() + DAY_MS) / DAY_MS) * (DAY_MS / 1000);
  return (row: { id: number; image_key: string | null }) => {
    const key = row.image_key;
    if (!key) return null;
    const grant = { record, id: row.id, user: actor.user.id };
    const url = (size: ImageSize) =>
      `/app/images/${key}/${size}?record=${record}&id=${row.id}&user=${grant.user}&expires=${expires}&signature=${signed(deps, key, size, grant, expires)}`;
    return { thumb_url: url('thumb'), display_url: url('display') };
  };
}

export async function readSignedImage(
  deps: Deps,
  key: string,
  size: ImageSize,
  grant: ImageGrant,
  expires: number,
  signature: string,
): Promise<Readable> {
  const valid = expires * 1000 > Date.now() && safeEqual(signature, signed(deps, key, size, grant, expires));
  if (!valid) throw new AppError('forbidden', 'This image link is invalid or has expired.');
  // One primary-key look-up joined to the membership's key: the record is live, still shows this image, and the
  // member the link was made for still belongs to its team.
  const live = await (deps.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(`${grant.record} as r`)
    .innerJoin('team_user as m', (join) =>
      join.onRef('m.team_id', '=', 'r.team_id').on('m.user_id', '=', grant.user),
    )
    .select('r.id')
    .where('r.id', '=', grant.id)
    .where('r.image_key', '=', key)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!live) throw notFound('Image');
  try {
    return await deps.storage.read(variantKey(key, size));
  } catch {
    throw notFound('Image');
  }
}

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
  const type = await fileTypeFromBuffer(file);
  if (!type || !ACCEPTED.has(type.mime))
    throw invalid('image', 'The image must be a JPEG, PNG or WebP file.');
  const key = `img_${randomToken(18)}`;
  const variants = variantKeys(key);
  for (const variant of variants) await reserveBlob(deps.db, variant);
  try {
    for (const [size, pixels] of Object.entries(SIZES) as Array<[ImageSize, number]>) {
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

/** The stored files of one image (one per size). */
export const variantKeys = (key: string) =>
  (Object.keys(SIZES) as ImageSize[]).map((size) => variantKey(key, size));

export async function removeVariants(deps: Deps, key: string) {
  for (const variant of variantKeys(key)) await discardBlob(deps, variant);
}
