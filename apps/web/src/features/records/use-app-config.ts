import { useQuery } from '@tanstack/react-query';
import type { AppConfig } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** Browser-side settings of the server; they change only with a deploy, so they are read once per session. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.appConfig,
    queryFn: ({ signal }) => api.get<{ data: AppConfig }>('/app-config', { signal }).then((r) => r.data),
    staleTime: Infinity,
    meta: { silent: true },
  });
}
