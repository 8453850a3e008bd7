import type { z } from 'zod';
import type { Attribute, PaginationMeta } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { type Executor, untyped, writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { pageOfIds, paginationMeta } from '../../platform/list';
import { authorize, type Actor } from '../../platform/policy';
import { bumpTeamWriteVersion } from '../../platform/team-cache';
import { diff, recordActivity } from '../activities/index';
import {
  attributeErrors,
  attributeValuesFor,
  splitAttributes,
  syncAttributeReminders,
  withAttributeErrors,
  writeAttributeValues,
} from '../attributes/index';
import { PENDING_IMPORT, recordPolicy, viewerOf, type Lifecycle, type Viewer } from '../records/index';
import { removeSubjectReminders } from '../reminders/index';
import { parseWhole, purgeContractRows, removeImportedContracts } from './lease-agreement-rows';

type PageArgs = Parameters<typeof pageOfIds>[1];
type By = { userId: number | null; ip: string | null };

/** Options of a patch: `keepUpdatedAt` undoes one (an import's undo); a definition may take more. */
export type PatchOptions = { keepUpdatedAt?: string };

/**
 * What makes leases and franchise agreements differ; creating, patching, restoring and the import's hide,
 * reveal and removal are written once in this file, as the records kit does for companies, brands, stores
 * and contacts.
 */
export type ContractDefinition<Values extends Record<string, unknown>, Dto, Options extends PatchOptions> = {
  /** URL name, attribute subject and trash type. */
  type: 'leases' | 'agreements';
  table: 'leases' | 'franchise_agreements';
  /** Singular name in audit rows, reminders and clauses. */
  subject: 'lease' | 'agreement';
  /** "Franchise agreement" in messages. */
  label: string;
  /** SQL expression for the title in the trash list. */
  trashTitle: string;
  schema: z.ZodType<Values>;
  /** The list's parsed query and its SQL conditions, after the view check. */
  listQuery(
    deps: Deps,
    actor: Actor,
    raw: Record<string, string | string[]>,
  ): Promise<{
    query: Pick<PageArgs, 'direction' | 'page' | 'perPage'>;
    orderBy: PageArgs['orderBy'];
    conditions: PageArgs['conditions'];
    /** The search box's matches, when the list has one (already among `conditions`). */
    search?: PageArgs['search'];
    /** The team's live attributes of this type, read for the query: the page's rows reuse them. */
    definitions?: readonly Attribute[];
  }>;
  /**
   * Rows by id as the API shows them to `viewer`, with their attributes, in the order of `ids`; `definitions`
   * are the team's live attributes of this type when the caller already read them.
   */
  present(db: Executor, viewer: Viewer, ids: number[], definitions?: readonly Attribute[]): Promise<Dto[]>;
  /** Rows as input values (what a PATCH merges into), in the order of `ids`. */
  valuesOf(db: Executor, teamId: number, ids: number[]): Promise<Array<Record<string, unknown>>>;
  /** References, documents and cross-field rules of a whole contract (422 with every field at fault). */
  validate(db: Executor, teamId: number, values: Values): Promise<void>;
  /** The contract's own columns from its input values. */
  columns(values: Values): Record<string, unknown>;
  /** Everything written beside the row's columns: child rows, clauses, reminders, the team's write version. */
  writeRows(trx: Executor, teamId: number, id: number, values: Values): Promise<void>;
  /** What comes back with a contract out of the trash or an import: its reminders, the write version. */
  resync(trx: Executor, teamId: number, id: number, values: Values): Promise<void>;
  /** The audit row of a create names these changes. */
  createdChanges(values: Values): Record<string, [null, unknown]>;
  /** Lists whose change the audit row marks as changed (not diffed field by field). */
  listFields: string[];
  /** Called before a patch is written; what it returns is called after (the lease's amendment history). */
  track?(
    trx: Executor,
    teamId: number,
    id: number,
    options: Options,
  ): Promise<(change: { before: Record<string, unknown>; values: Values; by: By }) => Promise<void>>;
};

export async function listContracts<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  deps: Deps,
  def: ContractDefinition<V, Dto, O>,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<{ data: Dto[]; meta: PaginationMeta }> {
  const { ids, definitions, meta } = await pageOfContracts(deps, def, actor, raw);
  return { data: await def.present(deps.db, viewerOf(actor), ids, definitions), meta };
}

/**
 * A list page's ids in order, its meta and the team's attribute definitions the query read, for a list whose
 * items are not the whole contract (they are built from the ids directly, not cut from the detail).
 */
export async function pageOfContracts<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  deps: Deps,
  def: ContractDefinition<V, Dto, O>,
  actor: Actor,
  raw: Record<string, string | string[]>,
): Promise<{ ids: number[]; definitions?: readonly Attribute[]; meta: PaginationMeta }> {
  const { query, orderBy, conditions, search, definitions } = await def.listQuery(deps, actor, raw);
  const { ids, total } = await pageOfIds(deps.db, {
    table: def.table,
    teamId: actor.teamId,
    conditions,
    search,
    orderBy,
    direction: query.direction,
    page: query.page,
    perPage: query.perPage,
  });
  return { ids, definitions, meta: paginationMeta(query.page, query.perPage, total) };
}

