import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  LIST_CACHE_MS,
  RECORD_TYPES,
  type Note,
  type RecordActivity,
  type RecordType,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { removeRows } from './cached-pages';
import { toApiQuery, type ListParams } from './list-params';
import type { Paginated, RecordMap } from './types';

export function listQuery<K extends RecordType>(type: K, params: Partial<ListParams>) {
  return queryOptions({
    queryKey: queryKeys.list(type, params),
    queryFn: ({ signal }) =>
      api.get<Paginated<RecordMap[K]>>(`/${type}`, { query: toApiQuery(params), signal }),
    // Spec §4: a cached list is current for LIST_CACHE_MS; every write invalidates it.
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useRecordList<K extends RecordType>(type: K, params: Partial<ListParams>, enabled = true) {
  return useQuery({ ...listQuery(type, params), enabled });
}

export function recordQuery<K extends RecordType>(type: K, id: number) {
  return queryOptions({
    queryKey: queryKeys.detail(type, id),
    queryFn: ({ signal }) =>
      api.get<{ data: RecordMap[K] }>(`/${type}/${id}`, { signal }).then((body) => body.data),
    staleTime: LIST_CACHE_MS,
  });
}

export function useRecord<K extends RecordType>(type: K, id: number, enabled = true) {
  return useQuery({ ...recordQuery(type, id), enabled: enabled && id > 0 });
}

/**
 * After any create, update, delete or restore every record list and detail is refetched on next use:
 * names of related records appear in other types' lists (a renamed company in the stores list).
 */
export function invalidateRecords(): Promise<void> {
  return invalidateAfterWrite(
    ...RECORD_TYPES.map(queryKeys.all),
    queryKeys.all('activities'),
    queryKeys.all('trash'),
    queryKeys.dashboard,
  );
}

export function useSaveRecord<K extends RecordType>(type: K, id?: number) {
  return useMutation({
    mutationFn: (input: unknown) =>
      (id
        ? api.patch<{ data: RecordMap[K] }>(`/${type}/${id}`, input)
        : api.post<{ data: RecordMap[K] }>(`/${type}`, input)
      ).then((body) => body.data),
    onSuccess: (record) => {
      queryClient.setQueryData(queryKeys.detail(type, record.id), record);
      void invalidateRecords();
    },
    meta: { form: true },
  });
}

export function deleteRecord(type: RecordType, id: number) {
  return api.delete<null>(`/${type}/${id}`);
}

export async function restoreRecord(type: RecordType, id: number) {
  const body = await api.post<{ data: unknown }>(`/${type}/${id}/restore`);
  await invalidateRecords();
  return body.data;
}

export function useRecordImage<K extends RecordType>(type: K, id: number) {
  const onSuccess = (record: RecordMap[K]) => {
    queryClient.setQueryData(queryKeys.detail(type, id), record);
    void invalidateRecords();
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.upload<{ data: RecordMap[K] }>(`/${type}/${id}/image`, form).then((body) => body.data);
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => api.delete<{ data: RecordMap[K] }>(`/${type}/${id}/image`).then((body) => body.data),
    onSuccess,
  });
  return { upload, remove };
}

// ---------- notes and history ----------

export function useNotes(type: RecordType, id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.notesPage(type, id, page),
    queryFn: ({ signal }) => api.get<Paginated<Note>>(`/${type}/${id}/notes`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useNoteMutations(type: RecordType, id: number) {
  const refresh = () => {
    void invalidateAfterWrite(queryKeys.notes(type, id), queryKeys.recordActivities(type, id));
  };
  return {
    add: useMutation({
      mutationFn: (body: string) => api.post<{ data: Note }>(`/${type}/${id}/notes`, { body }),
      onSuccess: refresh,
      meta: { form: true },
    }),
    update: useMutation({
      mutationFn: ({ note, body }: { note: Note; body: string }) =>
        api.patch<{ data: Note }>(`/notes/${note.id}`, { body }),
      onSuccess: refresh,
      meta: { form: true },
    }),
    // Optimistic: the note leaves every cached page at once; a refusal puts it back (the error
    // toast comes from the mutation cache), and the pages are refetched when the answer is in either way.
    remove: useMutation({
      mutationFn: (note: Note) => api.delete<null>(`/notes/${note.id}`),
      onMutate: async (note) => {
        await queryClient.cancelQueries({ queryKey: queryKeys.notes(type, id) });
        const snapshot = queryClient.getQueriesData<Paginated<Note>>({ queryKey: queryKeys.notes(type, id) });
        queryClient.setQueriesData<Paginated<Note>>({ queryKey: queryKeys.notes(type, id) }, (old) =>
          removeRows(old, (item) => item.id === note.id),
        );
        return { snapshot };
      },
      onError: (_error, _note, context) => {
        for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      },
      onSettled: refresh,
    }),
  };
}

export function useRecordActivities(type: RecordType, id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.recordActivitiesPage(type, id, page),
    queryFn: ({ signal }) =>
      api.get<Paginated<RecordActivity>>(`/${type}/${id}/activities`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}
