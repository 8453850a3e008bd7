import type { Executor } from '../../platform/db';

export function findDeviceByEndpoint(db: Executor, endpoint: string) {
  return db
    .selectFrom('devices')
    .select(['id', 'token', 'user_id', 'created_at'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

export function insertDevice(
  db: Executor,
  row: {
    user_id: number;
    token: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    user_agent: string | null;
    now: string;
  },
) {
  const { now, ...values } = row;
  return db
    .insertInto('devices')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(['token', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The browser holds the subscription, so whoever registers it now owns it (keys may have rotated). */
export function reassignDevice(
  db: Executor,
  id: number,
  row: { user_id: number; p256dh: string; auth: string; user_agent: string | null; now: string },
) {
  return db
    .updateTable('devices')
    .set({
      user_id: row.user_id,
      p256dh: row.p256dh,
      auth: row.auth,
      user_agent: row.user_agent,
      updated_at: row.now,
    })
    .where('id', '=', id)
    .returning(['token', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteUserDevice(db: Executor, userId: number, token: string): Promise<boolean> {
  const result = await db
    .deleteFrom('devices')
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
