import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { prependRow, removeRows, removeRowsFromPages, updateRows } from './cached-pages';
import type { Paginated } from './types';

type Row = { id: number; title: string };
const page = (rows: Row[], total = rows.length): Paginated<Row> => ({
  data: rows,
  meta: { current_page: 1, last_page: 2, per_page: 25, total, from: 1, to: 25 },
});
const a = { id: 1, title: 'a' };
const b = { id: 2, title: 'b' };

describe('optimistic changes to cached list pages', () => {
  it('changes the rows it is asked to and leaves the cached page itself alone', () => {
    const cached = page([a, b]);
    const changed = updateRows(cached, (row) => (row.id === 2 ? { ...row, title: 'B' } : row));
    expect(changed?.data).toEqual([a, { id: 2, title: 'B' }]);
    expect(cached.data[1]).toEqual(b);
  });

  it('removes rows and counts them out of the total', () => {
    expect(removeRows(page([a, b], 40), (row) => row.id === 1)).toEqual(page([b], 39));
    const cached = page([a]);
    expect(removeRows(cached, (row) => row.id === 9)).toBe(cached);
  });

  it('passes through what is not a cached page (nothing yet, a detail under the same prefix)', () => {
    expect(updateRows<Row>(undefined, (row) => row)).toBeUndefined();
    const detail = { id: 1, title: 'a' } as unknown as Paginated<Row>;
    expect(removeRows(detail, () => true)).toBe(detail);
  });

  it('puts a new row first on the first loaded page of a newest-first list', () => {
    const pages: InfiniteData<Paginated<Row>, number> = {
      pages: [page([a], 30), page([b], 30)],
      pageParams: [1, 2],
    };
    const added = prependRow(pages, { id: 3, title: 'c' });
    expect(added?.pages[0]).toEqual(page([{ id: 3, title: 'c' }, a], 31));
    expect(added?.pages[1]).toBe(pages.pages[1]);
    expect(prependRow<Row>(undefined, a)).toBeUndefined();
  });

  it('removes a row from whichever loaded page holds it', () => {
    const pages: InfiniteData<Paginated<Row>, number> = { pages: [page([a]), page([b])], pageParams: [1, 2] };
    expect(removeRowsFromPages(pages, (row) => row.id === 2)?.pages.map((p) => p.data)).toEqual([[a], []]);
  });
});
