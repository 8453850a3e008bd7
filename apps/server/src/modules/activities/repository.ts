import type { Executor } from '../../platform/db';
import type { NewActivity } from '../../platform/db/schema';

export async function insertActivity(db: Executor, row: NewActivity) {
  await db.insertInto('activities').values(row).execute();
}
