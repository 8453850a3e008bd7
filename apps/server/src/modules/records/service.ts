import { sql } from 'kysely';
import type { PaginationMeta, RecordType } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, untyped, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { releaseBlobs } from '../../platform/blobs';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { filterConditions, pageOfIds, paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, type Actor, type TeamScope } from '../../platform/policy';
import { indexRecord, matchingIds, unindexRecord } from '../../platform/search';
import { diff, recordActivity } from '../activities/index';
import {
  attributeErrors,
  attributeListSpecs,
  attributeSearchText,
  attributeSortedPage,
  attributeValuesShownTo,
  removeAttributeReminders,
  syncAttributeReminders,
  writeAttributeValues,
} from '../attributes/index';
import type { LoadedRow, RecordDefinition } from './definition';
import { imageUrlsFor, removeVariants, variantKeys } from './images';
import { type Lifecycle, restoreFromTrash, softDelete } from './lifecycle';
import { recordPolicy } from './policy';

/**
 * The column that ties each record type's rows to a company, for members limited to companies (TeamScope): a
 * store belongs to the company that operates it. A type without one cannot be narrowed, so such a member is
 * refused it (the route table admits them to stores alone).
 */
const COMPANY_COLUMNS: Partial<Record<RecordType, string>> = { stores: 'company_id' };

/** Whether a member limited to companies may read this record type at all (the route table says so). */
export const narrowsToCompanies = (def: { type: RecordType }) => COMPANY_COLUMNS[def.type] !== undefined;

function companyColumn(def: { type: RecordType }, actor: Actor): string | null {
  if (actor.scope.companyIds === null) return null;
  const column = COMPANY_COLUMNS[def.type];
  if (!column) throw forbidden('Your access is limited to your companies’ records.');
  return column;
}

/** The list condition that keeps a limited member to their companies' rows (none for the whole team). */
function scopeCondition(def: { type: RecordType; table: string }, actor: Actor) {
  const column = companyColumn(def, actor);
  if (!column) return null;
  const ids = actor.scope.companyIds!;
  return ids.length
    ? sql<boolean>`${sql.ref(`${def.table}.${column}`)} in (${sql.join([...ids])})`
    : sql<boolean>`1 = 0`;
}

/** Whether a loaded row is one the caller's scope reaches (by id reads: the row is looked up, then kept or 404). */
function inScope(def: { type: RecordType }, actor: Actor, row: object): boolean {
  const column = companyColumn(def, actor);
  if (!column) return true;
  const company = (row as Record<string, unknown>)[column];
  return typeof company === 'number' && actor.scope.companyIds!.includes(company);
}

export function presenterFor<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
) {
  const urls = imageUrlsFor(deps, actor, def.table);
  return (row: Row) => def.present(row, actor, urls);
}

/** The parsed list query of a record type and its SQL conditions (filters and search), after the view check. */
export async function listQuery<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  raw: Record<string, string | string[]>,
) {
  authorize(recordPolicy.view(actor));
  // Team-defined attributes add `attr.<key>` sorts and filters (their own whitelist, from the definitions).
  const attributes = await attributeListSpecs(deps.db, actor.teamId, def.type, def.table);
  const sorts = { ...def.sorts, ...attributes.sorts };
  const filters = { ...def.filters, ...attributes.filters };
  const query = parseListQuery(raw, { sorts: Object.keys(sorts), defaultSort: def.defaultSort, filters });
  const conditions = filterConditions(query.filters, filters);
  const scoped = scopeCondition(def, actor);
  if (scoped) conditions.push(scoped);
  const search = query.search ? matchingIds(deps.dialect, actor.teamId, def.type, query.search) : null;
  if (search) conditions.push(search.condition);
  return { query, conditions, search, orderBy: sorts[query.sort]!, definitions: attributes.definitions };
}

/**
 * Rows as `def.load` gives them, each with the attribute values `scope` is shown under `attributes`
 * (presentMeta).
 */
export async function loadWithAttributes<Row extends LoadedRow, Dto>(
  db: Executor,
  def: RecordDefinition<Row, Dto>,
  scope: TeamScope,
  ids: number[],
) {
  const [rows, values] = await Promise.all([
    def.load(db, scope.teamId, ids),
    attributeValuesShownTo(db, scope, def.type, ids),
  ]);
  for (const row of rows) (row as Record<string, unknown>).attributes = values.get(row.id) ?? {};
  return rows;
}

