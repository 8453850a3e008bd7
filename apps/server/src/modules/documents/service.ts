import { sql, type SqlBool } from 'kysely';
import {
  DOCUMENT_CATEGORIES,
  type Attribute,
  LINKABLE_TYPES,
  RECORD_TYPES,
  type DocumentDto,
  type LinkableType,
  type PaginationMeta,
  type RecordType,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { invalid, notFound } from '../../platform/errors';
import { pageOfIds, paginationMeta, type FilterSpec, type SortColumn } from '../../platform/list';
import { RESOURCE_TABLES } from '../../platform/resource-tables';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { authorize, hasRole, type Actor, type TeamScope } from '../../platform/policy';
import { indexRecord, matchingIds, normalizeText, searchTokens, unindexRecord } from '../../platform/search';
import { diff, recordActivity } from '../activities/index';
import {
  attributeSearchText,
  attributeValuesShownTo,
  listQueryWithAttributes,
  syncAttributeReminders,
  writeAttributeValues,
} from '../attributes/index';
import {
  recordPolicy,
  recordDefinitions,
  findLive,
  type Lifecycle,
  restoreFromTrash,
  softDelete,
} from '../records/index';
import { removeSubjectReminders, syncReminders } from '../reminders/index';
import { discardBlob, releaseBlobs } from '../../platform/blobs';
import { signedFileUrl } from './download';
import { passageAround } from './passage';
import { categoryName, isBuiltInCategory, presentDocument, presentVersion } from './presenter';
import * as repo from './repository';
import { documentInScope, limitedScope, linkTargetInScope, sharedInScope, visibleLinkIds } from './scope';

/** How much extracted text feeds the search index per document. */
const INDEXED_TEXT_CHARS = 100_000;

const DOCUMENT_LIST = {
  sorts: {
    title: ['title'],
    created_at: ['created_at'],
    updated_at: ['updated_at'],
    expiration_date: ['expiration_date'],
    category: ['category', 'title'],
  } as Record<string, SortColumn[]>,
  filters: {
    category: { type: 'text' },
    tag: { type: 'text' },
    linked_type: { type: 'enum', values: LINKABLE_TYPES },
    linked_id: { type: 'ids' },
    expiring_before: { type: 'text' },
    uploaded_by: { type: 'ids' },
    from: { type: 'text' },
    to: { type: 'text' },
  } satisfies Record<string, FilterSpec>,
};

export async function categoriesOf(db: Executor, teamId: number) {
  return new Map((await repo.teamCategories(db, teamId)).map((c) => [c.slug, c.name]));
}

export async function presentDocuments(
  deps: Deps,
  actor: Actor,
  ids: number[],
  db: Executor = deps.db,
  /** The team's live document attributes when the caller already read them (a list page). */
  definitions?: readonly Attribute[],
): Promise<DocumentDto[]> {
  const [rows, tags, links, categories, attributes] = await Promise.all([
    repo.loadDocuments(db, actor.teamId, ids),
    repo.tagsOf(db, actor.teamId, ids),
    repo.linksOf(db, actor.teamId, ids),
    categoriesOf(db, actor.teamId),
    attributeValuesShownTo(db, actor.scope, 'documents', ids, definitions),
  ]);
  const limited = limitedScope(actor.scope);
  // A franchisee's member is named only their own records among a document's links.
  const visible = limited
    ? await visibleLinkIds(
        db,
        limited,
        [...links.values()].flat().map((l) => ({ linkable_type: l.type, linkable_id: l.id })),
      )
    : null;
  return rows.map((row) =>
    presentDocument(
      row,
      {
        tags: tags.get(row.id) ?? [],
        links: (links.get(row.id) ?? []).filter((l) => !visible || visible.has(`${l.type}:${l.id}`)),
        categories,
        attributes: attributes.get(row.id) ?? {},
      },
      actor,
    ),
  );
}

function isoDay(value: string | number | undefined, field: string): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text)))
    throw invalid(`filters.${field}`, `The ${field.replace('_', ' ')} filter must be a date.`);
  return text;
}

