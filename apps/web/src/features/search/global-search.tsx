import { Search } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '../auth/permissions';
import { opensRecordPage } from '../auth/record-pages';
import { openDocumentFile } from '../documents/open-file';
import { optionId, SearchResults } from './search-results';
import type { AuthUser } from '@storekeep/contracts';
import type { ResultGroup, ResultType, SearchItem } from './types';
import { useGlobalSearch } from './use-global-search';
import { isTypingTarget } from '../../lib/use-create-shortcut';

type MatchCommands = (query: string, user: AuthUser) => ResultGroup[];

/**
 * The search box is also the command palette: pages and actions matching what is typed (matched in the
 * browser, from a chunk fetched on first focus) come before the records the API finds.
 */
export function GlobalSearch({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { query, change: changeQuery, groups: records, clear: clearRecords, searched } = useGlobalSearch();
  // Commands show while the user types; a click outside or Escape folds them with the records.
  const [open, setOpen] = useState(false);
  const change = (value: string) => {
    setOpen(true);
    changeQuery(value);
  };
  const clear = useCallback(
    (resetQuery: boolean) => {
      setOpen(false);
      clearRecords(resetQuery);
    },
    [clearRecords],
  );
  const [matchCommands, setMatchCommands] = useState<MatchCommands | null>(null);
  const loadCommands = () => {
    if (!matchCommands)
      void import('./commands').then(
        (module) => setMatchCommands(() => module.matchCommands),
        () => undefined,
      );
  };
  const typed = query.trim();
  const groups = useMemo(() => {
    const commands = open && matchCommands && typed ? matchCommands(typed, user) : [];
    return commands.length || records ? [...commands, ...(records ?? [])] : null;
  }, [open, matchCommands, typed, user, records]);
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // The highlighted result belongs to one set of groups; new results start with nothing highlighted.
  const [active, setActive] = useState<{ groups: ResultGroup[] | null; index: number }>({
    groups: null,
    index: -1,
  });
  const options = (groups ?? []).flatMap((group) => group.data.map((item) => ({ type: group.type, item })));
  const activeIndex = active.groups === groups ? active.index : -1;
  const activeOption = options[activeIndex];

  // `/` or Ctrl-K (⌘K) focuses the box from anywhere, except while typing in another field. Listening from the
  // layout effect, before the box is painted: with a plain effect a key pressed as the page appears (a busy
  // machine runs effects tens of milliseconds after paint) found the box shown but nobody listening.
  useLayoutEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey);
      if (!shortcut && (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey)) return;
      if (isTypingTarget(event.target) && !(shortcut && event.target === input.current)) return;
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // Results clear on a click outside the search box (spec §4).
  useEffect(() => {
    if (!groups) return;
    const onPointerDown = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) clear(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [groups, clear]);

  const pick = async (type: ResultType, item: SearchItem) => {
    clear(true);
    if (type === 'pages' || type === 'actions') {
      navigate(String(item.id));
      return;
    }
    if (type === 'documents') {
      // Spec §7: documents open their file. The tab opens inside the click (pop-up blockers allow it),
      // GET /documents/{id} supplies a fresh signed url, and a failure closes the tab and shows the error.
      await openDocumentFile(item.id);
      return;
    }
    if (type === 'companies' && !opensRecordPage(user, type)) {
      // Company pages are refused a franchisee's member: their company opens as the stores it operates.
      navigate(`/stores?company_id=${item.id}`);
      return;
    }
    navigate(`/${type}/${item.id}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (groups || query) clear(true);
      else input.current?.blur();
      return;
    }
    if (!options.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        activeIndex < 0
          ? step > 0
            ? 0
            : options.length - 1
          : (activeIndex + step + options.length) % options.length;
      setActive({ groups, index: next });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = activeOption ?? options[0];
      if (option) void pick(option.type, option.item);
    }
  };

  return (
    <div ref={container} className="relative flex min-w-0 flex-1">
      <form role="search" className="relative flex flex-1" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="global-search" className="sr-only">
          {t('search.label')}
        </label>
        <Search
          className="pointer-events-none absolute inset-y-0 left-3 my-auto size-5 text-gray-400"
          aria-hidden="true"
        />
        <input
          ref={input}
          id="global-search"
          type="search"
          role="combobox"
          autoComplete="off"
          value={query}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={loadCommands}
          placeholder={t(can(user, 'team.browse') ? 'search.placeholder' : 'search.placeholderOwn')}
          aria-keyshortcuts="/ Control+K"
          aria-autocomplete="list"
          aria-controls={groups ? 'global-search-results' : undefined}
          aria-expanded={Boolean(groups)}
          aria-activedescendant={activeOption ? optionId(activeOption.type, activeOption.item) : undefined}
          className="block min-h-11 w-full min-w-0 rounded-md border-0 bg-gray-100 py-2 pr-3 pl-10 text-base text-gray-900 placeholder:truncate placeholder:text-gray-500 focus:bg-white focus:ring-2 focus:ring-blue-600 focus:outline-none sm:text-sm dark:bg-gray-800 dark:text-white dark:focus:bg-gray-900"
        />
      </form>
      {groups && (
        <SearchResults
          groups={groups}
          query={searched || typed}
          activeId={activeOption ? optionId(activeOption.type, activeOption.item) : undefined}
          onPick={(type, item) => void pick(type, item)}
        />
      )}
    </div>
  );
}
