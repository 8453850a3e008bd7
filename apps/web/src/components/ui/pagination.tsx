import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';

export type PaginationLabels = {
  nav: string;
  range: (from: number, to: number, total: number) => string;
  previous: string;
  next: string;
  page: (page: number) => string;
  perPage: string;
};

type PaginationProps = {
  page: number;
  lastPage: number;
  from: number | null;
  to: number | null;
  total: number;
  perPage?: number;
  perPageOptions?: readonly number[];
  onPage: (page: number) => void;
  onPerPage?: (perPage: number) => void;
  labels: PaginationLabels;
};

/** Page numbers to show: the first, the last and two either side of the current, with gaps as null. */
export function pageWindow(page: number, lastPage: number): Array<number | null> {
  const pages = new Set<number>([1, lastPage]);
  for (let p = page - 1; p <= page + 1; p++) if (p >= 1 && p <= lastPage) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, index) => {
    if (index > 0 && p - sorted[index - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

const pageButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium sm:min-h-9 sm:min-w-9 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-40';

/** "from–to of total", previous/next, page numbers and the per-page choice. */
export function Pagination({
  page,
  lastPage,
  from,
  to,
  total,
  perPage,
  perPageOptions,
  onPage,
  onPerPage,
  labels,
}: PaginationProps) {
  const perPageId = useId();
  return (
    <nav
      aria-label={labels.nav}
      className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-4 text-sm text-gray-600 dark:text-gray-400">
        <p aria-live="polite">{labels.range(from ?? 0, to ?? 0, total)}</p>
        {onPerPage && perPage && perPageOptions && (
          <span className="flex items-center gap-2">
            <label htmlFor={perPageId}>{labels.perPage}</label>
            <select
              id={perPageId}
              value={perPage}
              onChange={(event) => onPerPage(Number(event.target.value))}
              className="min-h-11 rounded-md border-0 bg-white py-1 pr-8 pl-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-blue-600 sm:min-h-9 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700"
            >
              {perPageOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </span>
        )}
      </div>
      {lastPage > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <button
              type="button"
              className={clsx(
                pageButton,
                'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
              )}
              disabled={page <= 1}
              onClick={() => onPage(page - 1)}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only sm:ml-1">{labels.previous}</span>
            </button>
          </li>
          {pageWindow(page, lastPage).map((p, index) =>
            p === null ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-gray-400">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  aria-label={labels.page(p)}
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => onPage(p)}
                  className={clsx(
                    pageButton,
                    p === page
                      ? 'bg-blue-600 text-white'
                      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                  )}
                >
                  {p}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className={clsx(
                pageButton,
                'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
              )}
              disabled={page >= lastPage}
              onClick={() => onPage(page + 1)}
            >
              <span className="sr-only sm:not-sr-only sm:mr-1">{labels.next}</span>
              <ChevronRight className="size-4" aria-hidden="true" />
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
