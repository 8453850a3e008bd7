import { API_BASE, CSRF_HEADER } from '@storekeep/contracts';
import { ApiError, type FieldErrors } from './api-error';
import { ensureCsrfToken, refreshCsrfCookie } from './csrf';
import { requestProgress } from './request-progress';

/** `/app/api/v1` for the API; `/app` for the session and account calls (login, logout, register…). */
export const AUTH_BASE = '/app';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How long a request may wait for the server's answer before it counts as "no response" (spec §8: the
 * network error toast). A flaky or captive network can leave a request open for minutes; the user should
 * hear within seconds that nothing is coming. Every JSON call of the API answers far sooner; uploads are
 * exempt, as sending a large file over a slow line takes longer.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  query?: Record<string, string | number | undefined | null>;
  /** Search and other background calls do not move the top progress bar. */
  silentProgress?: boolean;
  /** A multipart body (file uploads); sent as is so the browser sets the boundary. */
  formData?: FormData;
};

function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown, fallback: string): ApiError {
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

/** The caller's signal (a query's cancellation), plus a time limit: fetch rejects with a TimeoutError when it passes. */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number | null): AbortSignal | undefined {
  if (timeoutMs === null) return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function send(
  base: string,
  path: string,
  options: RequestOptions,
  retried: boolean,
): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (options.body !== undefined && !options.formData) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = await ensureCsrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  const response = await fetch(buildUrl(base, path, options.query), {
    method,
    headers,
    credentials: 'same-origin',
    body: options.formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    signal: withTimeout(options.signal, options.formData ? null : REQUEST_TIMEOUT_MS),
  });
  // 419: the CSRF token expired with the session; fetch a fresh one and try once more.
  if (response.status === 419 && method !== 'GET' && !retried) {
    await refreshCsrfCookie();
    return send(base, path, options, true);
  }
  return response;
}

export async function request<T>(base: string, path: string, options: RequestOptions = {}): Promise<T> {
  const track = !options.silentProgress;
  if (track) requestProgress.start();
  let failed = true;
  try {
    let response: Response;
    try {
      response = await send(base, path, options, false);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        failed = false;
        throw error;
      }
      // fetch rejects with a TypeError when no response arrived at all, and with a TimeoutError when none
      // arrived within REQUEST_TIMEOUT_MS: both are the spec's "no response".
      throw new ApiError(0, 'Network error');
    }
    const body = await parseBody(response);
    if (!response.ok) throw toApiError(response.status, body, response.statusText || 'Error');
    failed = false;
    return body as T;
  } finally {
    if (track) requestProgress.finish(failed);
  }
}

/** Calls under /app/api/v1. */
export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(API_BASE, path, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(API_BASE, path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(API_BASE, path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(API_BASE, path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: RequestOptions = {}) =>
    request<T>(API_BASE, path, { ...options, method: 'DELETE' }),
  /** multipart/form-data POST (file uploads); carries the CSRF header like every other write. */
  upload: <T>(path: string, formData: FormData, options: RequestOptions = {}) =>
    request<T>(API_BASE, path, { ...options, method: 'POST', formData }),
};

/** A same-origin URL under /app/api/v1 with a query string (CSV export links). */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  return buildUrl(API_BASE, path, query);
}

/** Session and account calls under /app (login, logout, register, password reset). */
export const authApi = {
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(AUTH_BASE, path, { ...options, method: 'POST', body }),
};
