import type { FastifyInstance, InjectOptions } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@storekeep/contracts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TestResponse<T = unknown> = {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  /** The bytes as sent (ZIP, XLSX). */ raw: Buffer;
};

/**
 * A browser-like client over app.inject: it keeps cookies and, like the spec's client, fetches the
 * CSRF cookie before its first mutating request and echoes it in X-XSRF-TOKEN.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  private bearer: string | null = null;
  /** Set false to send mutating requests without the CSRF header. */
  sendCsrf = true;

  constructor(private readonly app: FastifyInstance) {}

  withToken(token: string): this {
    this.bearer = token;
    return this;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see request()
  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see request()
  post<T = any>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see request()
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see request()
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see request()
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }

  // Response bodies are asserted by tests field by field; `any` keeps those assertions terse.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request<T = any>(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    if (method !== 'GET' && this.sendCsrf && !this.bearer && !this.cookies.has(CSRF_COOKIE)) {
      await this.request('GET', '/app/sanctum/csrf-cookie');
    }
    const allHeaders: Record<string, string> = { ...headers };
    if (this.cookies.size) allHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.sendCsrf && this.cookies.has(CSRF_COOKIE)) {
      allHeaders[CSRF_HEADER] = decodeURIComponent(this.cookies.get(CSRF_COOKIE)!);
    }
    if (this.bearer) allHeaders.authorization = `Bearer ${this.bearer}`;
    const options: InjectOptions = { method, url, headers: allHeaders };
    if (body !== undefined) options.payload = body as InjectOptions['payload'];
    const response = await this.app.inject(options);
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const text = response.body;
    let parsed: unknown = text;
    if (text && String(response.headers['content-type'] ?? '').includes('application/json'))
      parsed = JSON.parse(text);
    return {
      status: response.statusCode,
      body: parsed as T,
      headers: response.headers,
      raw: response.rawPayload,
    };
  }
}
