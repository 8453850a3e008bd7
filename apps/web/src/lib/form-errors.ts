import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';
import { showErrorToast } from '../api/error-mapping';

/**
 * Maps a 422 answer onto the form: the first message of each known field goes under that field;
 * messages for fields the form does not show are toasted so nothing is lost.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!isApiError(error) || error.status !== 422) return;
  const unmapped: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unmapped.push(message);
    }
  }
  if (unmapped.length) showErrorToast(unmapped);
  else if (!focused) showErrorToast([error.message]);
}

export type FieldMessages = Record<string, string>;

/** The first message of each field of a 422 answer; null for any other failure (the API mapping toasts it). */
export function apiFieldErrors(error: unknown): FieldMessages | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? '']));
}

/** Only same-site paths are followed after login (no open redirect through `?redirect=`). */
export function safeRedirect(target: string | null, fallback: string): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : fallback;
}
