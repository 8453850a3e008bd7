import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  Attribute,
  AttributeCreateInput,
  AttributeSubject,
  AttributeUpdateInput,
} from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { invalidateRecords } from '../records/queries';

export function attributesQuery(subject: AttributeSubject, archived = false) {
  return queryOptions({
    queryKey: queryKeys.attributes(subject, archived),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Attribute[] }>('/attributes', {
          query: { subject_type: subject, ...(archived ? { archived: '1' } : {}) },
          signal,
        })
        .then((body) => body.data),
    staleTime: 60_000,
  });
}

/** The team's live attributes of a record type, in form order (forms, lists and detail pages). */
export function useAttributes(subject: AttributeSubject, archived = false, enabled = true) {
  return useQuery({ ...attributesQuery(subject, archived), enabled });
}

/** Definitions change what records show: refetch both. */
function refresh() {
  return Promise.all([invalidateAfterWrite(queryKeys.all('attributes')), invalidateRecords()]);
}

export function useAttributeMutations() {
  const onSuccess = () => void refresh();
  return {
    create: useMutation({
      mutationFn: (input: AttributeCreateInput) =>
        api.post<{ data: Attribute }>('/attributes', input).then((b) => b.data),
      onSuccess,
      meta: { form: true },
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: number; input: AttributeUpdateInput }) =>
        api.patch<{ data: Attribute }>(`/attributes/${id}`, input).then((b) => b.data),
      onSuccess,
      meta: { form: true },
    }),
    archive: useMutation({
      mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
        api
          .post<{ data: Attribute }>(`/attributes/${id}/${archived ? 'archive' : 'unarchive'}`)
          .then((b) => b.data),
      onSuccess,
    }),
    reorder: useMutation({
      mutationFn: (input: { subject_type: AttributeSubject; ids: number[] }) =>
        api.post<{ data: Attribute[] }>('/attributes/reorder', input).then((b) => b.data),
      onSuccess,
    }),
  };
}