export async function listRecords<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<{ data: Dto[]; meta: PaginationMeta }> {
  const { query, conditions, search, orderBy } = await listQuery(deps, def, actor, raw);
  // A team-defined attribute's sort walks that attribute's value index (attributes/lists.ts).
  const byAttribute = query.sort.startsWith('attr.')
    ? await attributeSortedPage(deps.db, {
        table: def.table,
        teamId: actor.teamId,
        subjectType: def.type,
        key: query.sort,
        conditions,
        direction: query.direction,
        page: query.page,
        perPage: query.perPage,
      })
    : null;
  const { ids, total } =
    byAttribute ??
    (await pageOfIds(deps.db, {
      search,
      table: def.table,
      teamId: actor.teamId,
      conditions,
      orderBy,
      direction: query.direction,
      page: query.page,
      perPage: query.perPage,
    }));
  const rows = await loadWithAttributes(deps.db, def, actor.scope, ids);
  const present = presenterFor(deps, def, actor);
  return { data: rows.map(present), meta: paginationMeta(query.page, query.perPage, total) };
}

/** A live record of the caller's team, or 404 (another team's record does not exist for them). */
export async function findLive<Row extends LoadedRow, Dto>(
  db: Executor,
  def: RecordDefinition<Row, Dto>,
  teamId: number,
  id: number,
): Promise<Row> {
  const [row] = await def.load(db, teamId, [id]);
  if (!row || row.deleted_at) throw notFound(def.label);
  return row;
}

export async function getRecord<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  id: number,
): Promise<Dto> {
  authorize(recordPolicy.view(actor));
  const [row] = await loadWithAttributes(deps.db, def, actor.scope, [id]);
  if (!row || row.deleted_at || !inScope(def, actor, row)) throw notFound(def.label);
  return presenterFor(deps, def, actor)(row);
}

export async function reindex<Row extends LoadedRow, Dto>(
  trx: Executor,
  def: RecordDefinition<Row, Dto>,
  teamId: number,
  id: number,
) {
  const [row] = await def.load(trx, teamId, [id]);
  if (!row) return;
  const entry = def.searchEntry(row);
  // Text attributes feed the record's search entry too.
  const extra = [...(entry.extra ?? []), ...(await attributeSearchText(trx, teamId, def.type, id))];
  await indexRecord(trx, { teamId, type: def.type, id, ...entry, extra });
}

export async function createRecord<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<Dto> {
  authorize(recordPolicy.create(actor));
  const id = await writeTransaction(deps.db, (trx) =>
    insertRecord(trx, def, actor.teamId, input, { userId: actor.user.id, ip: actor.ip }),
  );
  return getRecord(deps, def, actor, id);
}

/**
 * Validates and writes a new record with its attributes, search entry and audit row inside the caller's
 * transaction (a 422 with every field at fault); the caller has checked the policy. Returns its id.
 */
export async function insertRecord<Row extends LoadedRow, Dto>(
  trx: Executor,
  def: RecordDefinition<Row, Dto>,
  teamId: number,
  input: Record<string, unknown>,
  by: { userId: number; ip: string | null },
): Promise<number> {
  const { attributes = {}, ...fields } = input as Record<string, unknown> & {
    attributes?: Record<string, unknown>;
  };
  await validateWithAttributes(trx, def, teamId, fields, null, attributes, false);
  const now = nowIso();
  const inserted = await untyped(trx)
    .insertInto(def.table)
    .values({ ...fields, team_id: teamId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recordId = Number(inserted.id);
  const attributeChanges = await writeAttributeValues(trx, teamId, def.type, recordId, attributes);
  if (Object.keys(attributeChanges).length) await syncAttributeReminders(trx, teamId, def.type, recordId);
  await reindex(trx, def, teamId, recordId);
  const changes = {
    ...Object.fromEntries(
      Object.entries(fields)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, [null, v]]),
    ),
    ...attributeChanges,
  };
  await recordActivity(trx, {
    teamId,
    userId: by.userId,
    subjectType: def.subject,
    subjectId: recordId,
    action: 'created',
    changes,
    ip: by.ip,
  });
  return recordId;
}

