import { isApiError } from '../../api/api-error';

export type FieldMessages = Record<string, string>;

/** The first message of each field of a 422 answer; null for any other failure (the API mapping toasts it). */
export function apiFieldErrors(error: unknown): FieldMessages | null {
  if (!isApiError(error) || error.status !== 422) return null;
  return Object.fromEntries(Object.entries(error.errors).map(([key, list]) => [key, list[0] ?? '']));
}
