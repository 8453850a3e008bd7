import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { authUserQuery } from '../auth/auth-user-query';
import { isInactive } from '../auth/permissions';
import { franchiseeDashboardQuery } from './use-franchisee-dashboard';

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
 * A guest or a team whose subscription has lapsed never asks; a franchisee's member asks for their own.
 */
export async function prefetchDashboard(): Promise<void> {
  const user = await queryClient.ensureQueryData(authUserQuery);
  if (!user || isInactive(user)) return;
  // A member limited to companies is refused the team's dashboard: their page shows their own figures.
  if (user.company_ids === null) await queryClient.prefetchQuery(dashboardQuery);
  else await queryClient.prefetchQuery(franchiseeDashboardQuery);
}
