import {
  DOCUMENT_CATEGORIES,
  type DocumentDto,
  type DocumentVersion,
  type LinkableType,
} from '@storekeep/contracts';
import type { Actor } from '../../platform/policy';
import { recordAbilities } from '../records/index';
import type { LoadedDocument } from './repository';

/**
 * A built-in category's slug: an own key only. `slug in DOCUMENT_CATEGORIES` also took "constructor" or
 * "toString" from Object.prototype (found by the fuzzer: a document filed under "constructor" got a function
 * as its category name and the upload failed with a 500).
 */
export const isBuiltInCategory = (slug: string): slug is keyof typeof DOCUMENT_CATEGORIES =>
  Object.hasOwn(DOCUMENT_CATEGORIES, slug);

export function categoryName(slug: string, teamCategories: Map<string, string>): string {
  return isBuiltInCategory(slug) ? DOCUMENT_CATEGORIES[slug] : (teamCategories.get(slug) ?? slug);
}

export function presentDocument(
  row: LoadedDocument,
  extra: {
    tags: string[];
    links: Array<{ type: LinkableType; id: number; name: string }>;
    categories: Map<string, string>;
    attributes: DocumentDto['attributes'];
  },
  actor: Actor,
): DocumentDto {
  // A franchisee's member never sees the franchisor's staff (as with reminders' assignees): no uploader names.
  const staffHidden = actor.scope.companyIds !== null;
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    category_name: categoryName(row.category, extra.categories),
    description: row.description,
    tags: extra.tags,
    effective_date: row.effective_date,
    expiration_date: row.expiration_date,
    text_status: row.text_status,
    current_version:
      row.version_id === null
        ? null
        : {
            id: row.version_id,
            version: row.version_number!,
            file_name: row.file_name!,
            mime_type: row.mime_type!,
            size: Number(row.size),
            checksum: row.checksum!,
            text_status: row.version_text_status!,
            text_error: row.version_text_error ?? null,
            uploaded_by:
              row.version_uploaded_by === null || staffHidden
                ? null
                : { id: row.version_uploaded_by!, name: row.version_uploader_name ?? 'Deleted user' },
            created_at: row.version_created_at!,
          },
    version_count: Number(row.version_count ?? 0),
    links: extra.links,
    uploaded_by:
      row.uploaded_by === null || staffHidden
        ? null
        : { id: row.uploaded_by, name: row.uploader_name ?? 'Deleted user' },
    created_at: row.created_at,
    updated_at: row.updated_at,
    deleted_at: row.deleted_at,
    shared: row.shared === 1,
    abilities: recordAbilities(actor),
    attributes: extra.attributes,
  };
}

export function presentVersion(row: {
  id: number;
  version: number;
  file_name: string;
  mime_type: string;
  size: number;
  checksum: string;
  text_status: DocumentVersion['text_status'];
  text_error: string | null;
  created_at: string;
  uploaded_by: number | null;
  uploader_name: string | null;
}): DocumentVersion {
  return {
    id: row.id,
    version: row.version,
    file_name: row.file_name,
    mime_type: row.mime_type,
    size: Number(row.size),
    checksum: row.checksum,
    text_status: row.text_status,
    text_error: row.text_error,
    uploaded_by:
      row.uploaded_by === null ? null : { id: row.uploaded_by, name: row.uploader_name ?? 'Deleted user' },
    created_at: row.created_at,
  };
}
