import { useMutation, useQuery } from '@tanstack/react-query';
import type { Agreement, Lease } from '@storekeep/contracts';
import { api } from '../../api/client';
import { invalidateAfterWrite, queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { showErrorToast } from '../../api/error-mapping';

type Resource = 'leases' | 'agreements';
type ResourceMap = { leases: Lease; agreements: Agreement };

export function useResource<K extends Resource>(resource: K, id: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.detail(resource, id),
    queryFn: ({ signal }) =>
      api.get<{ data: ResourceMap[K] }>(`/${resource}/${id}`, { signal }).then((body) => body.data),
    enabled: enabled && id > 0,
  });
}

/** Leases and agreements feed reminders, the dashboard and each other (misaligned stores). */
export function invalidateContracts() {
  void invalidateAfterWrite(
    queryKeys.all('leases'),
    queryKeys.all('agreements'),
    queryKeys.all('reminders'),
    queryKeys.dashboard,
    queryKeys.authUser,
    // A lease's rent and charges are its store's occupancy cost (and the stores list's column).
    queryKeys.all('occupancy'),
    queryKeys.lists('stores'),
  );
}

export function useSaveResource<K extends Resource>(resource: K, id?: number) {
  return useMutation({
    mutationFn: (input: unknown) =>
      (id
        ? api.patch<{ data: ResourceMap[K] }>(`/${resource}/${id}`, input)
        : api.post<{ data: ResourceMap[K] }>(`/${resource}`, input)
      ).then((body) => body.data),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.detail(resource, saved.id), saved);
      invalidateContracts();
    },
    meta: { form: true },
  });
}

/** DELETE /{resource}/{id}; the caller invalidates once it has left the record's page (no refetch 404). */
export async function deleteResource(resource: Resource, id: number) {
  await api.delete<null>(`/${resource}/${id}`);
}

/** The undo of a delete: POST /{resource}/{id}/restore. */
export async function restoreResource(resource: Resource, id: number) {
  await api.post<{ data: unknown }>(`/${resource}/${id}/restore`);
  invalidateContracts();
}

export type EscalationRow = { start_date: string; end_date: string; monthly_amount: number };

export function useEscalations() {
  return useMutation({
    mutationFn: (input: {
      start_date: string;
      end_date: string;
      monthly_amount: string;
      method: 'percent' | 'amount';
      value: string;
      every_months: string;
    }) => api.post<{ data: EscalationRow[] }>('/leases/escalations', input).then((body) => body.data),
    meta: { form: true },
  });
}

/**
 * A 422 onto the form, nested paths included (`rent_schedule.0.end_date`): a message whose top-level
 * field the form has goes under its input; the rest is toasted.
 */
export function applyNestedErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
) {
  if (!isApiError(error) || error.status !== 422) return;
  const unmapped: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    if (fields.includes(field.split('.')[0]!)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else unmapped.push(message);
  }
  if (unmapped.length) showErrorToast(unmapped);
  else if (!focused) showErrorToast([error.message]);
}
