import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { RecordType } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { crossTeam } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import { hmac, safeEqual } from '../../platform/crypto';
import type { Actor } from '../../platform/policy';
import { discardBlob } from '../../platform/blobs';

export const IMAGE_SIZES = { thumb: 96, display: 640 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
const DAY_MS = 86_400_000;

export const variantKey = (key: string, size: ImageSize) => `${key}-${size}.webp`;

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
  const byLink = crossTeam(deps.db, 'signed image link: the signature names the record and the member');
  const live = await (byLink as unknown as Kysely<Record<string, Record<string, unknown>>>)
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

/** The stored files of one image (one per size). */
export const variantKeys = (key: string) =>
  (Object.keys(IMAGE_SIZES) as ImageSize[]).map((size) => variantKey(key, size));

export async function removeVariants(deps: Deps, key: string) {
  for (const variant of variantKeys(key)) await discardBlob(deps, variant);
}
