import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db';
import type { NewActivity } from '../../platform/db/schema';

export async function insertActivity(db: Executor, row: NewActivity) {
  await db.insertInto('activities').values(row).execute();
}

/** Many audit rows in multi-row inserts (a daily job that changes thousands of records at once). */
export async function insertActivities(db: Executor, rows: NewActivity[]) {
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('activities')
      .values(rows.slice(at, at + 500))
      .execute();
}

export type ActivityFilters = {
  userIds?: number[];
  subjectTypes?: string[];
  subjectId?: string;
  actions?: string[];
  from?: string;
  to?: string;
};

/** A team's audit rows, newest first, with the actor's name. */
export async function pageActivities(
  db: Executor,
  teamId: number,
  filters: ActivityFilters,
  page: number,
  perPage: number,
) {
  const conditions: Array<Expression<SqlBool>> = [];
  if (filters.userIds?.length)
    conditions.push(sql<SqlBool>`activities.user_id in (${sql.join(filters.userIds)})`);
  if (filters.subjectTypes?.length)
    conditions.push(sql<SqlBool>`activities.subject_type in (${sql.join(filters.subjectTypes)})`);
  if (filters.subjectId) conditions.push(sql<SqlBool>`activities.subject_id = ${filters.subjectId}`);
  if (filters.actions?.length)
    conditions.push(sql<SqlBool>`activities.action in (${sql.join(filters.actions)})`);
  if (filters.from) conditions.push(sql<SqlBool>`activities.created_at >= ${filters.from}`);
  if (filters.to) conditions.push(sql<SqlBool>`activities.created_at < ${filters.to}`);
  let base = db.selectFrom('activities').where('activities.team_id', '=', teamId);
  for (const condition of conditions) base = base.where(condition);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users', 'users.id', 'activities.user_id')
      .selectAll('activities')
      .select('users.name as user_name')
      .orderBy('activities.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
