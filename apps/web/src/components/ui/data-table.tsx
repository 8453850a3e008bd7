import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Skeleton } from './skeleton';

export type SortDirection = 'asc' | 'desc';
export type SortState = { field: string | null; direction: SortDirection };

export type DataColumn<T> = {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The sort field this column's header toggles (only whitelisted fields get one). */
  sortField?: string;
  className?: string;
  /** Hide on narrow screens to keep the table readable from 360px. */
  hideOnMobile?: boolean;
};

type DataTableProps<T> = {
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  caption: string;
  sort?: SortState;
  onSort?: (field: string) => void;
  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  skeletonRows?: number;
  /** Row click and Enter on a focused row open the record. */
  onRowOpen?: (row: T) => void;
  rowLabel?: (row: T) => string;
  sortLabel?: (header: string) => string;
};

/**
 * A list table: sortable headers (aria-sort), skeleton rows while loading, rows that open on click or
 * Enter. It scrolls sideways inside its frame on narrow screens; columns marked hideOnMobile drop out.
 */
export function DataTable<T>({ columns, rows, rowKey, caption, sort, onSort, loading, skeletonRows = 5, onRowOpen, rowLabel }: DataTableProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onRowOpen?.(row);
    }
  };
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-gray-200 dark:bg-gray-950 dark:ring-gray-800">
      <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800" aria-busy={loading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-gray-900">
          <tr>
            {columns.map((column) => {
              const active = column.sortField !== undefined && sort?.field === column.sortField;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className={clsx(
                    'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase dark:text-gray-400',
                    column.hideOnMobile && 'hidden md:table-cell',
                    column.className,
                  )}
                >
                  {column.sortField && onSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.sortField!)}
                      className="group -mx-1 inline-flex min-h-8 items-center gap-1 rounded px-1 uppercase hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:text-white"
                    >
                      {column.header}
                      {active ? (
                        sort?.direction === 'asc' ? (
                          <ArrowUp className="size-3.5 text-blue-600" aria-hidden="true" />
                        ) : (
                          <ArrowDown className="size-3.5 text-blue-600" aria-hidden="true" />
                        )
                      ) : (
                        <ArrowUpDown className="size-3.5 opacity-40 group-hover:opacity-80" aria-hidden="true" />
                      )}
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {loading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                <tr key={`skeleton-${index}`}>
                  {columns.map((column) => (
                    <td key={column.key} className={clsx('px-4 py-4', column.hideOnMobile && 'hidden md:table-cell')}>
                      <Skeleton className="h-4 w-full min-w-16" />
                    </td>
                  ))}
                </tr>
              ))
            : rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  tabIndex={onRowOpen ? 0 : undefined}
                  aria-label={rowLabel?.(row)}
                  onClick={onRowOpen ? (event) => !(event.target as HTMLElement).closest('a,button,input') && onRowOpen(row) : undefined}
                  onKeyDown={onRowOpen ? (event) => onKeyDown(event, row) : undefined}
                  className={clsx(
                    onRowOpen &&
                      'cursor-pointer hover:bg-gray-50 focus-visible:bg-blue-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-gray-900 dark:focus-visible:bg-blue-950/40',
                  )}
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={clsx('px-4 py-3 align-middle text-gray-700 dark:text-gray-300', column.hideOnMobile && 'hidden md:table-cell', column.className)}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
