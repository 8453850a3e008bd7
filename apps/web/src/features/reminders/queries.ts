import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { AuthUser, Comment, Reminder, ReminderInput } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { prependRow, removeRowsFromPages, updateRows } from '../records/cached-pages';
import type { Paginated } from '../records/types';

export function useReminder(id: number) {
  return useQuery({
    queryKey: queryKeys.detail('reminders', id),
    queryFn: ({ signal }) =>
      api.get<{ data: Reminder }>(`/reminders/${id}`, { signal }).then((body) => body.data),
    enabled: id > 0,
  });
}

/** The inbox tabs' counts (overdue, upcoming, completed); under the reminders key, so every reminder write refreshes them. */
export function useReminderCounts() {
  return useQuery({
    queryKey: queryKeys.reminderCounts,
    queryFn: ({ signal }) =>
      api
        .get<{ data: { overdue: number; upcoming: number; completed: number } }>('/reminders/counts', {
          signal,
        })
        .then((body) => body.data),
  });
}

/** Applies a change to the reminder wherever it is cached: its detail and every reminder list page. */
export function patchCachedReminder(id: number, change: (reminder: Reminder) => Reminder) {
  queryClient.setQueryData<Reminder>(queryKeys.detail('reminders', id), (old) => (old ? change(old) : old));
  queryClient.setQueriesData<Paginated<Reminder>>({ queryKey: queryKeys.lists('reminders') }, (old) =>
    updateRows(old, (reminder) => (reminder.id === id ? change(reminder) : reminder)),
  );
}

/** Spec §4: comments_count moves by one, starting from 0 when absent. */
const bumpComments = (id: number, delta: 1 | -1) =>
  patchCachedReminder(id, (reminder) => ({
    ...reminder,
    comments_count: Math.max(0, (reminder.comments_count ?? 0) + delta),
  }));

export function invalidateReminders() {
  void invalidateAfterWrite(queryKeys.all('reminders'), queryKeys.dashboard);
}

type ReminderChanges = { id: number; read?: boolean; snoozed_until?: string | null };
type CacheSnapshot = Array<[QueryKey, unknown]>;

/** Every cached reminder page, reminder detail and the signed-in user (its unread badge), to put back on a refusal. */
async function snapshotReminderCaches(): Promise<CacheSnapshot> {
  const filters: Array<{ queryKey: QueryKey }> = [
    { queryKey: queryKeys.all('reminders') },
    { queryKey: queryKeys.authUser },
  ];
  // A refetch landing after the optimistic change would overwrite it with the old state.
  await Promise.all(filters.map((f) => queryClient.cancelQueries(f)));
  return filters.flatMap((f) => queryClient.getQueriesData(f));
}

