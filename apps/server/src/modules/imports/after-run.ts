import { IMPORT_BATCH_SIZE, type ImportDto, type ImportType } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { writeTransaction } from '../../platform/db';
import { nowIso } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { authorize, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { targetOf } from './targets';
import { findImport, canImport } from './state';
import { getImport } from './upload';

// After the run: undo, and the error report.

/**
 * Soft-deletes what the import created and puts back what it updated — unless someone edited one of those
 * records since (its updated_at moved on) or built on one it created (a note, a lease on an imported store):
 * then nothing is undone and the answer names the record.
 */
export async function undoImport(deps: Deps, actor: Actor, id: number): Promise<ImportDto> {
  const row = await findImport(deps.db, actor.teamId, id);
  authorize(canImport(actor), 'Only managers and admins can import.');
  if (row.status !== 'completed')
    throw new AppError(
      'conflict',
      row.status === 'undone' ? 'This import was undone already.' : 'Only a completed import can be undone.',
    );
  const target = targetOf(row.type as ImportType);
  await writeTransaction(deps.db, async (trx) => {
    const claimed = await trx
      .updateTable('imports')
      .set({ status: 'undone', undone_at: nowIso() })
      .where('id', '=', id)
      .where('team_id', '=', actor.teamId)
      .where('status', '=', 'completed')
      .executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) throw new AppError('conflict', 'This import was undone already.');
    const now = nowIso();
    for (let offset = 0; ; offset += IMPORT_BATCH_SIZE) {
      const changes = await trx
        .selectFrom('import_changes')
        .selectAll()
        .where('import_id', '=', id)
        .orderBy('subject_id')
        .limit(IMPORT_BATCH_SIZE)
        .offset(offset)
        .execute();
      if (!changes.length) break;
      const current = await target.current(
        trx,
        actor.teamId,
        changes.map((c) => c.subject_id),
      );
      const edited = changes.find((c) => {
        const state = current.get(c.subject_id);
        return (
          !state || state.updated_at !== c.after_updated_at || (c.action === 'create' && state.deleted_at)
        );
      });
      const nameOf = (id: number) => {
        const name = current.get(id)?.name;
        return `${target.label.toLowerCase()} ${name ? `“${name}”` : `#${id}`}`;
      };
      if (edited)
        throw new AppError(
          'conflict',
          `This import cannot be undone: ${nameOf(edited.subject_id)} was changed after the import. Undoing would overwrite that change.`,
        );
      const [builtOn] = await target.builtOn(
        trx,
        actor.teamId,
        changes.filter((c) => c.action === 'create').map((c) => c.subject_id),
      );
      if (builtOn !== undefined) {
        throw new AppError(
          'conflict',
          `This import cannot be undone: ${nameOf(builtOn)} has notes, documents or other records added to it since the import. Undoing would leave them without it.`,
        );
      }
      await target.undo(trx, actor.teamId, changes, now);
    }
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: 'import',
      subjectId: id,
      action: 'undone',
      changes: { type: row.type, file: row.file_name },
      ip: actor.ip,
    });
  });
  return getImport(deps, actor, id);
}

/** The error report rows (row, column, value, message), in file order. */
export async function* importErrors(
  deps: Deps,
  actor: Actor,
  id: number,
): AsyncGenerator<[number, string, string, string]> {
  await findImport(deps.db, actor.teamId, id);
  for (let offset = 0; ; offset += 1000) {
    const rows = await deps.db
      .selectFrom('import_errors')
      .selectAll()
      .where('import_id', '=', id)
      .orderBy('row_number')
      .limit(1000)
      .offset(offset)
      .execute();
    if (!rows.length) return;
    for (const e of rows) yield [e.row_number, e.column_name, e.value ?? '', e.message];
  }
}
