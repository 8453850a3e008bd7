import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  type PaginationMeta,
  type PercentageRentDue,
  type RoyaltyDue,
  type Sales,
  type SalesSummary,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** Every monthly figure of these stores in a year (a grid page: at most 100 stores × 12 months). */
export function useYearSales(year: number, storeIds: number[]) {
  return useQuery({
    queryKey: queryKeys.sales('grid', { year, storeIds }),
    enabled: storeIds.length > 0,
    queryFn: async ({ signal }) => {
      const rows: Sales[] = [];
      for (let page = 1; ; page += 1) {
        const body = await api.get<{ data: Sales[]; meta: PaginationMeta }>('/sales', {
          signal,
          query: {
            page,
            per_page: MAX_PAGE_SIZE,
            'filters[period]': 'month',
            'filters[from]': `${year}-01-01`,
            'filters[to]': `${year}-12-31`,
            'filters[store_id]': storeIds.join(','),
          },
        });
        rows.push(...body.data);
        if (page >= body.meta.last_page) return rows;
      }
    },
  });
}

export type SalesRowDraft = { store_id: number; period: 'month'; period_start: string; gross: number };

export function useSaveSales() {
  return useMutation({
    mutationFn: async ({ rows, removed }: { rows: SalesRowDraft[]; removed: number[] }) => {
      const result = rows.length
        ? (
            await api.post<{ data: { created: number; updated: number } }>('/sales/batch', {
              on_duplicate: 'merge',
              rows,
            })
          ).data
        : { created: 0, updated: 0 };
      for (const id of removed) await api.delete(`/sales/${id}`);
      return { ...result, removed: removed.length };
    },
    onSettled: () =>
      invalidateAfterWrite(queryKeys.all('sales'), queryKeys.all('occupancy'), queryKeys.lists('stores')),
  });
}

export type Range = { from: string; to: string };

export function useSalesSummary(range: Range, groupBy: string, granularity: string) {
  return useQuery({
    queryKey: queryKeys.sales('summary', { ...range, groupBy, granularity }),
    queryFn: ({ signal }) =>
      api
        .get<{ data: SalesSummary }>('/sales/reports/summary', {
          signal,
          query: { ...range, group_by: groupBy, granularity },
        })
        .then((b) => b.data),
    placeholderData: (previous) => previous,
  });
}

export function useRoyalties(range: Range) {
  return useQuery({
    queryKey: queryKeys.sales('royalties', range),
    queryFn: ({ signal }) =>
      api
        .get<{ data: RoyaltyDue[] }>('/sales/reports/royalties', { signal, query: range })
        .then((b) => b.data),
    placeholderData: (previous) => previous,
  });
}

export function usePercentageRent(range: Range) {
  return useQuery({
    queryKey: queryKeys.sales('percentage-rent', range),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PercentageRentDue[] }>('/sales/reports/percentage-rent', { signal, query: range })
        .then((b) => b.data),
    placeholderData: (previous) => previous,
  });
}
