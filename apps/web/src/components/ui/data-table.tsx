import clsx from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
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
  /** Without a direction the caller toggles (header clicks); the mobile select passes one. */
  onSort?: (field: string, direction?: SortDirection) => void;
  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  skeletonRows?: number;
  /** Row click and Enter on a focused row open the record. */
  onRowOpen?: (row: T) => void;
  rowLabel?: (row: T) => string;
  /** Below `sm` rows collapse to cards; sorting moves into a select. */
  mobileLabels?: { sortBy: string; ascending: string; descending: string; unsorted: string };
  /** Checkboxes in front of each row (bulk actions), each labelled by the row, and one for the page. */
  selection?: RowSelection<T>;
};

export type RowSelection<T> = {
  isSelected: (row: T) => boolean;
  onToggle: (row: T) => void;
  onToggleAll: (select: boolean) => void;
  /** Accessible name of a row's checkbox ("Select lease.pdf"). */
  label: (row: T) => string;
  allLabel: string;
};

function SelectAll<T>({ rows, selection }: { rows: T[]; selection: RowSelection<T> }) {
  const count = rows.filter((row) => selection.isSelected(row)).length;
  const all = rows.length > 0 && count === rows.length;
  return (
    <input
      type="checkbox"
      aria-label={selection.allLabel}
      checked={all}
      ref={(node) => {
        if (node) node.indeterminate = count > 0 && !all;
      }}
      disabled={rows.length === 0}
      onChange={() => selection.onToggleAll(!all)}
      className="size-4 cursor-pointer rounded border-gray-300 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    />
  );
}

function RowCheckbox<T>({ row, selection }: { row: T; selection: RowSelection<T> }) {
  return (
    <input
      type="checkbox"
      aria-label={selection.label(row)}
      checked={selection.isSelected(row)}
      onChange={() => selection.onToggle(row)}
      className="size-4 cursor-pointer rounded border-gray-300 accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    />
  );
}

