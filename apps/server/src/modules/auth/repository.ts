import type { Executor } from '../../platform/db';
import type { UserRow } from '../../platform/db/schema';
import { deleteTokensOf } from '../tokens/index';

/** Sessions and reset tokens (bearer tokens are the tokens module's). Users are global (not team-scoped) records. */

export async function findSessionWithUser(db: Executor, id: string) {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.remember',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.created_at as session_created_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { remember, last_seen_at, expires_at, session_created_at, ...user } = row;
  return {
    session: { remember, last_seen_at, expires_at, created_at: session_created_at },
    user: user as UserRow,
  };
}

export async function createSession(
  db: Executor,
  row: {
    id: string;
    userId: number;
    remember: boolean;
    ip: string;
    userAgent: string | null;
    now: string;
    expiresAt: string;
    createdAt?: string;
  },
) {
  await db
    .insertInto('sessions')
    .values({
      id: row.id,
      user_id: row.userId,
      remember: row.remember ? 1 : 0,
      ip: row.ip,
      user_agent: row.userAgent?.slice(0, 512) ?? null,
      created_at: row.createdAt ?? row.now,
      last_seen_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function touchSession(db: Executor, id: string, now: string, expiresAt: string) {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: Executor, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user except `keepId`; returns how many ended. */
export async function deleteOtherSessions(
  db: Executor,
  userId: number,
  keepId: string | null,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) query = query.where('id', '!=', keepId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function findSession(db: Executor, id: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Ends everything that signs the user in without their password: every session but `keepSessionId` and
 * every API token (device logins included). What a new password or a proven address must shut out.
 */
export async function endAllCredentials(db: Executor, userId: number, keepSessionId: string | null) {
  const sessions = await deleteOtherSessions(db, userId, keepSessionId);
  return { sessions, tokens: await deleteTokensOf(db, userId) };
}

export async function savePasswordReset(db: Executor, email: string, tokenHash: string, now: string) {
  await db.deleteFrom('password_resets').where('email', '=', email).execute();
  await db.insertInto('password_resets').values({ email, token_hash: tokenHash, created_at: now }).execute();
}

export function findPasswordReset(db: Executor, email: string) {
  return db.selectFrom('password_resets').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function deletePasswordReset(db: Executor, email: string) {
  await db.deleteFrom('password_resets').where('email', '=', email).execute();
}
