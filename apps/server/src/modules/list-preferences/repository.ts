import type { Executor } from '../../platform/db';

export type ListPreferenceRow = {
  list: string;
  per_page: number | null;
  hidden_columns: string;
  updated_at: string;
};

const COLUMNS = ['list', 'per_page', 'hidden_columns', 'updated_at'] as const;

/** The user's saved lists in the team. */
export function preferencesOf(db: Executor, teamId: number, userId: number): Promise<ListPreferenceRow[]> {
  return db
    .selectFrom('list_preferences')
    .select(COLUMNS)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .orderBy('list')
    .execute();
}

export function preferenceOf(
  db: Executor,
  teamId: number,
  userId: number,
  list: string,
): Promise<ListPreferenceRow | undefined> {
  return db
    .selectFrom('list_preferences')
    .select(COLUMNS)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .where('list', '=', list)
    .executeTakeFirst();
}

/**
 * Inserts the row or updates only the fields given (`undefined` leaves a saved value as it is), in one
 * statement, so two quick saves of different fields from two tabs both land.
 */
export function upsertPreference(
  db: Executor,
  teamId: number,
  userId: number,
  list: string,
  changes: { per_page?: number | null; hidden_columns?: string },
  now: string,
): Promise<ListPreferenceRow> {
  const set: { per_page?: number | null; hidden_columns?: string; updated_at: string } = { updated_at: now };
  if (changes.per_page !== undefined) set.per_page = changes.per_page;
  if (changes.hidden_columns !== undefined) set.hidden_columns = changes.hidden_columns;
  return db
    .insertInto('list_preferences')
    .values({
      team_id: teamId,
      user_id: userId,
      list,
      per_page: changes.per_page ?? null,
      hidden_columns: changes.hidden_columns ?? '[]',
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['team_id', 'user_id', 'list']).doUpdateSet(set))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
