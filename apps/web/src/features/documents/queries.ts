import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  LIST_CACHE_MS,
  type DocumentDto,
  type DocumentInput,
  type DocumentVersion,
  type LinkableType,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { removeRows } from '../records/cached-pages';
import { toApiQuery, type ListParams } from '../records/list-params';
import type { Paginated } from '../records/types';

export type DocumentCategory = { slug: string; name: string; built_in: boolean };
export type DocumentLink = { type: LinkableType; id: number };

/** While any listed file is still being read, the list refreshes itself so its status badge moves on. */
const PENDING_POLL_MS = 3000;
const pollWhilePending = (data: Paginated<DocumentDto> | undefined) =>
  data?.data.some((document) => document.text_status === 'pending') ? PENDING_POLL_MS : false;

export function documentListQuery(params: Partial<ListParams>) {
  return queryOptions({
    queryKey: queryKeys.list('documents', params),
    queryFn: ({ signal }) =>
      api.get<Paginated<DocumentDto>>('/documents', { query: toApiQuery(params), signal }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useDocumentList(params: Partial<ListParams>, enabled = true) {
  return useQuery({
    ...documentListQuery(params),
    enabled,
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}

/** A record's Documents tab: GET /{type}/{id}/documents. */
export function useRecordDocuments(type: LinkableType, id: number, params: Partial<ListParams>) {
  return useQuery({
    queryKey: queryKeys.recordDocuments(type, id, params),
    queryFn: ({ signal }) =>
      api.get<Paginated<DocumentDto>>(`/${type}/${id}/documents`, { query: toApiQuery(params), signal }),
    staleTime: LIST_CACHE_MS,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhilePending(query.state.data),
  });
}

/** GET /documents/{id}: the document with a fresh signed `url` (valid for minutes, so kept only briefly). */
export function documentQuery(id: number) {
  return queryOptions({
    queryKey: queryKeys.detail('documents', id),
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentDto }>(`/documents/${id}`, { signal }).then((body) => body.data),
    staleTime: 60_000,
  });
}

export function useDocument(id: number | null) {
  // A missing document (deleted, another team's) is shown inside the drawer, not as the 404 page.
  return useQuery({
    ...documentQuery(id ?? 0),
    enabled: Boolean(id),
    throwOnError: false,
    refetchInterval: (query) => (query.state.data?.text_status === 'pending' ? PENDING_POLL_MS : false),
  });
}

export function useDocumentVersions(id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.documentVersions(id),
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentVersion[] }>(`/documents/${id}/versions`, { signal }).then((body) => body.data),
    staleTime: 60_000,
    enabled,
    // Right after a delete the drawer may still ask once: a 404 here is not the not-found page.
    throwOnError: false,
    meta: { silent: true },
  });
}

export function useDocumentCategories(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.documentCategories,
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentCategory[] }>('/document-categories', { signal }).then((body) => body.data),
    staleTime: LIST_CACHE_MS,
  });
}

/** Every write refetches the document lists, details, versions, search-adjacent lists and the trash. */
export function invalidateDocuments(): Promise<void> {
  return invalidateAfterWrite(
    queryKeys.all('documents'),
    queryKeys.all('trash'),
    queryKeys.all('activities'),
  );
}

/** Drops a deleted document from every cached list at once (spec §4: deleting removes it from the lists). */
export function removeFromCachedLists(ids: number[]) {
  // The documents prefix also holds details and versions, which removeRows leaves as they are.
  queryClient.setQueriesData<Paginated<DocumentDto>>({ queryKey: queryKeys.all('documents') }, (old) =>
    removeRows(old, (document) => ids.includes(document.id)),
  );
  for (const id of ids) {
    void queryClient.cancelQueries({ queryKey: queryKeys.detail('documents', id) });
    queryClient.removeQueries({ queryKey: queryKeys.detail('documents', id) });
    queryClient.removeQueries({ queryKey: queryKeys.documentVersions(id) });
  }
}

export function useUpdateDocument(id: number) {
  return useMutation({
    mutationFn: (input: Partial<DocumentInput>) =>
      api.patch<{ data: DocumentDto }>(`/documents/${id}`, input).then((body) => body.data),
    onSuccess: (document) => {
      queryClient.setQueryData<DocumentDto>(queryKeys.detail('documents', id), (old) => ({
        ...document,
        url: old?.url,
      }));
      void invalidateDocuments();
    },
    meta: { form: true },
  });
}

export const patchDocument = (id: number, input: Partial<DocumentInput>) =>
  api.patch<{ data: DocumentDto }>(`/documents/${id}`, input);
export const deleteDocument = (id: number) => api.delete<null>(`/documents/${id}`);
export const restoreDocument = (id: number) => api.post<{ data: DocumentDto }>(`/documents/${id}/restore`);
export const linkDocument = (id: number, link: DocumentLink) =>
  api.post<{ data: DocumentDto }>(`/documents/${id}/links`, link);
export const unlinkDocument = (id: number, link: DocumentLink) =>
  api.delete<{ data: DocumentDto }>(`/documents/${id}/links`, { body: link });
