import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a write: marks the cached answers under `keys` stale and refetches those on screen. Their running
 * fetches are cancelled first: one that started before the write would otherwise be joined instead of
 * repeated (TanStack Query only restarts a running fetch of a query that already has data), and a list
 * opened a moment before the save would keep showing the state before it.
 */
export function invalidatorFor(client: QueryClient) {
  return async (...keys: QueryKey[]): Promise<void> => {
    await Promise.all(keys.map((queryKey) => client.cancelQueries({ queryKey })));
    await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
  };
}