/** The documents list's parsed query, its SQL conditions and its search match set, after the view check. */
export async function documentListQuery(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
  scope?: { type: LinkableType; id: number },
) {
  authorize(recordPolicy.view(actor));
  const { query, orderBy, conditions, definitions } = await listQueryWithAttributes(
    deps.db,
    actor.teamId,
    raw,
    {
      subject: 'documents',
      table: 'documents',
      sorts: DOCUMENT_LIST.sorts,
      defaultSort: 'created_at',
      filters: DOCUMENT_LIST.filters,
    },
  );
  if (!raw.direction && query.sort === 'created_at') query.direction = 'desc';
  const f = query.filters;
  const team = actor.teamId;
  if (f.category) conditions.push(sql<SqlBool>`category in (${sql.join(f.category)})`);
  if (f.tag)
    conditions.push(
      sql<SqlBool>`id in (select document_id from document_tags where team_id = ${team} and tag in (${sql.join(f.tag.map((t) => String(t).toLowerCase()))}))`,
    );
  const linkedType = scope ? [scope.type] : f.linked_type;
  const linkedIds = scope ? [scope.id] : f.linked_id;
  if (linkedType || linkedIds) {
    const typeCondition = linkedType ? sql`and linkable_type in (${sql.join(linkedType)})` : sql``;
    const idCondition = linkedIds ? sql`and linkable_id in (${sql.join(linkedIds)})` : sql``;
    conditions.push(
      sql<SqlBool>`id in (select document_id from document_links where team_id = ${team} ${typeCondition} ${idCondition})`,
    );
  }
  const expiring = isoDay(f.expiring_before?.[0], 'expiring_before');
  if (expiring) conditions.push(sql<SqlBool>`expiration_date is not null and expiration_date <= ${expiring}`);
  if (f.uploaded_by) conditions.push(sql<SqlBool>`uploaded_by in (${sql.join(f.uploaded_by)})`);
  const from = isoDay(f.from?.[0], 'from');
  if (from) conditions.push(sql<SqlBool>`created_at >= ${new Date(from).toISOString()}`);
  const to = isoDay(f.to?.[0], 'to');
  if (to) conditions.push(sql<SqlBool>`created_at < ${new Date(Date.parse(to) + 86_400_000).toISOString()}`);
  const search = query.search ? matchingIds(deps.dialect, team, 'documents', query.search) : null;
  if (search) conditions.push(search.condition);
  const limited = limitedScope(actor.scope);
  if (limited) conditions.push(sharedInScope(deps.db, limited));
  return { query, orderBy, conditions, search, definitions };
}

export async function listDocuments(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
  scope?: { type: LinkableType; id: number },
): Promise<{ data: DocumentDto[]; meta: PaginationMeta }> {
  const { query, orderBy, conditions, search, definitions } = await documentListQuery(
    deps,
    actor,
    raw,
    scope,
  );
  const team = actor.teamId;
  const { ids, total } = await pageOfIds(deps.db, {
    search,
    table: 'documents',
    teamId: team,
    conditions,
    orderBy,
    direction: query.direction,
    page: query.page,
    perPage: query.perPage,
  });
  return {
    // The attribute definitions the query was parsed with: not read a second time for the page.
    data: await presentDocuments(deps, actor, ids, deps.db, definitions),
    meta: paginationMeta(query.page, query.perPage, total),
  };
}

export async function findLiveDocument(db: Executor, teamId: number, id: number) {
  const document = await db
    .selectFrom('documents')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!document) throw notFound('Document');
  return document;
}

/** The single-document fetch of spec §7: the document with `url`, a signed link to its current file. */
export async function getDocument(deps: Deps, actor: Actor, id: number): Promise<DocumentDto> {
  await findLiveDocument(deps.db, actor.teamId, id);
  // Not shared with a franchisee's member, or not about their records: as if it did not exist.
  if (!(await documentInScope(deps.db, actor.scope, id))) throw notFound('Document');
  const [dto] = await presentDocuments(deps, actor, [id]);
  const version = await deps.db
    .selectFrom('document_versions')
    .select(['id', 'blob_key', 'file_name', 'mime_type'])
    .where('team_id', '=', actor.teamId)
    .where('id', '=', dto!.current_version?.id ?? -1)
    .executeTakeFirst();
  return { ...dto!, url: version ? await signedFileUrl(deps, version) : undefined };
}