/** A live contract of the team, or 404 (another team's does not exist for them). */
export async function findLiveContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  db: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  id: number,
) {
  const row = await untyped(db)
    .selectFrom(def.table)
    .select('id')
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(def.label);
}

export async function getContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  deps: Deps,
  def: ContractDefinition<V, Dto, O>,
  actor: Actor,
  id: number,
): Promise<Dto> {
  await findLiveContract(deps.db, def, actor.teamId, id);
  return (await def.present(deps.db, viewerOf(actor), [id]))[0]!;
}

/** Validates and writes a whole contract with its rows and reminders, inside the caller's transaction. */
export async function insertContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  trx: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  input: unknown,
  by: { userId: number; ip: string | null },
): Promise<number> {
  const values = parseWhole(def.schema, input);
  await def.validate(trx, teamId, values);
  const now = nowIso();
  const row = await untyped(trx)
    .insertInto(def.table)
    .values({ ...def.columns(values), team_id: teamId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await def.writeRows(trx, teamId, id, values);
  await recordActivity(trx, {
    teamId,
    userId: by.userId,
    subjectType: def.subject,
    subjectId: id,
    action: 'created',
    changes: def.createdChanges(values),
    ip: by.ip,
  });
  return id;
}

export async function createContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  deps: Deps,
  def: ContractDefinition<V, Dto, O>,
  actor: Actor,
  input: unknown,
): Promise<Dto> {
  authorize(recordPolicy.create(actor));
  const { attributes, rest } = splitAttributes(input);
  const values = withAttributeErrors(await attributeErrors(deps.db, actor.teamId, def.type, attributes), () =>
    parseWhole(def.schema, rest),
  );
  const id = await writeTransaction(deps.db, async (trx) => {
    const by = { userId: actor.user.id, ip: actor.ip };
    const contractId = await insertContract(trx, def, actor.teamId, values, by);
    const changes = await writeAttributeValues(trx, actor.teamId, def.type, contractId, attributes);
    await syncAttributeReminders(trx, actor.teamId, def.type, contractId);
    if (Object.keys(changes).length)
      await recordActivity(trx, {
        teamId: actor.teamId,
        userId: actor.user.id,
        subjectType: def.subject,
        subjectId: contractId,
        action: 'updated',
        changes,
        ip: actor.ip,
      });
    return contractId;
  });
  return getContract(deps, def, actor, id);
}

export async function updateContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  deps: Deps,
  def: ContractDefinition<V, Dto, O>,
  actor: Actor,
  id: number,
  patch: Record<string, unknown>,
): Promise<Dto> {
  await findLiveContract(deps.db, def, actor.teamId, id);
  authorize(recordPolicy.update(actor));
  await writeTransaction(deps.db, (trx) =>
    patchContract(trx, def, actor.teamId, id, patch, { userId: actor.user.id, ip: actor.ip }, {} as O),
  );
  return getContract(deps, def, actor, id);
}

/**
 * Merges `patch` (a PATCH body's fields, `attributes` too) into a live contract inside the caller's
 * transaction: the whole contract is re-validated, its rows and reminders rewritten, the change audited.
 * Returns its values before (with its attributes and `updated_at`), which, patched back with
 * `keepUpdatedAt`, undo it.
 */
