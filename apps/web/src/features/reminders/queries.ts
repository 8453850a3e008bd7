import { useInfiniteQuery, useMutation, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { Comment, Reminder, ReminderInput } from '@storekeep/contracts';
import { api } from '../../api/client';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { Paginated } from '../records/types';

export const remindersKey = ['reminders'] as const;
const commentsKey = (id: number) => ['reminders', 'comments', id] as const;

export function useReminder(id: number) {
  return useQuery({
    queryKey: queryKeys.detail('reminders', id),
    queryFn: ({ signal }) => api.get<{ data: Reminder }>(`/reminders/${id}`, { signal }).then((body) => body.data),
    enabled: id > 0,
  });
}

/** Applies a change to the reminder wherever it is cached: its detail and every reminder list page. */
export function patchCachedReminder(id: number, change: (reminder: Reminder) => Reminder) {
  queryClient.setQueryData<Reminder>(queryKeys.detail('reminders', id), (old) => (old ? change(old) : old));
  queryClient.setQueriesData<Paginated<Reminder>>({ queryKey: ['reminders', 'list'] }, (old) =>
    old ? { ...old, data: old.data.map((reminder) => (reminder.id === id ? change(reminder) : reminder)) } : old,
  );
}

/** Spec §4: comments_count moves by one, starting from 0 when absent. */
const bumpComments = (id: number, delta: 1 | -1) =>
  patchCachedReminder(id, (reminder) => ({ ...reminder, comments_count: Math.max(0, (reminder.comments_count ?? 0) + delta) }));

export function invalidateReminders() {
  void queryClient.invalidateQueries({ queryKey: remindersKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
}

export function useUpdateReminder() {
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; read?: boolean; snoozed_until?: string | null }) =>
      api.patch<{ data: Reminder }>(`/reminders/${id}`, changes).then((body) => body.data),
    onSuccess: (reminder) => {
      patchCachedReminder(reminder.id, () => reminder);
      invalidateReminders();
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
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
      const target = reminder.subject ? { subject_type: reminder.subject.type, subject_id: reminder.subject.id } : { subject_type: 'reminder' as const, subject_id: reminder.id };
      if (!reminder.muted) {
        await api.post('/mutes', target);
      } else {
        if (reminder.subject) await api.delete(`/mutes/${reminder.subject.type}/${reminder.subject.id}`);
        await api.delete(`/mutes/reminder/${reminder.id}`);
      }
      return { reminder, muted: !reminder.muted };
    },
    onSuccess: ({ reminder, muted }) => {
      // Every reminder about the same record changes with it.
      const sameSubject = (other: Reminder) => (reminder.subject ? other.subject?.type === reminder.subject.type && other.subject.id === reminder.subject.id : other.id === reminder.id);
      queryClient.setQueriesData<Paginated<Reminder>>({ queryKey: ['reminders', 'list'] }, (old) =>
        old ? { ...old, data: old.data.map((other) => (sameSubject(other) ? { ...other, muted } : other)) } : old,
      );
      patchCachedReminder(reminder.id, (old) => ({ ...old, muted }));
      invalidateReminders();
    },
  });
}

export function useCreateReminder() {
  return useMutation({
    mutationFn: (input: ReminderInput) => api.post<{ data: Reminder }>('/reminders', input).then((body) => body.data),
    onSuccess: () => {
      invalidateReminders();
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
    },
    meta: { form: true },
  });
}

export function useDeleteReminder() {
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/reminders/${id}`),
    onSuccess: () => {
      invalidateReminders();
      void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
    },
  });
}

type CommentPages = InfiniteData<Paginated<Comment>, number>;

/** The reminder's comments, newest first, a page at a time (spec §4: a list in reversed order). */
export function useComments(id: number) {
  return useInfiniteQuery({
    queryKey: commentsKey(id),
    queryFn: ({ signal, pageParam }) => api.get<Paginated<Comment>>(`/reminders/${id}/comments`, { query: { page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
  });
}

/** A new comment goes to the front of the cached list without a refetch, and comments_count +1. */
export function useAddComment(id: number) {
  return useMutation({
    mutationFn: (body: string) => api.post<{ data: Comment }>(`/reminders/${id}/comments`, { body }).then((answer) => answer.data),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentPages>(commentsKey(id), (old) => {
        if (!old || old.pages.length === 0) return old;
        const [first, ...rest] = old.pages;
        return { ...old, pages: [{ ...first!, data: [comment, ...first!.data], meta: { ...first!.meta, total: first!.meta.total + 1 } }, ...rest] };
      });
      bumpComments(id, 1);
    },
    meta: { form: true },
  });
}

export function useDeleteComment(id: number) {
  return useMutation({
    mutationFn: (comment: Comment) => api.delete<null>(`/reminder-comments/${comment.id}`).then(() => comment),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentPages>(commentsKey(id), (old) =>
        old ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.filter((item) => item.id !== comment.id) })) } : old,
      );
      bumpComments(id, -1);
    },
  });
}