/**
 * Brings what derives from a document up to date after any change: its search row (title, category,
 * tags, the start of the current version's text) and its expiration reminder.
 */
export async function reindexDocument(db: Executor, teamId: number, id: number) {
  const document = await db
    .selectFrom('documents')
    .leftJoin('document_versions as v', 'v.id', 'documents.current_version_id')
    .select([
      'documents.title',
      'documents.category',
      'documents.deleted_at',
      'documents.expiration_date',
      'v.extracted_text',
      'v.file_name',
    ])
    .where('documents.team_id', '=', teamId)
    .where('documents.id', '=', id)
    .executeTakeFirst();
  if (!document || document.deleted_at) {
    await removeSubjectReminders(db, teamId, { type: 'document', id });
    return unindexRecord(db, 'documents', id);
  }
  const expiry = document.expiration_date;
  await syncReminders(
    db,
    teamId,
    { type: 'document', id },
    expiry
      ? [
          {
            key: `document:${id}:expiration`,
            source: 'document_expiration',
            title: `Document expires: ${document.title}`,
            due_date: expiry,
          },
        ]
      : [],
  );
  await syncAttributeReminders(db, teamId, 'documents', id);
  const tags = (await repo.tagsOf(db, teamId, [id])).get(id) ?? [];
  const attributeText = await attributeSearchText(db, teamId, 'documents', id);
  await indexRecord(db, {
    teamId,
    type: 'documents',
    id,
    title: document.title,
    subtitle: categoryName(document.category, await categoriesOf(db, teamId)),
    extra: [
      document.file_name ?? '',
      ...tags,
      ...attributeText,
      (document.extracted_text ?? '').slice(0, INDEXED_TEXT_CHARS),
    ],
  });
}

export async function checkCategory(db: Executor, teamId: number, category: string) {
  if (isBuiltInCategory(category)) return;
  if (!(await categoriesOf(db, teamId)).has(category))
    throw invalid('category', 'The selected category is invalid.');
}

/** Leases and agreements are not records of the records kit: their rows are read from their own tables. */
const isRecordType = (type: LinkableType): type is RecordType =>
  (RECORD_TYPES as readonly string[]).includes(type);

