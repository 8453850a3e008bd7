import { Search } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { SearchResults } from './search-results';
import type { SearchItem, SearchType } from './types';
import { useGlobalSearch } from './use-global-search';

export function GlobalSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, change, groups, clear, searched } = useGlobalSearch();
  const container = useRef<HTMLDivElement>(null);

  // Results clear on a click outside the search box (spec §4).
  useEffect(() => {
    if (!groups) return;
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) clear(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [groups, clear]);

  const pick = async (type: SearchType, item: SearchItem) => {
    clear(true);
    if (type === 'documents') {
      // Documents have no page of their own: the single fetch returns a signed link that is opened.
      const body = await api.get<{ data: { url: string } }>(`/documents/${item.id}`);
      window.open(body.data.url, '_blank', 'noopener');
      return;
    }
    navigate(`/${type}/${item.id}`);
  };

  return (
    <div ref={container} className="relative flex min-w-0 flex-1">
      <form role="search" className="relative flex flex-1" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="global-search" className="sr-only">
          {t('search.label')}
        </label>
        <Search className="pointer-events-none absolute inset-y-0 left-3 my-auto size-5 text-gray-400" aria-hidden="true" />
        <input
          id="global-search"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && clear(true)}
          placeholder={t('search.placeholder')}
          aria-controls={groups ? 'global-search-results' : undefined}
          aria-expanded={Boolean(groups)}
          className="block min-h-11 w-full min-w-0 rounded-md border-0 bg-gray-100 py-2 pr-3 pl-10 text-base text-gray-900 placeholder:truncate placeholder:text-gray-500 focus:bg-white focus:ring-2 focus:ring-blue-600 focus:outline-none sm:text-sm dark:bg-gray-800 dark:text-white dark:focus:bg-gray-900"
        />
      </form>
      {groups && <SearchResults groups={groups} query={searched} onPick={(type, item) => void pick(type, item)} />}
    </div>
  );
}
