import type { Executor } from '../../platform/db';
import type { UserRow } from '../../platform/db/schema';

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  row: { name: string; email: string; passwordHash: string; now: string; verifiedAt?: string | null },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      name: row.name,
      email: row.email,
      password_hash: row.passwordHash,
      email_verified_at: row.verifiedAt ?? null,
      created_at: row.now,
      updated_at: row.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateUser(
  db: Executor,
  id: number,
  changes: Partial<
    Pick<
      UserRow,
      | 'name'
      | 'email'
      | 'password_hash'
      | 'email_verified_at'
      | 'current_team_id'
      | 'pending_email'
      | 'pending_email_expires_at'
    >
  >,
  now: string,
) {
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The teams a user belongs to, for the team switcher; ordered by name so the menu is stable. */
/** The user's teams with their role there and the companies they are limited to (null: the whole team). */
export async function listUserTeams(db: Executor, userId: number) {
  const rows = await db
    .selectFrom('team_user')
    .innerJoin('teams', 'teams.id', 'team_user.team_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.owner_id',
      'teams.subscription_status',
      'team_user.role',
      'team_user.company_ids',
    ])
    .where('team_user.user_id', '=', userId)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    company_ids: r.company_ids === null ? null : (JSON.parse(r.company_ids) as number[]),
  }));
}
