import { useMutation, useQuery } from '@tanstack/react-query';
import type { ListPreference, ListPreferenceInput, PreferenceList } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { useRequiredUser } from '../auth/use-auth-user';

/**
 * The signed-in user's remembered lists in the current team, all in one request and kept for the session
 * (only this user changes them; a team switch reloads the page). A failed load is silent: lists fall back to
 * their defaults.
 */
export function useListPreferences() {
  const user = useRequiredUser();
  return useQuery({
    queryKey: queryKeys.listPreferences(user.team_id),
    queryFn: ({ signal }) =>
      api.get<{ data: ListPreference[] }>('/list-preferences', { signal }).then((body) => body.data),
    staleTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}

/**
 * Saves a change to one list's preference. The cache changes at once (the list re-renders with it before the
 * server answers); a refused save puts the previous value back. Silent: the view itself already changed
 * through the URL, only remembering it failed. The answer is not written back: the server merges the same
 * fields, and an earlier save's answer must not undo a later change still on its way.
 */
export function useSaveListPreference(list: PreferenceList) {
  const user = useRequiredUser();
  const key = queryKeys.listPreferences(user.team_id);
  return useMutation({
    mutationFn: (changes: ListPreferenceInput) =>
      api.put<{ data: ListPreference }>(`/list-preferences/${list}`, changes).then((body) => body.data),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ListPreference[]>(key);
      queryClient.setQueryData<ListPreference[]>(key, (old) => {
        const current = old?.find((p) => p.list === list) ?? {
          list,
          per_page: null,
          hidden_columns: [],
          updated_at: null,
        };
        const next: ListPreference = {
          ...current,
          ...(changes.per_page !== undefined ? { per_page: changes.per_page } : {}),
          ...(changes.hidden_columns !== undefined ? { hidden_columns: changes.hidden_columns } : {}),
        };
        return [...(old ?? []).filter((p) => p.list !== list), next];
      });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context) queryClient.setQueryData(key, context.previous);
    },
    meta: { silent: true },
  });
}
