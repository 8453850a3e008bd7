import type { AttributeValue, RecordRef } from '@storekeep/contracts';
import type { Actor } from '../../platform/policy';
import { recordAbilities } from './policy';
import type { LoadedRow } from './definition';

type ImageUrls = (row: {
  id: number;
  image_key: string | null;
}) => { thumb_url: string; display_url: string } | null;

/** The fields every record DTO shares. */
export function presentMeta(
  row: LoadedRow & { created_at: string; updated_at: string },
  actor: Actor,
  urls: ImageUrls,
) {
  return {
    id: row.id,
    image: urls(row),
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    abilities: recordAbilities(actor),
    // Set by loadWithAttributes (records/service.ts); rows loaded without it present none.
    attributes: (row.attributes ?? {}) as Record<string, AttributeValue>,
  };
}

export function presentAddress(row: {
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}) {
  return {
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country: row.country,
  };
}

export const ref = (id: number | null, name: string | null | undefined): RecordRef =>
  id === null ? null : { id, name: name ?? '' };

/** Rows back in the order of the ids asked for (SQL `in` has none). */
export function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export const joinParts = (...parts: Array<string | null | undefined>) =>
  parts.filter((p) => p && p.trim()).join(' · ') || null;
