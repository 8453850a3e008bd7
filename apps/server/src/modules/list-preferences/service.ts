import { PREFERENCE_LISTS, type ListPreference, type PreferenceList } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { nowIso } from '../../platform/clock';
import type { Actor } from '../../platform/policy';
import * as repo from './repository';

/**
 * Remembered list preferences: each user's own page size and hidden columns per list, kept per
 * team (attribute columns differ between teams). Any member may save theirs, observers included: it
 * changes no team record, so there is no policy to check and no audit row to write.
 */

const NONE = (list: PreferenceList): ListPreference => ({
  list,
  per_page: null,
  hidden_columns: [],
  updated_at: null,
});

function present(row: repo.ListPreferenceRow): ListPreference {
  let hidden: unknown = [];
  try {
    hidden = JSON.parse(row.hidden_columns);
  } catch {
    // Only this module writes the column, always JSON; a damaged value reads as "nothing hidden".
  }
  return {
    list: row.list as PreferenceList,
    per_page: row.per_page === null ? null : Number(row.per_page),
    hidden_columns: Array.isArray(hidden)
      ? hidden.filter((key): key is string => typeof key === 'string')
      : [],
    updated_at: row.updated_at,
  };
}

/** Every list of the whitelist, saved or not (unsaved ones with defaults), so a client needs one request. */
export async function listPreferences(deps: Deps, actor: Actor): Promise<ListPreference[]> {
  const saved = new Map(
    (await repo.preferencesOf(deps.db, actor.teamId, actor.user.id)).map((row) => [row.list, present(row)]),
  );
  return PREFERENCE_LISTS.map((list) => saved.get(list) ?? NONE(list));
}

export async function getPreference(deps: Deps, actor: Actor, list: PreferenceList): Promise<ListPreference> {
  const row = await repo.preferenceOf(deps.db, actor.teamId, actor.user.id, list);
  return row ? present(row) : NONE(list);
}

export async function savePreference(
  deps: Deps,
  actor: Actor,
  list: PreferenceList,
  input: { per_page?: number | null; hidden_columns?: string[] },
): Promise<ListPreference> {
  const row = await repo.upsertPreference(
    deps.db,
    actor.teamId,
    actor.user.id,
    list,
    {
      per_page: input.per_page,
      hidden_columns: input.hidden_columns === undefined ? undefined : JSON.stringify(input.hidden_columns),
    },
    nowIso(),
  );
  return present(row);
}
