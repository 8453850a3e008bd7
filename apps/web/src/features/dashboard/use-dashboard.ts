import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type DashboardStore = { id: number; name: string; image?: string | null; address?: string | null };
export type DashboardStats = { expenditure: number; locations: number; near_expiration: number; near_renewal_notice: number };
export type AlignmentWarning = { store: { id: number; name: string }; agreement_id: number; days_apart: number };
export type Dashboard = { stores: DashboardStore[]; stats: DashboardStats; alignment_warnings?: AlignmentWarning[] };

/** Spec §3: stats all start at 0 until the server answers. */
export const emptyStats: DashboardStats = { expenditure: 0, locations: 0, near_expiration: 0, near_renewal_notice: 0 };

export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api.get<{ data: Dashboard }>('/dashboard', { signal }).then((body) => body.data),
  });
}
