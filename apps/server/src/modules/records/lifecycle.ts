import type { TRASH_TYPES } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import {
  crossTeam,
  type Executor,
  transactionRetryingDeadlocks,
  untyped,
  writeTransaction,
} from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError, notFound } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { RESOURCE_TABLES } from '../../platform/resource-tables';
import { recordActivity } from '../activities/index';
import { purgeAttributeValues } from '../attributes/index';
import { isPendingImport } from './pending';
import { recordPolicy } from './policy';

/** Deleted records stay restorable this long; the purge job removes them afterwards. */
export const TRASH_DAYS = 30;
const DAY_MS = 86_400_000;

/** Every kind the trash holds, by its URL name (the table is RESOURCE_TABLES[type]). */
export type TrashType = (typeof TRASH_TYPES)[number];

/** The oldest `deleted_at` still in the trash: rows deleted before it are past restoring. */
export const trashCutoff = () => new Date(Date.now() - TRASH_DAYS * DAY_MS).toISOString();
export const purgeDate = (deletedAt: string) =>
  new Date(Date.parse(deletedAt) + TRASH_DAYS * DAY_MS).toISOString();

/** What finishes a purge once the rows are gone: more work in its transaction, then outside it (files). */
export type PurgeFollowUp = {
  inTransaction?: (trx: Executor) => Promise<void>;
  afterCommit?: () => Promise<void>;
};

/**
 * What makes one kind's soft delete, restore, trash entry and purge differ; the flows themselves (checks and
 * their errors, the `deleted_at` write, the audit row, the purge's batches) are written once below.
 */
export type Lifecycle = {
  type: TrashType;
  /** Singular name in audit rows (`lease`). */
  subject: string;
  /** "Franchise agreement" in messages. */
  label: string;
  /** SQL expression for the row's title in the trash list (a subquery may name related tables). */
  trashTitle: string;
  /** What leaves with the row: its search entry, reminders, cached totals. */
  afterDelete(trx: Executor, teamId: number, id: number): Promise<void>;
  /** Checks the row as stored still holds (a unique name taken meanwhile answers 422). */
  beforeRestore?(trx: Executor, teamId: number, row: Record<string, unknown>): Promise<void>;
  /** What comes back with the row. */
  afterRestore(trx: Executor, teamId: number, id: number): Promise<void>;
  /** What hangs off the rows without a cascade, removed in the purge's transaction before them. */
  beforePurge?(deps: Deps, trx: Executor, teamId: number, ids: number[]): Promise<PurgeFollowUp | void>;
};

type StoredRow = { id: number; team_id: number; deleted_at: string | null } & Record<string, unknown>;

function storedRow(
  db: Executor,
  kind: Lifecycle,
  teamId: number,
  id: number,
): Promise<StoredRow | undefined> {
  return untyped(db)
    .selectFrom(RESOURCE_TABLES[kind.type])
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<StoredRow | undefined>;
}

/** Moves a live row of the caller's team to the trash (404 for anyone else's or a deleted one). */
export async function softDelete(deps: Deps, kind: Lifecycle, actor: Actor, id: number) {
  const row = await storedRow(deps.db, kind, actor.teamId, id);
  if (!row || row.deleted_at) throw notFound(kind.label);
  authorize(recordPolicy.delete(actor));
  await writeTransaction(deps.db, (trx) =>
    moveToTrash(trx, kind, actor.teamId, id, { userId: actor.user.id, ip: actor.ip }),
  );
}

/** The soft delete's writes inside the caller's transaction, for a row the caller found live and may delete. */
export async function moveToTrash(
  trx: Executor,
  kind: Lifecycle,
  teamId: number,
  id: number,
  by: { userId: number; ip: string | null },
) {
  await untyped(trx)
    .updateTable(RESOURCE_TABLES[kind.type])
    .set({ deleted_at: nowIso() })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
  await kind.afterDelete(trx, teamId, id);
  await recordActivity(trx, {
    teamId,
    userId: by.userId,
    subjectType: kind.subject,
    subjectId: id,
    action: 'deleted',
    ip: by.ip,
  });
}

/** Brings a row of the caller's team back from the trash; the caller answers with the restored row. */
export async function restoreFromTrash(deps: Deps, kind: Lifecycle, actor: Actor, id: number) {
  const row = await storedRow(deps.db, kind, actor.teamId, id);
  // A row a running import holds hidden is not in the trash: nobody may bring it out early.
  if (!row || isPendingImport(row.deleted_at)) throw notFound(kind.label);
  authorize(recordPolicy.restore(actor));
  if (!row.deleted_at) throw new AppError('conflict', `This ${kind.label.toLowerCase()} is not deleted.`);
  if (Date.now() - Date.parse(row.deleted_at) > TRASH_DAYS * DAY_MS) throw notFound(kind.label);
  await writeTransaction(deps.db, async (trx) => {
    await kind.beforeRestore?.(trx, actor.teamId, row);
    await untyped(trx)
      .updateTable(RESOURCE_TABLES[kind.type])
      .set({ deleted_at: null, updated_at: nowIso() })
      .where('team_id', '=', actor.teamId)
      .where('id', '=', id)
      .execute();
    await kind.afterRestore(trx, actor.teamId, id);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: kind.subject,
      subjectId: id,
      action: 'restored',
      ip: actor.ip,
    });
  });
}

/**
 * Removes for good up to 1000 rows of a kind deleted before `cutoff`, a transaction per team. Safe to run on
 * several instances at once (deleting twice deletes nothing more). Returns how many rows it took.
 */
export async function purgeExpired(deps: Deps, kind: Lifecycle, cutoff: string): Promise<number> {
  const table = RESOURCE_TABLES[kind.type];
  const everyTeam = crossTeam(deps.db, 'trash purge: expired rows of every team, purged per team');
  const doomed: Array<{ id: number; team_id: number }> = await untyped(everyTeam)
    .selectFrom(table)
    .select(['id', 'team_id'])
    .where('deleted_at', 'is not', null)
    .where('deleted_at', '<', cutoff)
    .limit(1000)
    .execute();
  const byTeam = new Map<number, number[]>();
  for (const row of doomed) byTeam.set(row.team_id, [...(byTeam.get(row.team_id) ?? []), row.id]);
  for (const [teamId, ids] of byTeam) {
    let followUp: PurgeFollowUp = {};
    await transactionRetryingDeadlocks(deps.db, async (trx) => {
      followUp = (await kind.beforePurge?.(deps, trx, teamId, ids)) ?? {};
      await purgeAttributeValues(trx, teamId, kind.type, ids);
      await untyped(trx).deleteFrom(table).where('team_id', '=', teamId).where('id', 'in', ids).execute();
      await followUp.inTransaction?.(trx);
    });
    await followUp.afterCommit?.();
  }
  return doomed.length;
}
