import { API_BASE, CSRF_HEADER } from '@storekeep/contracts';
import { ApiError, type FieldErrors } from './api-error';
import { ensureCsrfToken, refreshCsrfCookie } from './csrf';
import { requestProgress } from './request-progress';

export type UploadOptions = {
  /** Bytes sent so far of the whole multipart body (0–1 as a fraction via loaded / total). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown, fallback: string): ApiError {
  if (body && typeof body === 'object') {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    return new ApiError(
      status,
      typeof message === 'string' ? message : fallback,
      errors && typeof errors === 'object' ? (errors as FieldErrors) : {},
    );
  }
  return new ApiError(status, fallback);
}

function sendOnce<T>(
  path: string,
  form: FormData,
  options: UploadOptions,
): Promise<{ status: number; body: T | unknown; statusText: string }> {
  return ensureCsrfToken().then(
    (token) =>
      new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${API_BASE}${path}`);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
        if (token) xhr.setRequestHeader(CSRF_HEADER, token);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
        };
        xhr.onload = () =>
          resolve({ status: xhr.status, body: parse(xhr.responseText), statusText: xhr.statusText });
        xhr.onerror = () => reject(new ApiError(0, 'Network error'));
        xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
        if (options.signal) {
          if (options.signal.aborted)
            return reject(new DOMException('The upload was cancelled.', 'AbortError'));
          options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
        }
        xhr.send(form);
      }),
  );
}

/**
 * A multipart POST under /app/api/v1 through XMLHttpRequest, for the per-file progress that fetch
 * cannot report. Sends the X-XSRF-TOKEN header like the fetch client and retries once after a 419.
 * Resolves with the JSON body; rejects with an ApiError (status, message, field errors) like `request`.
 */
export async function uploadWithProgress<T>(
  path: string,
  form: FormData,
  options: UploadOptions = {},
): Promise<T> {
  requestProgress.start();
  let failed = true;
  try {
    let answer = await sendOnce<T>(path, form, options);
    if (answer.status === 419) {
      await refreshCsrfCookie();
      answer = await sendOnce<T>(path, form, options);
    }
    if (answer.status < 200 || answer.status >= 300)
      throw toError(answer.status, answer.body, answer.statusText || 'Error');
    options.onProgress?.(1);
    failed = false;
    return answer.body as T;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') failed = false;
    throw error;
  } finally {
    requestProgress.finish(failed);
  }
}
