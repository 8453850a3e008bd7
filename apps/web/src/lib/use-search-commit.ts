import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@storekeep/contracts';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A list's search box writes to the URL once typing pauses (SEARCH_DEBOUNCE_MS). If the user leaves the
 * list in that pause (opens a row, presses `c`), the pending write is dropped: run while the navigation
 * is under way, or after the address has changed, it would navigate back to the list.
 */
export function useSearchCommit(text: string, current: string, commit: (search: string) => void): void {
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const leaving = useNavigation().state !== 'idle';
  const { pathname } = useLocation();
  useEffect(() => {
    if (leaving || window.location.pathname !== pathname) return;
    if (debounced !== current) commit(debounced);
    // Only a new debounced value commits; the other values are read as they were when it settled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
}
