import { useMutation, useQuery } from '@tanstack/react-query';
import type { Payable, PayableBulkBody, PayableInvoiceBody, PayableList } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** A page of one period's payment lines (`YYYY-MM`, the month they fall due in). */
export function usePayables(period: string, page: number) {
  return useQuery({
    queryKey: queryKeys.payables(period, page),
    queryFn: ({ signal }) => api.get<PayableList>('/payables', { signal, query: { period, page } }),
  });
}

/** The landlord's invoice for a line: its 422 field errors go to the form, not a toast. */
export function useEnterInvoice() {
  return useMutation({
    meta: { form: true },
    mutationFn: async ({ id, body }: { id: number; body: PayableInvoiceBody }) =>
      (await api.patch<{ data: Payable }>(`/payables/${id}`, body)).data,
    onSettled: () => invalidateAfterWrite(queryKeys.all('payables')),
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
