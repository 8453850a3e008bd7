import { useMutation, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';

/** GET /calendar-feed: whether the user has a live link for the current team (never the link itself). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: queryKeys.calendarFeed,
    queryFn: ({ signal }) =>
      api.get<{ data: CalendarFeed }>('/calendar-feed', { signal }).then((body) => body.data),
  });
}

/** POST /calendar-feed: a new secret link (the old one stops working); its URL is in this answer only. */
export function useCreateCalendarFeed() {
  return useMutation({
    mutationFn: () => api.post<{ data: CalendarFeed }>('/calendar-feed').then((body) => body.data),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed, { ...feed, url: null }),
  });
}

export function useRevokeCalendarFeed() {
  return useMutation({
    mutationFn: () => api.delete<null>('/calendar-feed'),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(queryKeys.calendarFeed, {
        url: null,
        active: false,
        created_at: null,
      }),
  });
}
