import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ResultGroup, ResultType, SearchItem } from './types';

// Static class names so Tailwind keeps them: 1–6 columns by the number of non-empty groups (spec §2).
const columns = [
  'lg:grid-cols-1',
  'lg:grid-cols-2',
  'lg:grid-cols-3',
  'lg:grid-cols-4',
  'lg:grid-cols-5',
  'lg:grid-cols-6',
];

type SearchResultsProps = {
  groups: ResultGroup[];
  query: string;
  onPick: (type: ResultType, item: SearchItem) => void;
  /** The option moved to with the arrow keys (aria-activedescendant of the search box). */
  activeId?: string;
};

export const optionId = (type: ResultType, item: SearchItem) => `search-option-${type}-${item.id}`;

export function SearchResults({ groups, query, onPick, activeId }: SearchResultsProps) {
  const { t } = useTranslation();
  const filled = groups.filter((group) => group.data.length > 0);
  // On a phone the input is narrow (menu, bell and avatar beside it): the results take the screen's width.
  return (
    <div
      id="global-search-results"
      role="listbox"
      aria-label={t('search.results')}
      className="absolute inset-x-0 top-full z-40 mt-2 max-h-[70vh] max-sm:fixed max-sm:inset-x-2 max-sm:top-[calc(4.25rem+env(safe-area-inset-top))] max-sm:mt-0 overflow-y-auto rounded-lg bg-white p-4 shadow-xl ring-1 ring-gray-900/10 dark:bg-gray-900 dark:ring-white/10"
    >
      {filled.length === 0 ? (
        <p className="px-2 py-4 text-center text-sm text-gray-500">{t('search.noResults', { query })}</p>
      ) : (
        <div
          className={clsx(
            'grid grid-cols-1 gap-4 sm:grid-cols-2',
            columns[Math.min(filled.length, 6) - 1],
            filled.length === 1 && 'sm:grid-cols-1',
          )}
        >
          {filled.map((group) => (
            <section key={group.type} role="group" aria-labelledby={`search-group-${group.type}`}>
              <h3
                id={`search-group-${group.type}`}
                className="px-2 text-xs font-semibold tracking-wide text-gray-500 uppercase"
              >
                {t(`search.types.${group.type}`, { defaultValue: group.type })}
              </h3>
              <ul className="mt-1" role="presentation">
                {group.data.map((item) => {
                  const id = optionId(group.type, item);
                  const active = id === activeId;
                  return (
                    <li
                      key={item.id}
                      id={id}
                      role="option"
                      aria-selected={active}
                      ref={active ? (node) => node?.scrollIntoView({ block: 'nearest' }) : undefined}
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => onPick(group.type, item)}
                      className={clsx(
                        'flex min-h-11 w-full cursor-pointer flex-col justify-center rounded-md px-2 py-1.5 text-left hover:bg-gray-100 dark:hover:bg-gray-800',
                        active && 'bg-blue-50 ring-2 ring-blue-600 ring-inset dark:bg-blue-950',
                      )}
                    >
                      <span className="truncate text-sm font-medium text-gray-900 dark:text-white">
                        {item.title}
                      </span>
                      {item.subtitle && (
                        <span
                          className={clsx(
                            'text-xs text-gray-500 dark:text-gray-400',
                            group.type === 'documents' ? 'line-clamp-2 break-words' : 'truncate',
                          )}
                        >
                          {item.subtitle}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
