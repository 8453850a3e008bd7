import { useEffect } from 'react';
import { API_BASE, type AuthUser } from '@storekeep/contracts';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { applyImportEvent } from '../imports/queries';

/**
 * Server-Sent Events of the signed-in user (GET /events): every `notifications` event carries the unread
 * count, written into the cached auth user so the sidebar badge and the bell's dot follow without a reload;
 * reminder lists are refetched. The stream closes when the shell unmounts (logout reloads the page).
 */
export function useLiveEvents(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(`${API_BASE}/events`, { withCredentials: true });
    let first = true;
    const onNotifications = (event: MessageEvent<string>) => {
      let count: number | undefined;
      try {
        count = (JSON.parse(event.data) as { count?: number }).count;
      } catch {
        return;
      }
      if (typeof count === 'number') {
        queryClient.setQueryData<AuthUser | null>(queryKeys.authUser, (user) =>
          user && user.notifications !== count ? { ...user, notifications: count } : user,
        );
      }
      // The first event only states the current count; later ones follow a write that moved reminders.
      if (!first) {
        void invalidateAfterWrite(queryKeys.all('reminders'), queryKeys.dashboard);
      }
      first = false;
    };
    // An import's progress, pushed batch by batch while it runs.
    // The import queries load with the first such event, not with the app shell (first-load budget).
    const onImport = (event: MessageEvent<string>) => {
      let data: Parameters<typeof applyImportEvent>[0];
      try {
        data = JSON.parse(event.data) as typeof data;
      } catch {
        return; // a malformed event is ignored; the import page polls as well
      }
      void import('../imports/queries').then((imports) => imports.applyImportEvent(data));
    };
    source.addEventListener('notifications', onNotifications);
    source.addEventListener('import', onImport);
    return () => {
      source.removeEventListener('notifications', onNotifications);
      source.removeEventListener('import', onImport);
      source.close();
    };
  }, [enabled]);
}
