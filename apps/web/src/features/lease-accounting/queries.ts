import { useMutation, useQuery } from '@tanstack/react-query';
import type { LeaseAccounting, LeaseSchedule } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

export function useLeaseAccounting(leaseId: number) {
  return useQuery({
    queryKey: queryKeys.leaseAccounting(leaseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: LeaseAccounting }>(`/leases/${leaseId}/accounting`, { signal })
        .then((body) => body.data),
  });
}

/** The schedule is asked for only once the profile resolves without problems (otherwise it is a 422). */
export function useLeaseSchedule(leaseId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.leaseAccountingSchedule(leaseId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: LeaseSchedule }>(`/leases/${leaseId}/accounting/schedule`, { signal })
        .then((body) => body.data),
    enabled,
  });
}

export function useSaveLeaseAccounting(leaseId: number) {
  return useMutation({
    mutationFn: (input: Record<string, unknown>) =>
      api.put<{ data: LeaseAccounting }>(`/leases/${leaseId}/accounting`, input).then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.leaseAccounting(leaseId), saved);
      void invalidateAfterWrite(queryKeys.leaseAccountingSchedule(leaseId));
    },
    meta: { form: true },
  });
}
