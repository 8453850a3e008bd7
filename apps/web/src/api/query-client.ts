import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { LIST_CACHE_MS } from '@storekeep/contracts';
import { isApiError } from './api-error';
import { handleApiError } from './error-mapping';
import { invalidatorFor } from './invalidate';

export type AppQueryMeta = {
  /** The caller handles the error itself (e.g. the auth probe answering 401 for guests). */
  silent?: boolean;
};
export type AppMutationMeta = AppQueryMeta & {
  /** A form maps 422 field errors onto its inputs, so they are not toasted as well. */
  form?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppMutationMeta;
  }
}

const isNotFound = (error: unknown) => isApiError(error) && error.status === 404;

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.silent || isNotFound(error)) return;
      handleApiError(error, queryClient);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.silent) return;
      if (mutation.meta?.form && isApiError(error) && error.status === 422) return;
      handleApiError(error, queryClient);
    },
  }),
  defaultOptions: {
    queries: {
      // Ask even when the browser says it is offline: the request then fails at once with the network error
      // toast (spec §8), where the default would wait, unseen, for the connection to come back.
      networkMode: 'always',
      // Spec §4: a cached list is current for LIST_CACHE_MS.
      staleTime: LIST_CACHE_MS,
      retry: (failureCount, error) =>
        isApiError(error) && (error.status === 0 || error.status >= 500) && failureCount < 1,
      refetchOnWindowFocus: false,
      // A 404 renders the not-found page through the route error boundary (spec §8).
      throwOnError: isNotFound,
    },
    mutations: { networkMode: 'always' },
  },
});

/** After a write: `invalidateAfterWrite(...keys)` (see `invalidatorFor`). */
export const invalidateAfterWrite = invalidatorFor(queryClient);
