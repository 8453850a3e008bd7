import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type DashboardStats = Dashboard['stats'];

/** Spec §3: stats all start at 0 until the server answers. */
export const emptyStats: DashboardStats = { expenditure: 0, locations: 0, near_expiration: 0, near_renewal_notice: 0 };

export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api.get<{ data: Dashboard }>('/dashboard', { signal }).then((body) => body.data),
  });
}
