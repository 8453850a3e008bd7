import { sql } from 'kysely';
import { displayName, type LinkableType } from '@storekeep/contracts';
import type { Executor } from '../../platform/db';

/** Documents with their current version and uploader, in the order of `ids`; this team's only. */
export async function loadDocuments(db: Executor, teamId: number, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('documents')
    .leftJoin('document_versions as v', 'v.id', 'documents.current_version_id')
    .leftJoin('users as uploader', 'uploader.id', 'documents.uploaded_by')
    .leftJoin('users as version_uploader', 'version_uploader.id', 'v.uploaded_by')
    .selectAll('documents')
    .select([
      'v.id as version_id',
      'v.version as version_number',
      'v.blob_key',
      'v.file_name',
      'v.mime_type',
      'v.size',
      'v.checksum',
      'v.text_status as version_text_status',
      'v.text_error as version_text_error',
      'v.created_at as version_created_at',
      'v.uploaded_by as version_uploaded_by',
      'version_uploader.name as version_uploader_name',
      'uploader.name as uploader_name',
      (eb) =>
        eb
          .selectFrom('document_versions')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('document_versions.document_id', '=', 'documents.id')
          .as('version_count'),
    ])
    .where('documents.team_id', '=', teamId)
    .where('documents.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type LoadedDocument = Awaited<ReturnType<typeof loadDocuments>>[number];

export async function tagsOf(db: Executor, teamId: number, ids: number[]) {
  const map = new Map<number, string[]>();
  if (!ids.length) return map;
  const rows = await db
    .selectFrom('document_tags')
    .select(['document_id', 'tag'])
    .where('team_id', '=', teamId)
    .where('document_id', 'in', ids)
    .orderBy('tag')
    .execute();
  for (const row of rows) map.set(row.document_id, [...(map.get(row.document_id) ?? []), row.tag]);
  return map;
}

/** Links with the linked record's display name; links to records in the trash are left out. */
export async function linksOf(db: Executor, teamId: number, ids: number[]) {
  const map = new Map<number, Array<{ type: LinkableType; id: number; name: string }>>();
  if (!ids.length) return map;
  const links = await db
    .selectFrom('document_links')
    .select(['document_id', 'linkable_type', 'linkable_id'])
    .where('team_id', '=', teamId)
    .where('document_id', 'in', ids)
    .orderBy('id')
    .execute();
  const names = new Map<string, string>();
  for (const type of ['companies', 'brands', 'stores'] as const) {
    const wanted = links.filter((l) => l.linkable_type === type).map((l) => l.linkable_id);
    if (!wanted.length) continue;
    const rows = await db
      .selectFrom(type)
      .select(['id', 'name'])
      .where('team_id', '=', teamId)
      .where('deleted_at', 'is', null)
      .where('id', 'in', wanted)
      .execute();
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  }
  const contactIds = links.filter((l) => l.linkable_type === 'contacts').map((l) => l.linkable_id);
  if (contactIds.length) {
    const rows = await db
      .selectFrom('contacts')
      .leftJoin('companies', 'companies.id', 'contacts.company_id')
      .select([
        'contacts.id',
        'contacts.first_name',
        'contacts.last_name',
        'contacts.email',
        'companies.name as company',
      ])
      .where('contacts.team_id', '=', teamId)
      .where('contacts.deleted_at', 'is', null)
      .where('contacts.id', 'in', contactIds)
      .execute();
    for (const row of rows) names.set(`contacts:${row.id}`, displayName(row));
  }
  const leaseIds = links.filter((l) => l.linkable_type === 'leases').map((l) => l.linkable_id);
  if (leaseIds.length) {
    const rows = await db
      .selectFrom('leases')
      .innerJoin('stores', 'stores.id', 'leases.store_id')
      .select(['leases.id', 'leases.reference', 'stores.name'])
      .where('leases.team_id', '=', teamId)
      .where('leases.deleted_at', 'is', null)
      .where('leases.id', 'in', leaseIds)
      .execute();
    for (const row of rows)
      names.set(`leases:${row.id}`, `Lease ${row.reference ?? `#${row.id}`} — ${row.name}`);
  }
  const agreementIds = links.filter((l) => l.linkable_type === 'agreements').map((l) => l.linkable_id);
  if (agreementIds.length) {
    const rows = await db
      .selectFrom('franchise_agreements')
      .innerJoin('brands', 'brands.id', 'franchise_agreements.brand_id')
      .select(['franchise_agreements.id', 'franchise_agreements.agreement_number', 'brands.name'])
      .where('franchise_agreements.team_id', '=', teamId)
      .where('franchise_agreements.deleted_at', 'is', null)
      .where('franchise_agreements.id', 'in', agreementIds)
      .execute();
    for (const row of rows)
      names.set(`agreements:${row.id}`, `Agreement ${row.agreement_number ?? `#${row.id}`} — ${row.name}`);
  }
  for (const link of links) {
    const name = names.get(`${link.linkable_type}:${link.linkable_id}`);
    if (name === undefined) continue;
    map.set(link.document_id, [
      ...(map.get(link.document_id) ?? []),
      { type: link.linkable_type as LinkableType, id: link.linkable_id, name },
    ]);
  }
  return map;
}

export async function replaceTags(db: Executor, teamId: number, documentId: number, tags: string[]) {
  await db
    .deleteFrom('document_tags')
    .where('team_id', '=', teamId)
    .where('document_id', '=', documentId)
    .execute();
  if (tags.length)
    await db
      .insertInto('document_tags')
      .values(tags.map((tag) => ({ team_id: teamId, document_id: documentId, tag })))
      .execute();
}

export async function addLink(
  db: Executor,
  teamId: number,
  documentId: number,
  type: LinkableType,
  id: number,
  now: string,
) {
  const existing = await db
    .selectFrom('document_links')
    .select('id')
    .where('team_id', '=', teamId)
    .where('document_id', '=', documentId)
    .where('linkable_type', '=', type)
    .where('linkable_id', '=', id)
    .executeTakeFirst();
  if (!existing)
    await db
      .insertInto('document_links')
      .values({
        team_id: teamId,
        document_id: documentId,
        linkable_type: type,
        linkable_id: id,
        created_at: now,
      })
      .execute();
}

export async function removeLink(
  db: Executor,
  teamId: number,
  documentId: number,
  type: LinkableType,
  id: number,
) {
  const result = await db
    .deleteFrom('document_links')
    .where('team_id', '=', teamId)
    .where('document_id', '=', documentId)
    .where('linkable_type', '=', type)
    .where('linkable_id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listVersions(db: Executor, teamId: number, documentId: number) {
  return db
    .selectFrom('document_versions')
    .leftJoin('users', 'users.id', 'document_versions.uploaded_by')
    .select([
      'document_versions.id',
      'document_versions.version',
      'document_versions.blob_key',
      'document_versions.file_name',
      'document_versions.mime_type',
      'document_versions.size',
      'document_versions.checksum',
      'document_versions.text_status',
      'document_versions.text_error',
      'document_versions.created_at',
      'document_versions.uploaded_by',
      'users.name as uploader_name',
    ])
    .where('document_versions.team_id', '=', teamId)
    .where('document_versions.document_id', '=', documentId)
    .orderBy('document_versions.version', 'desc')
    .execute();
}

/** A document of this team already linked to the record that holds a file with this checksum. */
export function findDuplicateOnRecord(
  db: Executor,
  teamId: number,
  checksum: string,
  type: LinkableType,
  id: number,
) {
  return db
    .selectFrom('document_versions as v')
    .innerJoin('documents as d', 'd.id', 'v.document_id')
    .innerJoin('document_links as l', 'l.document_id', 'd.id')
    .select(['d.id', 'd.title'])
    .where('v.team_id', '=', teamId)
    .where('v.checksum', '=', checksum)
    .where('d.deleted_at', 'is', null)
    .where('l.linkable_type', '=', type)
    .where('l.linkable_id', '=', id)
    .executeTakeFirst();
}

export function teamCategories(db: Executor, teamId: number) {
  return db
    .selectFrom('document_categories')
    .select(['slug', 'name'])
    .where('team_id', '=', teamId)
    .orderBy('name')
    .execute();
}

/** The files behind every version of these documents. */
export async function blobKeysOf(db: Executor, teamId: number, documentIds: number[]) {
  const rows = await db
    .selectFrom('document_versions')
    .select('blob_key')
    .where('team_id', '=', teamId)
    .where('document_id', 'in', documentIds)
    .execute();
  return rows.map((row) => row.blob_key);
}

/** Which of these files a version still names (a blob key belongs to the team that uploaded it). */
export async function blobKeysInUse(db: Executor, teamId: number, keys: string[]) {
  const used = new Set<string>();
  for (let at = 0; at < keys.length; at += 500) {
    const rows = await db
      .selectFrom('document_versions')
      .select('blob_key')
      .where('team_id', '=', teamId)
      .where('blob_key', 'in', keys.slice(at, at + 500))
      .execute();
    for (const row of rows) used.add(row.blob_key);
  }
  return used;
}
