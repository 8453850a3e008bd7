import type { Executor } from '../../platform/db';

const COLUMNS = ['id', 'name', 'abilities', 'last_used_at', 'expires_at', 'created_at'] as const;

/** A user's tokens, newest first (device logins included: they are tokens too). */
export function tokensOf(db: Executor, userId: number) {
  return db
    .selectFrom('personal_access_tokens')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function insertToken(
  db: Executor,
  row: {
    userId: number;
    name: string;
    tokenHash: string;
    abilities: string;
    expiresAt: string | null;
    now: string;
  },
) {
  const inserted = await db
    .insertInto('personal_access_tokens')
    .values({
      user_id: row.userId,
      name: row.name,
      token_hash: row.tokenHash,
      abilities: row.abilities,
      expires_at: row.expiresAt,
      created_at: row.now,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return inserted;
}

/** Deletes one of the user's tokens; false when the user has no token with that id. */
export async function deleteUserToken(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The token a bearer header names, by the SHA-256 of its value. */
export function findTokenByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('personal_access_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchToken(db: Executor, id: number, now: string) {
  await db.updateTable('personal_access_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}

export async function deleteToken(db: Executor, id: number) {
  await db.deleteFrom('personal_access_tokens').where('id', '=', id).execute();
}

/** Deletes every token of the user (device logins included); returns how many. */
export async function deleteTokensOf(db: Executor, userId: number): Promise<number> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
