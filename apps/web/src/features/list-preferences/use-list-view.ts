import { PER_PAGE_OPTIONS, type PreferenceList } from '@storekeep/contracts';
import type { DataColumn } from '../../components/ui';
import { useListPreferences, useSaveListPreference } from './queries';

/** Whether the URL itself names a page size the lists offer (then it wins over the saved one). */
export function urlPerPage(query: URLSearchParams): number | null {
  const value = Number.parseInt(query.get('per_page') ?? '', 10);
  return (PER_PAGE_OPTIONS as readonly number[]).includes(value) ? value : null;
}

/**
 * A list's remembered view: the saved page size applies when the URL names none (the URL still
 * wins, so a link reproduces what its sender saw), and the hidden columns. `ready` is false while the saved
 * page size is still loading, so the list is not fetched twice (25 rows, then the saved 50).
 */
export function useListView<P extends { per_page: number }>(
  list: PreferenceList,
  query: URLSearchParams,
  params: P,
) {
  const preferences = useListPreferences();
  const save = useSaveListPreference(list);
  const preference = preferences.data?.find((p) => p.list === list);
  const fromUrl = urlPerPage(query);
  const perPage = fromUrl ?? preference?.per_page ?? params.per_page;
  const hidden = preference?.hidden_columns ?? [];
  return {
    params: perPage === params.per_page ? params : { ...params, per_page: perPage },
    ready: fromUrl !== null || !preferences.isPending,
    hidden,
    /** The page-size choice's handler: `show` puts it in the URL, and it is remembered for next time. */
    choosePerPage: (show: (per_page: number) => void) => (per_page: number) => {
      show(per_page);
      save.mutate({ per_page });
    },
    saveHidden: (hidden_columns: string[]) => save.mutate({ hidden_columns }),
    /** An export's `attributes`: the team-defined columns this view shows (nothing sent when the team has none). */
    exportAttributes: (definitions: ReadonlyArray<{ key: string }>) =>
      definitions.length
        ? definitions
            .filter((d) => !hidden.includes(`attr.${d.key}`))
            .map((d) => d.key)
            .join(',')
        : undefined,
  };
}

/** The columns left after the hidden ones; the first (the row's name) always shows, so a row stays recognisable. */
export function visibleColumns<T>(columns: DataColumn<T>[], hidden: readonly string[]): DataColumn<T>[] {
  return columns.filter((column, index) => index === 0 || !hidden.includes(column.key));
}
