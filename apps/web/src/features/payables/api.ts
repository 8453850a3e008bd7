import { useMutation, useQuery } from '@tanstack/react-query';
import type { PayableBulkBody, PayableList } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** One period's payment lines (`YYYY-MM`, the month they fall due in). */
export function usePayables(period: string) {
  return useQuery({
    queryKey: queryKeys.payables(period),
    queryFn: ({ signal }) => api.get<PayableList>('/payables', { signal, query: { period } }),
  });
}

export function useGeneratePayables() {
  return useMutation({
    mutationFn: async (period: string) =>
      (
        await api.post<{ data: { created: number; updated: number; unchanged: number } }>(
          '/payables/generate',
          { period },
        )
      ).data,
    onSettled: () => invalidateAfterWrite(queryKeys.all('payables')),
  });
}

export function usePayablesAction() {
  return useMutation({
    mutationFn: async (body: PayableBulkBody) =>
      (await api.post<{ data: { updated: number } }>('/payables/bulk', body)).data,
    onSettled: () => invalidateAfterWrite(queryKeys.all('payables')),
  });
}
