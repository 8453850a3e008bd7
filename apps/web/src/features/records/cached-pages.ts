import type { InfiniteData } from '@tanstack/react-query';
import type { Paginated } from './types';

/**
 * Optimistic changes to cached list pages, as `setQueryData`/`setQueriesData` hand them over. A broad key
 * prefix also reaches details and other answers that are not a page, and a key may have nothing cached yet:
 * both come back untouched.
 */
const isPage = <T>(value: Paginated<T> | undefined): value is Paginated<T> =>
  typeof value === 'object' && value !== null && Array.isArray(value.data) && 'meta' in value;

/** The page with `change` applied to each of its rows (return the row itself to leave it). */
export function updateRows<T>(
  page: Paginated<T> | undefined,
  change: (row: T) => T,
): Paginated<T> | undefined {
  return isPage(page) ? { ...page, data: page.data.map(change) } : page;
}

/** The page without the rows `gone` picks; its total drops by as many. */
export function removeRows<T>(
  page: Paginated<T> | undefined,
  gone: (row: T) => boolean,
): Paginated<T> | undefined {
  if (!isPage(page)) return page;
  const data = page.data.filter((row) => !gone(row));
  const removed = page.data.length - data.length;
  if (removed === 0) return page;
  return { ...page, data, meta: { ...page.meta, total: Math.max(0, page.meta.total - removed) } };
}

type Pages<T> = InfiniteData<Paginated<T>, number>;

/** A new row at the front of the first loaded page of a newest-first list; the total grows by one. */
export function prependRow<T>(pages: Pages<T> | undefined, row: T): Pages<T> | undefined {
  const [first, ...rest] = pages?.pages ?? [];
  if (!pages || !first) return pages;
  return {
    ...pages,
    pages: [
      { ...first, data: [row, ...first.data], meta: { ...first.meta, total: first.meta.total + 1 } },
      ...rest,
    ],
  };
}

/** Every loaded page without the rows `gone` picks. */
export function removeRowsFromPages<T>(
  pages: Pages<T> | undefined,
  gone: (row: T) => boolean,
): Pages<T> | undefined {
  if (!pages) return pages;
  return { ...pages, pages: pages.pages.map((page) => removeRows(page, gone) ?? page) };
}
