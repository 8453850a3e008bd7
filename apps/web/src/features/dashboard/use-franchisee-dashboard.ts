import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FranchiseeDashboard } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const franchiseeDashboardQuery = queryOptions({
  queryKey: queryKeys.franchiseeDashboard,
  queryFn: ({ signal }) =>
    api.get<{ data: FranchiseeDashboard }>('/dashboard/franchisee', { signal }).then((body) => body.data),
});

export function useFranchiseeDashboard() {
  return useQuery(franchiseeDashboardQuery);
}
