import { queryOptions } from '@tanstack/react-query';
import type { AuthUser } from '@storekeep/contracts';
import { isApiError } from '../../api/api-error';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** GET /users/auth: the logged-in user, or null for a guest (401 is an answer here, not an error). */
export const authUserQuery = queryOptions({
  queryKey: queryKeys.authUser,
  queryFn: async ({ signal }): Promise<AuthUser | null> => {
    try {
      const body = await api.get<{ data: AuthUser }>('/users/auth', { signal, silentProgress: true });
      return body.data;
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Infinity,
  meta: { silent: true },
});
