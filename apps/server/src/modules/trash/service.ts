import { sql } from 'kysely';
import { TRASH_TYPES, type PaginationMeta, type TrashItem } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, type Actor } from '../../platform/policy';
import { RESOURCE_TABLES } from '../../platform/resource-tables';
import {
  purgeDate,
  purgeExpired,
  recordDefinitions,
  recordLifecycle,
  recordPolicy,
  trashCutoff,
  type Lifecycle,
  type TrashType,
} from '../records/index';
import { documentLifecycle } from '../documents/index';
import { leaseLifecycle } from '../leases/index';
import { agreementLifecycle } from '../agreements/index';
import { PENDING_IMPORT } from '../records/index';

/**
 * Every kind the trash holds, in purge order: children before parents, so foreign keys to rows about to go
 * are cleared first by ON DELETE SET NULL. Read when called: the modules defining them import this one's
 * neighbours, so they may not be loaded yet when this file is.
 */
const kinds = (): Lifecycle[] => [
  documentLifecycle,
  leaseLifecycle(),
  agreementLifecycle(),
  ...(['stores', 'contacts', 'brands', 'companies'] as const).map((type) =>
    recordLifecycle(recordDefinitions[type]),
  ),
];
const kindOf = (type: TrashType) => kinds().find((kind) => kind.type === type)!;

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
  const cutoff = trashCutoff();
  const union = sql.join(
    types.map(
      (type) =>
        sql`select ${type} as type, id, ${sql.raw(kindOf(type).trashTitle)} as title, deleted_at from ${sql.table(RESOURCE_TABLES[type])} where team_id = ${actor.teamId} and deleted_at is not null and deleted_at > ${cutoff} and deleted_at < ${PENDING_IMPORT}`,
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
      purge_at: purgeDate(row.deleted_at),
    })),
    meta: paginationMeta(query.page, query.perPage, Number(count.rows[0]?.total ?? 0)),
  };
}

/**
 * The scheduled purge: rows deleted more than TRASH_DAYS ago are removed for good, with what hangs off them
 * (notes, clauses, reminders, attribute values, images and files no other row uses).
 */
export async function purgeTrash(deps: Deps): Promise<number> {
  const cutoff = trashCutoff();
  let purged = 0;
  for (const kind of kinds()) purged += await purgeExpired(deps, kind, cutoff);
  return purged;
}
