import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { authUserQuery } from '../auth/auth-user-query';
import { isInactive } from '../auth/permissions';

export type DashboardStats = Dashboard['stats'];

/** Spec §3: stats all start at 0 until the server answers. */
export const emptyStats: DashboardStats = {
  expenditure: 0,
  locations: 0,
  near_expiration: 0,
  near_renewal_notice: 0,
  overdue: 0,
  unverified: 0,
};

const dashboardQuery = queryOptions({
  queryKey: queryKeys.dashboard,
  queryFn: ({ signal }) => api.get<{ data: Dashboard }>('/dashboard', { signal }).then((body) => body.data),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}

/**
 * Called by the dashboard route's loader (src/router.tsx): asks for the figures while the page's chunks
 * still load, instead of after its first render; the largest paint is made of these figures.
 * A guest, a team whose subscription has lapsed or a franchisee's member never asks.
 */
export async function prefetchDashboard(): Promise<void> {
  const user = await queryClient.ensureQueryData(authUserQuery);
  // A member limited to companies is refused the dashboard (the page sends them to their stores).
  if (user && !isInactive(user) && user.company_ids === null) await queryClient.prefetchQuery(dashboardQuery);
}
