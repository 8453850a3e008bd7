import { sql, type Kysely } from 'kysely';
import { TRASH_TYPES, type PaginationMeta, type TrashItem } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { transactionRetryingDeadlocks } from '../../platform/db';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, type Actor } from '../../platform/policy';
import { recordPolicy } from '../records/policy';
import { TRASH_DAYS } from '../records/service';
import { removeVariants, variantKeys } from '../records/images';
import { discardBlob, releaseBlobs } from '../../platform/blobs';
import { purgeAttributeValues } from '../attributes/service';
import { PENDING_IMPORT } from '../imports/pending';

const DAY_MS = 86_400_000;
type TrashType = (typeof TRASH_TYPES)[number];

const tableOf = (type: TrashType) => (type === 'agreements' ? 'franchise_agreements' : type);

const titleSql: Record<TrashType, string> = {
  documents: 'title',
  leases:
    "coalesce((select name from stores where stores.id = leases.store_id), '') || coalesce(' (' || reference || ')', '')",
  agreements:
    "coalesce((select name from brands where brands.id = franchise_agreements.brand_id), '') || coalesce(' ' || agreement_number, '')",
  companies: 'name',
  brands: 'name',
  stores: 'name',
  contacts:
    "coalesce(nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email, '')",
};

/** Deleted records still restorable, newest first, across every record type (admins). */
export async function listTrash(
  deps: Deps,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<{ data: TrashItem[]; meta: PaginationMeta }> {
  authorize(recordPolicy.viewTrash(actor));
  const query = parseListQuery(raw, {
    sorts: ['deleted_at'],
    defaultSort: 'deleted_at',
    filters: { type: { type: 'enum', values: TRASH_TYPES } },
  });
  const types = (query.filters.type as TrashType[] | undefined) ?? [...TRASH_TYPES];
  const cutoff = new Date(Date.now() - TRASH_DAYS * DAY_MS).toISOString();
  const union = sql.join(
    types.map(
      (type) =>
        sql`select ${type} as type, id, ${sql.raw(titleSql[type])} as title, deleted_at from ${sql.table(tableOf(type))} where team_id = ${actor.teamId} and deleted_at is not null and deleted_at > ${cutoff} and deleted_at < ${PENDING_IMPORT}`,
    ),
    sql` union all `,
  );
  const offset = (query.page - 1) * query.perPage;
  const [rows, count] = await Promise.all([
    sql<{
      type: TrashType;
      id: number;
      title: string;
      deleted_at: string;
    }>`select * from (${union}) as trash order by deleted_at desc, id desc limit ${query.perPage} offset ${offset}`.execute(
      deps.db,
    ),
    sql<{ total: number }>`select count(*) as total from (${union}) as trash`.execute(deps.db),
  ]);
  return {
    data: rows.rows.map((row) => ({
      type: row.type,
      id: Number(row.id),
      title: row.title,
      deleted_at: new Date(row.deleted_at).toISOString(),
      purge_at: new Date(Date.parse(row.deleted_at) + TRASH_DAYS * DAY_MS).toISOString(),
    })),
    meta: paginationMeta(query.page, query.perPage, Number(count.rows[0]?.total ?? 0)),
  };
}

/**
 * The scheduled purge: records deleted more than TRASH_DAYS ago are removed for good, with their
 * images and notes. Safe to run on several instances at once (deleting twice deletes nothing more).
 */
export async function purgeTrash(deps: Deps): Promise<number> {
  const cutoff = new Date(Date.now() - TRASH_DAYS * DAY_MS).toISOString();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- table chosen from four literals
  const db = deps.db as unknown as Kysely<any>;
  let purged = 0;
  purged += await purgeDocuments(deps, cutoff);
  purged += await purgeContracts(deps, cutoff);
  const subjects = { companies: 'company', brands: 'brand', stores: 'store', contacts: 'contact' } as const;
  // Children before parents, so foreign keys to rows about to go are cleared first by ON DELETE SET NULL.
  for (const type of ['stores', 'contacts', 'brands', 'companies'] as const) {
    const doomed: Array<{ id: number; image_key: string | null }> = await db
      .selectFrom(type)
      .select(['id', 'image_key'])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .limit(1000)
      .execute();
    if (!doomed.length) continue;
    const ids = doomed.map((row) => row.id);
    await transactionRetryingDeadlocks(deps.db, async (trx) => {
      await trx
        .deleteFrom('notes')
        .where('subject_type', '=', subjects[type])
        .where('subject_id', 'in', ids)
        .execute();
      await purgeAttributeValues(trx, type, ids);
      await (trx as unknown as typeof db).deleteFrom(type).where('id', 'in', ids).execute();
      await releaseBlobs(
        trx,
        doomed.flatMap((row) => (row.image_key ? variantKeys(row.image_key) : [])),
      );
    });
    for (const row of doomed) if (row.image_key) await removeVariants(deps, row.image_key);
    purged += ids.length;
  }
  return purged;
}

/** Deleted documents past the trash period, and every blob no remaining version still references. */
async function purgeDocuments(deps: Deps, cutoff: string): Promise<number> {
  const doomed = await deps.db
    .selectFrom('documents')
    .select('id')
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .limit(1000)
    .execute();
  if (!doomed.length) return 0;
  const ids = doomed.map((d) => d.id);
  const blobs = await deps.db
    .selectFrom('document_versions')
    .select('blob_key')
    .where('document_id', 'in', ids)
    .execute();
  let released: string[] = [];
  await transactionRetryingDeadlocks(deps.db, async (trx) => {
    await trx
      .deleteFrom('jobs')
      .where('kind', '=', 'extract_text')
      .where('finished_at', 'is', null)
      .where(
        sql<boolean>`payload in (select '{"versionId":' || id || '}' from document_versions where document_id in (${sql.join(ids)}))`,
      )
      .execute();
    await purgeAttributeValues(trx, 'documents', ids);
    await trx.deleteFrom('documents').where('id', 'in', ids).execute();
    // Registered in the purge's own transaction: a crash before the deletes below leaves them to the sweep.
    const keys = [...new Set(blobs.map((b) => b.blob_key))];
    const stillUsed = new Set<string>();
    for (let at = 0; at < keys.length; at += 500) {
      for (const row of await trx
        .selectFrom('document_versions')
        .select('blob_key')
        .where('blob_key', 'in', keys.slice(at, at + 500))
        .execute())
        stillUsed.add(row.blob_key);
    }
    released = keys.filter((key) => !stillUsed.has(key));
    await releaseBlobs(trx, released);
  });
  for (const key of released) await discardBlob(deps, key);
  return ids.length;
}

/** Leases and agreements past the trash period; their rows cascade, their clauses are removed here. */
async function purgeContracts(deps: Deps, cutoff: string): Promise<number> {
  let purged = 0;
  for (const [table, subject, attributeSubject] of [
    ['leases', 'lease', 'leases'],
    ['franchise_agreements', 'agreement', 'agreements'],
  ] as const) {
    const ids = (
      await deps.db
        .selectFrom(table)
        .select('id')
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', cutoff)
        .limit(1000)
        .execute()
    ).map((r) => r.id);
    if (!ids.length) continue;
    await transactionRetryingDeadlocks(deps.db, async (trx) => {
      await trx
        .deleteFrom('clauses')
        .where('subject_type', '=', subject)
        .where('subject_id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('reminders')
        .where('subject_type', '=', subject)
        .where('subject_id', 'in', ids)
        .execute();
      await purgeAttributeValues(trx, attributeSubject, ids);
      await trx.deleteFrom(table).where('id', 'in', ids).execute();
    });
    purged += ids.length;
  }
  return purged;
}