/**
 * A list table: sortable headers (aria-sort), skeleton rows while loading, rows that open on click or
 * Enter. It scrolls sideways inside its frame on narrow screens; columns marked hideOnMobile drop out.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  return (
    <>
      <div className="sm:hidden">
        <CardList {...props} />
      </div>
      <div className="hidden sm:block">
        <TableView {...props} />
      </div>
    </>
  );
}

/** Narrow screens: one card per row, the first column as its title and the other visible columns as label–value pairs. */
function CardList<T>({
  columns,
  rows,
  rowKey,
  caption,
  sort,
  onSort,
  loading,
  skeletonRows = 5,
  onRowOpen,
  mobileLabels,
  selection,
}: DataTableProps<T>) {
  const [main, ...rest] = columns;
  const details = rest.filter((column) => !column.hideOnMobile);
  const sortable = columns.filter((column) => column.sortField);
  const sortId = useId();
  return (
    <div>
      {selection && rows.length > 0 && !loading && (
        <label className="mb-2 inline-flex min-h-11 items-center gap-3 px-4 text-sm text-gray-700 dark:text-gray-300">
          <SelectAll rows={rows} selection={selection} />
          <span aria-hidden="true">{selection.allLabel}</span>
        </label>
      )}
      {onSort && mobileLabels && sortable.length > 0 && (
        <div className="mb-3 flex items-center gap-2 text-sm">
          <label htmlFor={sortId} className="shrink-0 text-gray-600 dark:text-gray-400">
            {mobileLabels.sortBy}
          </label>
          <select
            id={sortId}
            value={sort?.field ? `${sort.field}:${sort.direction}` : ''}
            onChange={(event) => {
              const [field, direction] = event.target.value.split(':');
              if (field) onSort(field, direction === 'desc' ? 'desc' : 'asc');
            }}
            className="min-h-11 flex-1 rounded-md border-0 bg-white py-1 pr-8 pl-2 text-base text-gray-900 ring-1 ring-gray-300 ring-inset focus:ring-2 focus:ring-blue-600 dark:bg-gray-900 dark:text-gray-100 dark:ring-gray-700"
          >
            {!sort?.field && <option value="">{mobileLabels.unsorted}</option>}
            {sortable.flatMap((column) =>
              (['asc', 'desc'] as const).map((direction) => (
                <option key={`${column.sortField}:${direction}`} value={`${column.sortField}:${direction}`}>
                  {typeof column.header === 'string' ? column.header : column.sortField} ·{' '}
                  {direction === 'asc' ? mobileLabels.ascending : mobileLabels.descending}
                </option>
              )),
            )}
          </select>
        </div>
      )}
      <ul
        aria-label={caption}
        aria-busy={loading || undefined}
        className="divide-y divide-gray-100 overflow-hidden rounded-lg bg-white ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-950 dark:ring-gray-800"
      >
        {loading || !main
          ? Array.from({ length: skeletonRows }, (_, index) => (
              <li key={`skeleton-${index}`} className="flex flex-col gap-2 p-4">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
              </li>
            ))
          : rows.map((row) => (
              <li
                key={rowKey(row)}
                tabIndex={onRowOpen ? 0 : undefined}
                onClick={
                  onRowOpen
                    ? (event) =>
                        !(event.target as HTMLElement).closest('a,button,input,label') && onRowOpen(row)
                    : undefined
                }
                onKeyDown={
                  onRowOpen
                    ? (event) =>
                        event.key === 'Enter' && event.target === event.currentTarget && onRowOpen(row)
                    : undefined
                }
                className={clsx(
                  'p-4',
                  onRowOpen &&
                    'cursor-pointer active:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:active:bg-gray-900',
                )}
              >
                <div className="flex items-start gap-3 text-sm">
                  {selection && (
                    <label className="-my-3 -ml-3 inline-flex size-11 shrink-0 cursor-pointer items-center justify-center">
                      <RowCheckbox row={row} selection={selection} />
                    </label>
                  )}
                  <div className="min-w-0 flex-1">{main.cell(row)}</div>
                </div>
                {details.length > 0 && (
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    {details.map((column) => (
                      <div key={column.key} className="contents">
                        <dt className="text-gray-500 dark:text-gray-400">{column.header}</dt>
                        <dd className="min-w-0 text-gray-800 dark:text-gray-200">{column.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
      </ul>
    </div>
  );
}

function TableView<T>({
  columns,
  rows,
  rowKey,
  caption,
  sort,
  onSort,
  loading,
  skeletonRows = 5,
  onRowOpen,
  rowLabel,
  selection,
}: DataTableProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onRowOpen?.(row);
    }
  };
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-gray-200 dark:bg-gray-950 dark:ring-gray-800">
      <table
        className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800"
        aria-busy={loading || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 dark:bg-gray-900">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-4 py-3">
                <SelectAll rows={loading ? [] : rows} selection={selection} />
              </th>
            )}
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
                        <ArrowUpDown
                          className="size-3.5 opacity-40 group-hover:opacity-80"
                          aria-hidden="true"
                        />
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
                  {selection && <td className="px-4 py-4" />}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={clsx('px-4 py-4', column.hideOnMobile && 'hidden md:table-cell')}
                    >
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
                  onClick={
                    onRowOpen
                      ? (event) =>
                          !(event.target as HTMLElement).closest('a,button,input,label') && onRowOpen(row)
                      : undefined
                  }
                  onKeyDown={onRowOpen ? (event) => onKeyDown(event, row) : undefined}
                  className={clsx(
                    onRowOpen &&
                      'cursor-pointer hover:bg-gray-50 focus-visible:bg-blue-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:hover:bg-gray-900 dark:focus-visible:bg-blue-950/40',
                  )}
                >
                  {selection && (
                    <td className="w-10 px-4 py-3 align-middle">
                      <label className="-m-3 inline-flex cursor-pointer p-3">
                        <RowCheckbox row={row} selection={selection} />
                      </label>
                    </td>
                  )}
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      className={clsx(
                        'px-4 py-3 align-middle text-gray-700 dark:text-gray-300',
                        column.hideOnMobile && 'hidden md:table-cell',
                        column.className,
                      )}
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