export async function patchContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  trx: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  id: number,
  patch: Record<string, unknown>,
  by: By,
  options: O,
) {
  const { attributes, rest, sent } = splitAttributes(patch);
  const before = (await def.valuesOf(trx, teamId, [id]))[0]!;
  const values = withAttributeErrors(
    await attributeErrors(trx, teamId, def.type, attributes, { partial: true }),
    () => parseWhole(def.schema, { ...before, ...rest }),
  );
  await def.validate(trx, teamId, values);
  const tracked = await def.track?.(trx, teamId, id, options);
  const changes: Record<string, unknown> = diff(
    before,
    Object.fromEntries(Object.entries(rest).filter(([, v]) => typeof v !== 'object' || v === null)),
  );
  const attributesBefore = (await attributeValuesFor(trx, teamId, def.type, [id])).get(id) ?? {};
  if (sent)
    Object.assign(
      changes,
      await writeAttributeValues(trx, teamId, def.type, id, attributes, { partial: true }),
    );
  for (const list of def.listFields)
    if (list in rest && JSON.stringify(rest[list]) !== JSON.stringify(before[list]))
      changes[list] = ['…', 'changed'];
  const stored: { updated_at: string } = await untyped(trx)
    .selectFrom(def.table)
    .select('updated_at')
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await untyped(trx)
    .updateTable(def.table)
    .set({ ...def.columns(values), updated_at: options.keepUpdatedAt ?? nowIso() })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
  await def.writeRows(trx, teamId, id, values);
  if (Object.keys(changes).length)
    await recordActivity(trx, {
      teamId,
      userId: by.userId,
      subjectType: def.subject,
      subjectId: id,
      action: 'updated',
      changes,
      ip: by.ip,
    });
  await tracked?.({ before, values, by });
  return { ...before, attributes: attributesBefore, updated_at: stored.updated_at };
}

/** The contract's stored values, as a restore or an import's reveal writes its reminders from. */
async function storedValues<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  db: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  id: number,
) {
  return parseWhole(def.schema, (await def.valuesOf(db, teamId, [id]))[0]);
}

/** Leases and agreements in the lifecycle kit: reminders and the team's cached totals follow them. */
export function contractLifecycle<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  def: ContractDefinition<V, Dto, O>,
): Lifecycle {
  return {
    type: def.type,
    subject: def.subject,
    label: def.label,
    trashTitle: def.trashTitle,
    async afterDelete(trx, teamId, id) {
      await removeSubjectReminders(trx, teamId, { type: def.subject, id });
      await bumpTeamWriteVersion(trx, teamId);
    },
    async afterRestore(trx, teamId, id) {
      await def.resync(trx, teamId, id, await storedValues(trx, def, teamId, id));
    },
    beforePurge: (_deps, trx, teamId, ids) => purgeContractRows(trx, teamId, def.subject, ids),
  };
}

/**
 * A contract an import created, hidden until the import commits (PENDING_IMPORT in `deleted_at`, which every
 * read path leaves out), without its reminders: nobody sees it, is reminded of it or builds on it before then.
 */
export async function hideImportedContract<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  trx: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  id: number,
) {
  await untyped(trx)
    .updateTable(def.table)
    .set({ deleted_at: PENDING_IMPORT })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
  await removeSubjectReminders(trx, teamId, { type: def.subject, id });
}

/** The import committed: its hidden contracts appear, with their reminders. Contracts have no unique values. */
export async function revealImportedContracts<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  trx: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  ids: number[],
): Promise<number[]> {
  const hidden = (
    await untyped(trx)
      .selectFrom(def.table)
      .select('id')
      .where('team_id', '=', teamId)
      .where('id', 'in', ids)
      .where('deleted_at', '=', PENDING_IMPORT)
      .execute()
  ).map((row: { id: number }) => row.id);
  if (!hidden.length) return [];
  await untyped(trx)
    .updateTable(def.table)
    .set({ deleted_at: null })
    .where('team_id', '=', teamId)
    .where('id', 'in', hidden)
    .execute();
  for (const id of hidden) await def.resync(trx, teamId, id, await storedValues(trx, def, teamId, id));
  return [];
}

/** Contracts an import created, removed for good (a failed run) or to the trash (undo). */
export function removeImported<V extends Record<string, unknown>, Dto, O extends PatchOptions>(
  trx: Executor,
  def: ContractDefinition<V, Dto, O>,
  teamId: number,
  ids: number[],
  how: 'purge' | 'trash',
) {
  return removeImportedContracts(trx, teamId, ids, how, {
    table: def.table,
    subject: def.subject,
    attributes: def.type,
  });
}
