import { useCallback, useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@storekeep/contracts';
import { api } from '../../api/client';
import { handleApiError, isAbort } from '../../api/error-mapping';
import { queryClient } from '../../api/query-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { SearchGroup } from './types';

/**
 * Spec §7: debounced SEARCH_DEBOUNCE_MS; a new query aborts the one in flight; nothing is sent for an
 * empty or unchanged query.
 */
export function useGlobalSearch() {
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ query: string; groups: SearchGroup[] } | null>(null);
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const lastSent = useRef('');
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!debounced || debounced === lastSent.current) return;
    lastSent.current = debounced;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    api
      .get<{ data: SearchGroup[] }>('/search', {
        query: { query: debounced },
        signal: controller.signal,
        silentProgress: true,
      })
      .then((body) => setResult({ query: debounced, groups: body.data }))
      .catch((error: unknown) => {
        if (!isAbort(error)) handleApiError(error, queryClient);
      });
  }, [debounced]);

  useEffect(() => () => inFlight.current?.abort(), []);

  /** Hides the results; the next query (even the same text) is sent again. */
  const clear = useCallback((resetQuery: boolean) => {
    inFlight.current?.abort();
    lastSent.current = '';
    setResult(null);
    if (resetQuery) setQuery('');
  }, []);

  const change = (value: string) => {
    setQuery(value);
    if (!value.trim()) clear(false);
  };

  return { query, change, groups: result?.groups ?? null, searched: result?.query ?? '', clear };
}
