import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ImportDto, ImportMode, ImportPreview, ImportType } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { uploadWithProgress } from '../../api/upload';
import { invalidateRecords } from '../records/queries';
import type { Paginated } from '../records/types';

export type RunOptions = {
  mapping: Record<string, string>;
  mode: ImportMode;
  match_key: string | null;
  skip_invalid: boolean;
  sheet?: string | null;
};

const isActive = (status: ImportDto['status'] | undefined) => status === 'queued' || status === 'running';

/** One import; while it runs the event stream pushes its progress, and a slow poll covers a dropped stream. */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: queryKeys.detail('imports', id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: ImportDto }>(`/imports/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
    refetchInterval: (query) => (isActive(query.state.data?.status) ? 3000 : false),
  });
}

export function useImportHistory(page: number) {
  return useQuery({
    queryKey: queryKeys.list('imports', { page }),
    queryFn: ({ signal }) =>
      api.get<Paginated<ImportDto>>('/imports', { query: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Progress pushed over the user's event stream (`import` events) lands in the cached import. */
export function applyImportEvent(data: Partial<ImportDto> & { id: number }) {
  queryClient.setQueryData<ImportDto>(queryKeys.detail('imports', data.id), (current) =>
    current ? { ...current, ...data } : current,
  );
  if (data.status && !isActive(data.status)) void invalidateAfterWrite(queryKeys.all('imports'));
}

export function useUploadImport() {
  return useMutation({
    mutationFn: ({
      type,
      file,
      sheet,
      onProgress,
    }: {
      type: ImportType;
      file: File;
      sheet?: string;
      onProgress?: (f: number) => void;
    }) => {
      const form = new FormData();
      form.append('type', type);
      if (sheet) form.append('sheet', sheet);
      form.append('file', file);
      return uploadWithProgress<{ data: ImportDto }>('/imports', form, { onProgress }).then((r) => r.data);
    },
    onSuccess: (dto) => queryClient.setQueryData(queryKeys.detail('imports', dto.id), dto),
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: ({ id, options }: { id: number; options: RunOptions }) =>
      api.post<{ data: ImportPreview }>(`/imports/${id}/preview`, options).then((r) => r.data),
    meta: { form: true },
  });
}

function useImportAction<V>(call: (v: V) => Promise<{ data: ImportDto }>, meta?: Record<string, unknown>) {
  return useMutation({
    mutationFn: (v: V) => call(v).then((r) => r.data),
    onSuccess: (dto) => {
      queryClient.setQueryData(queryKeys.detail('imports', dto.id), dto);
      void invalidateAfterWrite(queryKeys.lists('imports'));
    },
    meta,
  });
}

export const useRunImport = () =>
  useImportAction(
    ({ id, options }: { id: number; options: RunOptions }) => api.post(`/imports/${id}/run`, options),
    { form: true },
  );
export const useCancelImport = () => useImportAction((id: number) => api.post(`/imports/${id}/cancel`));
export const useUndoImport = () =>
  useImportAction((id: number) =>
    api.post<{ data: ImportDto }>(`/imports/${id}/undo`).then(async (r) => {
      await invalidateRecords();
      return r;
    }),
  );
