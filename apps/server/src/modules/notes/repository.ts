import { sql } from 'kysely';
import type { Executor } from '../../platform/db';

export async function pageNotes(
  db: Executor,
  teamId: number,
  subjectType: string,
  subjectId: number,
  page: number,
  perPage: number,
) {
  const base = db
    .selectFrom('notes')
    .where('team_id', '=', teamId)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'notes.user_id')
      .selectAll('notes')
      .select('users.name as author_name')
      .orderBy('notes.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findNote(db: Executor, teamId: number, id: number) {
  return db
    .selectFrom('notes')
    .leftJoin('users', 'users.id', 'notes.user_id')
    .selectAll('notes')
    .select('users.name as author_name')
    .where('notes.team_id', '=', teamId)
    .where('notes.id', '=', id)
    .executeTakeFirst();
}

export async function insertNote(
  db: Executor,
  teamId: number,
  row: { subjectType: string; subjectId: number; userId: number; body: string; now: string },
) {
  const inserted = await db
    .insertInto('notes')
    .values({
      team_id: teamId,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      user_id: row.userId,
      body: row.body,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateNote(db: Executor, teamId: number, id: number, body: string, now: string) {
  await db
    .updateTable('notes')
    .set({ body, updated_at: now })
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .execute();
}

export async function deleteNote(db: Executor, teamId: number, id: number) {
  await db.deleteFrom('notes').where('team_id', '=', teamId).where('id', '=', id).execute();
}