/** Whether the team has a live record of that type and id (a document can be linked to it). */
export async function linkTargetExists(
  db: Executor,
  teamId: number,
  type: LinkableType,
  id: number,
): Promise<boolean> {
  if (isRecordType(type))
    return findLive(db, recordDefinitions[type], teamId, id).then(
      () => true,
      () => false,
    );
  const row = await db
    .selectFrom(RESOURCE_TABLES[type])
    .select('id')
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function checkLinkTarget(
  db: Executor,
  teamId: number,
  type: LinkableType,
  id: number,
  field = 'id',
) {
  if (!(await linkTargetExists(db, teamId, type, id)))
    throw invalid(field, 'The selected record is invalid.');
}

/** A record's Documents tab: a live record of the team, and for a franchisee's member one of theirs; else 404. */
export async function checkVisibleLinkTarget(db: Executor, scope: TeamScope, type: LinkableType, id: number) {
  const limited = limitedScope(scope);
  const visible =
    (await linkTargetExists(db, scope.teamId, type, id)) &&
    (!limited || (await linkTargetInScope(db, limited, type, id)));
  if (!visible) throw notFoundRecord(type);
}

export type DocumentPatch = {
  title?: string;
  category?: string;
  description?: string | null;
  tags?: string[];
  effective_date?: string | null;
  expiration_date?: string | null;
  /** Shown to the franchisees whose records it is linked to. */
  shared?: boolean;
  /** Team-defined attributes by key; keys not given keep their values. */
  attributes?: Record<string, unknown>;
};

export async function updateDocument(
  deps: Deps,
  actor: Actor,
  id: number,
  patch: DocumentPatch,
): Promise<DocumentDto> {
  await findLiveDocument(deps.db, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  await writeTransaction(deps.db, (trx) =>
    writeDocumentFields(trx, actor.teamId, id, patch, { userId: actor.user.id, ip: actor.ip }),
  );
  return (await presentDocuments(deps, actor, [id]))[0]!;
}

/**
 * Checks and writes a document's fields inside the caller's transaction (the form's PATCH and the metadata
 * import): dates in order, a known category, tags replaced, search row and expiration reminder refreshed,
 * audited. Returns the changed fields' values before, so an import can put them back.
 */
export async function writeDocumentFields(
  trx: Executor,
  teamId: number,
  id: number,
  patch: DocumentPatch,
  by: { userId: number | null; ip: string | null },
  options: { keepUpdatedAt?: string } = {},
): Promise<DocumentPatch> {
  const current = await findLiveDocument(trx, teamId, id);
  const effective = patch.effective_date !== undefined ? patch.effective_date : current.effective_date;
  const expiration = patch.expiration_date !== undefined ? patch.expiration_date : current.expiration_date;
  if (effective && expiration && !(expiration > effective))
    throw invalid('expiration_date', 'The expiration date must be a date after effective date.');
  if (patch.category) await checkCategory(trx, teamId, patch.category);
  const { tags, attributes, shared, ...fields } = patch;
  const changes: Record<string, unknown> = diff(current as Record<string, unknown>, fields);
  const before: DocumentPatch = Object.fromEntries(
    Object.keys(changes).map((k) => [k, (current as Record<string, unknown>)[k]]),
  );
  // Sharing is audited on its own (`shared` / `unshared`): it decides who outside the franchisor sees the file.
  const sharing = shared !== undefined && shared !== (current.shared === 1) ? shared : undefined;
  if (sharing !== undefined) before.shared = !sharing;
  const columns = sharing === undefined ? fields : { ...fields, shared: sharing ? 1 : 0 };
  if (attributes) {
    const changed = await writeAttributeValues(trx, teamId, 'documents', id, attributes, { partial: true });
    Object.assign(changes, changed);
    // An import's undo puts back the values before, by key.
    if (Object.keys(changed).length)
      before.attributes = Object.fromEntries(
        Object.entries(changed).map(([k, [old]]) => [k.replace(/^attributes\./, ''), old]),
      );
  }
  if (Object.keys(columns).length || tags || Object.keys(changes).length) {
    await trx
      .updateTable('documents')
      .set({ ...columns, updated_at: options.keepUpdatedAt ?? nowIso() })
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .execute();
  }
  if (tags) {
    const old = (await repo.tagsOf(trx, teamId, [id])).get(id) ?? [];
    if (old.join(',') !== tags.join(',')) {
      changes.tags = [old, tags];
      before.tags = old;
    }
    await repo.replaceTags(trx, teamId, id, tags);
  }
  await reindexDocument(trx, teamId, id);
  if (Object.keys(changes).length)
    await recordActivity(trx, {
      teamId,
      userId: by.userId,
      subjectType: 'document',
      subjectId: id,
      action: 'updated',
      changes,
      ip: by.ip,
    });
  if (sharing !== undefined)
    await recordActivity(trx, {
      teamId,
      userId: by.userId,
      subjectType: 'document',
      subjectId: id,
      action: sharing ? 'shared' : 'unshared',
      changes: { shared: [!sharing, sharing] },
      ip: by.ip,
    });
  return before;
}

/** Documents in the lifecycle kit: what leaves and returns with one is its search entry and reminders. */
export const documentLifecycle: Lifecycle = {
  type: 'documents',
  subject: 'document',
  label: 'Document',
  trashTitle: 'title',
  afterDelete: reindexDocument,
  afterRestore: reindexDocument,
  async beforePurge(deps, trx, teamId, ids) {
    const keys = [...new Set(await repo.blobKeysOf(trx, teamId, ids))];
    await trx
      .deleteFrom('jobs')
      .where('team_id', '=', teamId)
      .where('kind', '=', 'extract_text')
      .where('finished_at', 'is', null)
      .where(
        sql<boolean>`payload in (select '{"versionId":' || id || '}' from document_versions where team_id = ${teamId} and document_id in (${sql.join(ids)}))`,
      )
      .execute();
    let released: string[] = [];
    return {
      // Registered in the purge's own transaction: a crash before the deletes after it leaves them to the sweep.
      async inTransaction(trx) {
        const stillUsed = await repo.blobKeysInUse(trx, teamId, keys);
        released = keys.filter((key) => !stillUsed.has(key));
        await releaseBlobs(trx, released);
      },
      async afterCommit() {
        for (const key of released) await discardBlob(deps, key);
      },
    };
  },
};

export const deleteDocument = (deps: Deps, actor: Actor, id: number) =>
  softDelete(deps, documentLifecycle, actor, id);

export async function restoreDocument(deps: Deps, actor: Actor, id: number): Promise<DocumentDto> {
  await restoreFromTrash(deps, documentLifecycle, actor, id);
  return (await presentDocuments(deps, actor, [id]))[0]!;
}

export async function listDocumentVersions(deps: Deps, actor: Actor, id: number) {
  await findLiveDocument(deps.db, actor.teamId, id);
  const rows = await repo.listVersions(deps.db, actor.teamId, id);
  return Promise.all(
    rows.map(async (row) => ({ ...presentVersion(row), url: await signedFileUrl(deps, row) })),
  );
}

export async function linkDocument(
  deps: Deps,
  actor: Actor,
  id: number,
  target: { type: LinkableType; id: number },
  link: boolean,
): Promise<DocumentDto> {
  await findLiveDocument(deps.db, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  await writeTransaction(deps.db, async (trx) => {
    if (link) {
      await checkLinkTarget(trx, actor.teamId, target.type, target.id);
      await repo.addLink(trx, actor.teamId, id, target.type, target.id, nowIso());
    } else if (!(await repo.removeLink(trx, actor.teamId, id, target.type, target.id))) {
      throw notFound('Link');
    }
    // A record's Documents tab counts its links: cached totals must not outlive this.
    await bumpTeamWriteVersion(trx, actor.teamId);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'document',
      subjectId: id,
      action: link ? 'linked' : 'unlinked',
      changes: { record: `${target.type}:${target.id}` },
      ip: actor.ip,
    });
  });
  return (await presentDocuments(deps, actor, [id]))[0]!;
}

export async function listCategories(deps: Deps, actor: Actor) {
  const custom = await repo.teamCategories(deps.db, actor.teamId);
  return [
    ...Object.entries(DOCUMENT_CATEGORIES).map(([slug, name]) => ({ slug, name, built_in: true })),
    ...custom.map((c) => ({ slug: c.slug, name: c.name, built_in: false })),
  ];
}

export async function addCategory(deps: Deps, actor: Actor, name: string) {
  authorize(hasRole(actor, 'admin'), 'Only admins can add document categories.');
  const slug = normalizeText(name).replace(/ /g, '_').slice(0, 60);
  if (!slug) throw invalid('name', 'The name must contain letters or numbers.');
  if (isBuiltInCategory(slug) || (await categoriesOf(deps.db, actor.teamId)).has(slug))
    throw invalid('name', 'This category already exists.');
  await writeTransaction(deps.db, async (trx) => {
    await trx
      .insertInto('document_categories')
      .values({ team_id: actor.teamId, slug, name, created_at: nowIso() })
      .execute();
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'document_category',
      subjectId: slug,
      action: 'created',
      changes: { name: [null, name] },
      ip: actor.ip,
    });
  });
  return { slug, name, built_in: false };
}

/** A short passage around the first search word in each document's text, for search results. */
export async function documentSnippets(
  deps: Deps,
  teamId: number,
  ids: number[],
  query: string,
): Promise<Map<number, string>> {
  const snippets = new Map<number, string>();
  const tokens = searchTokens(query);
  if (!ids.length || !tokens.length) return snippets;
  const rows = await deps.db
    .selectFrom('documents')
    .innerJoin('document_versions as v', 'v.id', 'documents.current_version_id')
    .select(['documents.id', sql<string>`substr(v.extracted_text, 1, ${INDEXED_TEXT_CHARS})`.as('text')])
    .where('documents.team_id', '=', teamId)
    .where('documents.id', 'in', ids)
    .execute();
  for (const row of rows) {
    const passage = row.text ? passageAround(row.text, tokens) : null;
    if (passage !== null) snippets.set(row.id, passage);
  }
  return snippets;
}

const RECORD_LABELS: Record<LinkableType, string> = {
  companies: 'Company',
  brands: 'Brand',
  stores: 'Store',
  contacts: 'Contact',
  leases: 'Lease',
  agreements: 'Franchise agreement',
};
export const notFoundRecord = (type: LinkableType) => notFound(RECORD_LABELS[type]);