export async function updateRecord<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  id: number,
  patch: Record<string, unknown>,
): Promise<Dto> {
  await findLive(deps.db, def, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  const { attributes, ...fields } = patch as Record<string, unknown> & {
    attributes?: Record<string, unknown>;
  };
  await writeTransaction(deps.db, async (trx) => {
    const current = await findLive(trx, def, actor.teamId, id);
    const merged = { ...pick(current, Object.keys(def.inputSchema.shape)), ...fields };
    await validateWithAttributes(trx, def, actor.teamId, merged, id, attributes ?? {}, true);
    const attributeChanges = attributes
      ? await writeAttributeValues(trx, actor.teamId, def.type, id, attributes, { partial: true })
      : {};
    if (Object.keys(attributeChanges).length) await syncAttributeReminders(trx, actor.teamId, def.type, id);
    const changes = { ...diff(current as Record<string, unknown>, fields), ...attributeChanges };
    if (!Object.keys(changes).length) return;
    await untyped(trx)
      .updateTable(def.table)
      .set({ ...fields, updated_at: nowIso() })
      .where('id', '=', id)
      .where('team_id', '=', actor.teamId)
      .execute();
    await reindex(trx, def, actor.teamId, id);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: def.subject,
      subjectId: id,
      action: 'updated',
      changes,
      ip: actor.ip,
    });
  });
  return getRecord(deps, def, actor, id);
}

/** Records move to the trash and back through the lifecycle kit; this is what a record type adds to it. */
export function recordLifecycle<Row extends LoadedRow, Dto>(def: RecordDefinition<Row, Dto>): Lifecycle {
  return {
    type: def.type,
    subject: def.subject,
    label: def.label,
    trashTitle: TRASH_TITLES[def.type],
    async afterDelete(trx, teamId, id) {
      await unindexRecord(trx, def.type, id);
      await removeAttributeReminders(trx, teamId, def.type, id);
    },
    async beforeRestore(trx, teamId, row) {
      await def.validate(trx, teamId, pick(row, Object.keys(def.inputSchema.shape)), Number(row.id));
    },
    async afterRestore(trx, teamId, id) {
      await reindex(trx, def, teamId, id);
      await syncAttributeReminders(trx, teamId, def.type, id);
    },
    async beforePurge(deps, trx, teamId, ids) {
      const images = (
        await untyped(trx)
          .selectFrom(def.table)
          .select('image_key')
          .where('team_id', '=', teamId)
          .where('id', 'in', ids)
          .where('image_key', 'is not', null)
          .execute()
      ).map((row: { image_key: string }) => row.image_key);
      await trx
        .deleteFrom('notes')
        .where('team_id', '=', teamId)
        .where('subject_type', '=', def.subject)
        .where('subject_id', 'in', ids)
        .execute();
      return {
        inTransaction: (trx) =>
          releaseBlobs(
            trx,
            images.flatMap((key) => variantKeys(key)),
          ),
        afterCommit: async () => {
          for (const key of images) await removeVariants(deps, key);
        },
      };
    },
  };
}

const TRASH_TITLES: Record<RecordType, string> = {
  companies: 'name',
  brands: 'name',
  stores: 'name',
  contacts:
    "coalesce(nullif(trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')), ''), email, '')",
};

export const deleteRecord = <Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  id: number,
) => softDelete(deps, recordLifecycle(def), actor, id);

export async function restoreRecord<Row extends LoadedRow, Dto>(
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
  actor: Actor,
  id: number,
): Promise<Dto> {
  await restoreFromTrash(deps, recordLifecycle(def), actor, id);
  return getRecord(deps, def, actor, id);
}

/** The record's own checks and its attributes' checks, reported together in one 422. */
async function validateWithAttributes<Row extends LoadedRow, Dto>(
  trx: Executor,
  def: RecordDefinition<Row, Dto>,
  teamId: number,
  values: Record<string, unknown>,
  id: number | null,
  attributes: Record<string, unknown>,
  partial: boolean,
) {
  const errors = await attributeErrors(trx, teamId, def.type, attributes, { partial });
  try {
    await def.validate(trx, teamId, values, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation')
      throw new AppError('validation', error.message, { ...error.fieldErrors, ...errors });
    throw error;
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
}

function pick(row: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in row).map((k) => [k, row[k]]));
}
