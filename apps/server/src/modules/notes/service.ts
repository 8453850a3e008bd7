import type { Note, PaginationMeta } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { paginationMeta, parseListQuery } from '../../platform/list';
import { authorize, hasRole, type Actor } from '../../platform/policy';
import { recordActivity } from '../activities/index';
import { type RecordDefinition, findLive } from '../records/index';
import * as repo from './repository';
import { writeTransaction } from '../../platform/db';

type NoteRow = NonNullable<Awaited<ReturnType<typeof repo.findNote>>>;

/** Writing notes is writing records (managers up); editing one is its author's or an admin's. */
const notePolicy = {
  create: (actor: Actor) => hasRole(actor, 'manager'),
  change: (actor: Actor, note: { user_id: number | null }) =>
    hasRole(actor, 'admin') || (hasRole(actor, 'manager') && note.user_id === actor.user.id),
};

function present(row: NoteRow, actor: Actor): Note {
  const canChange = notePolicy.change(actor, row);
  return {
    id: row.id,
    body: row.body,
    author: row.user_id === null ? null : { id: row.user_id, name: row.author_name ?? 'Deleted user' },
    created_at: row.created_at,
    updated_at: row.updated_at,
    abilities: { update: canChange, delete: canChange },
  };
}

export async function listNotes(
  deps: Deps,
  actor: Actor,
  def: RecordDefinition,
  subjectId: number,
  raw: Record<string, string | string[]>,
): Promise<{ data: Note[]; meta: PaginationMeta }> {
  await findLive(deps.db, def, actor.teamId, subjectId);
  const query = parseListQuery(raw, { sorts: ['created_at'], defaultSort: 'created_at', filters: {} });
  const { rows, total } = await repo.pageNotes(
    deps.db,
    actor.teamId,
    def.subject,
    subjectId,
    query.page,
    query.perPage,
  );
  return {
    data: rows.map((row) => present(row, actor)),
    meta: paginationMeta(query.page, query.perPage, total),
  };
}

export async function addNote(
  deps: Deps,
  actor: Actor,
  def: RecordDefinition,
  subjectId: number,
  body: string,
): Promise<Note> {
  await findLive(deps.db, def, actor.teamId, subjectId);
  authorize(notePolicy.create(actor));
  const id = await writeTransaction(deps.db, async (trx) => {
    const noteId = await repo.insertNote(trx, actor.teamId, {
      subjectType: def.subject,
      subjectId,
      userId: actor.user.id,
      body,
      now: nowIso(),
    });
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: def.subject,
      subjectId,
      action: 'note_added',
      changes: { note_id: noteId },
      ip: actor.ip,
    });
    return noteId;
  });
  return present((await repo.findNote(deps.db, actor.teamId, id))!, actor);
}

async function loadNote(deps: Deps, actor: Actor, id: number) {
  const note = await repo.findNote(deps.db, actor.teamId, id);
  if (!note) throw notFound('Note');
  return note;
}

export async function editNote(deps: Deps, actor: Actor, id: number, body: string): Promise<Note> {
  const note = await loadNote(deps, actor, id);
  authorize(notePolicy.change(actor, note));
  await writeTransaction(deps.db, async (trx) => {
    await repo.updateNote(trx, actor.teamId, id, body, nowIso());
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: note.subject_type,
      subjectId: note.subject_id,
      action: 'note_updated',
      changes: { body: [note.body, body] },
      ip: actor.ip,
    });
  });
  return present((await repo.findNote(deps.db, actor.teamId, id))!, actor);
}

export async function removeNote(deps: Deps, actor: Actor, id: number) {
  const note = await loadNote(deps, actor, id);
  authorize(notePolicy.change(actor, note));
  await writeTransaction(deps.db, async (trx) => {
    await repo.deleteNote(trx, actor.teamId, id);
    await recordActivity(trx, {
      teamId: actor.teamId,
      userId: actor.user.id,
      subjectType: note.subject_type,
      subjectId: note.subject_id,
      action: 'note_deleted',
      changes: { body: [note.body, null] },
      ip: actor.ip,
    });
  });
}
