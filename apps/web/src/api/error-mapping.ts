import type { QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { lazyToast } from '../lib/lazy-toast';
import { isApiError, type FieldErrors } from './api-error';
import { queryKeys } from './query-keys';

/** PRODUCT-SPEC §8, in one place: what the user sees for a failed call. */
export function errorMessages(error: unknown): string[] {
  if (isApiError(error)) {
    if (error.isNetworkError) return [i18n.t('errors.network')];
    const fieldMessages = firstMessages(error.errors);
    if (fieldMessages.length) return fieldMessages;
    if (error.message) return [error.message];
  } else if (error instanceof Error && error.message) {
    return [error.message];
  }
  return [i18n.t('errors.generic')];
}

/** The first message of each field in `errors`. */
export function firstMessages(errors: FieldErrors): string[] {
  return Object.values(errors)
    .map((messages) => messages[0])
    .filter((message): message is string => Boolean(message));
}

export function showErrorToast(messages: string[]): void {
  // Errors stay until dismissed (spec §9: errors do not time out). The text is the toast's id: several calls
  // failing for one reason (offline, every query of a page) show it once, not stacked.
  const text = messages.join('\n');
  void lazyToast().then((toast) => toast.error(text, { id: text, duration: Infinity }));
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

let loggingOut = false;

/**
 * 401 while logged in: the session ended elsewhere; drop the cached user and reload at the home page.
 * 404: left to the route's error boundary (the not-found page). Anything else: a sticky error toast.
 */
export function handleApiError(error: unknown, queryClient: QueryClient): void {
  if (isAbort(error)) return;
  if (isApiError(error) && error.status === 401) {
    if (queryClient.getQueryData(queryKeys.authUser) && !loggingOut) {
      loggingOut = true;
      queryClient.setQueryData(queryKeys.authUser, null);
      queryClient.clear();
      // Spec §8: log out, clear the device's push token, reload.
      // The push code is fetched only then: it stays out of every page's first load.
      void import('../features/pwa/push')
        .then((push) => push.forgetPushDevice())
        .catch(() => undefined)
        .finally(() => window.location.assign('/'));
    }
    return;
  }
  showErrorToast(errorMessages(error));
}
