import { queryOptions } from '@tanstack/react-query';
import type { AuthUser } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/**
 * GET /users/auth: the logged-in user, or null for a guest. `guest=null` makes the server answer a guest
 * 200 `{ data: null }`, so an anonymous page logs no failed request; the URL is the one the server's HTML
 * preloads (vite.config.ts EVERY_PAGE_DATA), which lets this fetch reuse that answer.
 */
export const authUserQuery = queryOptions({
  queryKey: queryKeys.authUser,
  queryFn: async ({ signal }): Promise<AuthUser | null> => {
    const body = await api.get<{ data: AuthUser | null }>('/users/auth', {
      signal,
      silentProgress: true,
      query: { guest: 'null' },
    });
    return body.data;
  },
  staleTime: Infinity,
  meta: { silent: true },
});