function restore(snapshot: CacheSnapshot | undefined) {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

/**
 * Spec §3 `notifications`: the unread reminders a user sees now. Completing one that is not snoozed takes
 * one off the badge, reopening adds it back; the refetch on settle corrects any reminder the guess missed
 * (one not yet inside its lead window).
 */
function moveUnreadBadge(delta: 1 | -1) {
  queryClient.setQueryData<AuthUser | null>(queryKeys.authUser, (user) =>
    user ? { ...user, notifications: Math.max(0, user.notifications + delta) } : user,
  );
}

function cachedReminder(id: number): Reminder | undefined {
  const detail = queryClient.getQueryData<Reminder>(queryKeys.detail('reminders', id));
  if (detail) return detail;
  for (const [, page] of queryClient.getQueriesData<Paginated<Reminder>>({
    queryKey: queryKeys.lists('reminders'),
  })) {
    const found = page?.data.find((reminder) => reminder.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * Complete, reopen or snooze. Optimistic: the row and the unread badge change at once; a refused
 * change puts both back (the error toast comes from the mutation cache) and every reminder list is refetched
 * when the answer is in either way.
 */
/** The multi-select's one change to several reminders: complete, reopen, snooze or assign. */
export function useBulkUpdateReminders() {
  return useMutation({
    mutationFn: (input: {
      ids: number[];
      read?: boolean;
      snoozed_until?: string | null;
      assignee_ids?: number[];
    }) => api.post<{ data: { updated: number } }>('/reminders/bulk', input).then((body) => body.data),
    onSuccess: () => invalidateReminders(),
  });
}

export function useUpdateReminder() {
  return useMutation({
    mutationFn: ({ id, ...changes }: ReminderChanges) =>
      api.patch<{ data: Reminder }>(`/reminders/${id}`, changes).then((body) => body.data),
    onMutate: async ({ id, read, snoozed_until }) => {
      const snapshot = await snapshotReminderCaches();
      const before = cachedReminder(id);
      patchCachedReminder(id, (reminder) => ({
        ...reminder,
        ...(read !== undefined
          ? { read_at: read ? (reminder.read_at ?? new Date().toISOString()) : null }
          : {}),
        ...(snoozed_until !== undefined ? { snoozed_until } : {}),
      }));
      const today = new Date().toISOString().slice(0, 10);
      const counted = before && !(before.snoozed_until && before.snoozed_until > today);
      if (counted && read !== undefined && read === (before.read_at === null)) moveUnreadBadge(read ? -1 : 1);
      return { snapshot };
    },
    onError: (_error, _changes, context) => restore(context?.snapshot),
    onSuccess: (reminder) => patchCachedReminder(reminder.id, () => reminder),
    onSettled: () => {
      invalidateReminders();
      void invalidateAfterWrite(queryKeys.authUser);
    },
  });
}

/**
 * Mutes or unmutes e-mail (and push) notices: the record the reminder is about, or the reminder itself
 * when it is about nothing. Unmuting clears both, since either may be what silenced it.
 */
export function useToggleMute() {
  return useMutation({
    mutationFn: async (reminder: Reminder) => {
      const target = reminder.subject
        ? { subject_type: reminder.subject.type, subject_id: reminder.subject.id }
        : { subject_type: 'reminder' as const, subject_id: reminder.id };
      if (!reminder.muted) {
        await api.post('/mutes', target);
      } else {
        if (reminder.subject) await api.delete(`/mutes/${reminder.subject.type}/${reminder.subject.id}`);
        await api.delete(`/mutes/reminder/${reminder.id}`);
      }
      return { reminder, muted: !reminder.muted };
    },
    // Optimistic: every reminder about the same record changes with it at once; a refusal puts them back.
    onMutate: async (reminder) => {
      const snapshot = await snapshotReminderCaches();
      const muted = !reminder.muted;
      const sameSubject = (other: Reminder) =>
        reminder.subject
          ? other.subject?.type === reminder.subject.type && other.subject.id === reminder.subject.id
          : other.id === reminder.id;
      queryClient.setQueriesData<Paginated<Reminder>>({ queryKey: queryKeys.lists('reminders') }, (old) =>
        updateRows(old, (other) => (sameSubject(other) ? { ...other, muted } : other)),
      );
      patchCachedReminder(reminder.id, (old) => ({ ...old, muted }));
      return { snapshot };
    },
    onError: (_error, _reminder, context) => restore(context?.snapshot),
    onSettled: () => invalidateReminders(),
  });
}

export function useCreateReminder() {
  return useMutation({
    mutationFn: (input: ReminderInput) =>
      api.post<{ data: Reminder }>('/reminders', input).then((body) => body.data),
    onSuccess: () => {
      invalidateReminders();
      void invalidateAfterWrite(queryKeys.authUser);
    },
    meta: { form: true },
  });
}

export function useDeleteReminder() {
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/reminders/${id}`),
    onSuccess: () => {
      invalidateReminders();
      void invalidateAfterWrite(queryKeys.authUser);
    },
  });
}

type CommentPages = InfiniteData<Paginated<Comment>, number>;

/** The reminder's comments, newest first, a page at a time (spec §4: a list in reversed order). */
export function useComments(id: number) {
  return useInfiniteQuery({
    queryKey: queryKeys.reminderComments(id),
    queryFn: ({ signal, pageParam }) =>
      api.get<Paginated<Comment>>(`/reminders/${id}/comments`, { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
  });
}

/** A new comment goes to the front of the cached list without a refetch, and comments_count +1. */
export function useAddComment(id: number) {
  return useMutation({
    mutationFn: (body: string) =>
      api.post<{ data: Comment }>(`/reminders/${id}/comments`, { body }).then((answer) => answer.data),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentPages>(queryKeys.reminderComments(id), (old) =>
        prependRow(old, comment),
      );
      bumpComments(id, 1);
    },
    meta: { form: true },
  });
}

/** Optimistic: the comment leaves the list (and comments_count drops) at once; a refusal puts it back. */
export function useDeleteComment(id: number) {
  return useMutation({
    mutationFn: (comment: Comment) =>
      api.delete<null>(`/reminder-comments/${comment.id}`).then(() => comment),
    onMutate: async (comment) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.reminderComments(id) });
      const comments = queryClient.getQueryData<CommentPages>(queryKeys.reminderComments(id));
      const snapshot = await snapshotReminderCaches();
      queryClient.setQueryData<CommentPages>(queryKeys.reminderComments(id), (old) =>
        removeRowsFromPages(old, (item) => item.id === comment.id),
      );
      bumpComments(id, -1);
      return { comments, snapshot };
    },
    onError: (_error, _comment, context) => {
      if (!context) return;
      queryClient.setQueryData(queryKeys.reminderComments(id), context.comments);
      restore(context.snapshot);
    },
  });
}
