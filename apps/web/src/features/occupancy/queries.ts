import { useQuery } from '@tanstack/react-query';
import { ratioPercent, type OccupancyRanking, type StoreOccupancy } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export function useStoreOccupancy(storeId: number, enabled = true) {
  return useQuery({
    enabled: enabled && storeId > 0,
    queryKey: queryKeys.storeOccupancy(storeId),
    queryFn: ({ signal }) =>
      api.get<{ data: StoreOccupancy }>(`/stores/${storeId}/occupancy`, { signal }).then((body) => body.data),
  });
}

export function useOccupancyRanking() {
  return useQuery({
    queryKey: queryKeys.occupancyRanking,
    queryFn: ({ signal }) =>
      api.get<{ data: OccupancyRanking }>('/dashboard/occupancy', { signal }).then((body) => body.data),
  });
}

/** A ratio as "7.34" (the strings add the percent sign). */
export const percentText = (ratio: number) => ratioPercent(ratio).toFixed(2);
