import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isSubscriptionBlocked, type ErrorBody } from '@storekeep/contracts';
import { isDependencyUnavailable } from './unavailable';
import { isSpaPage, type Spa } from './spa';

export type ErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'csrf'
  | 'too_large'
  | 'unsupported_media_type'
  | 'throttled';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  csrf: 419,
  too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
};

/** The one error type of the server: services throw it, one handler turns it into `{message, errors}`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found.`);
export const forbidden = (message = 'This action is unauthorized.') => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', 'Unauthenticated.');

/** A 422 for one field, worded like the schema messages. */
export function invalid(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: [message] });
}

/** The SQLSTATE a PostgreSQL error carries (`code`), if any. */
const sqlState = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;

// PostgreSQL's "data exception" codes for values it cannot take: too long, out of range, bad date, NUL.
const REJECTED_VALUE_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
// PostgreSQL's serialization_failure, deadlock_detected, lock_not_available and unique_violation: the last
// because every unique value is checked with a clear 422 before writing, so a violation left is a concurrent
// write of the same value between check and insert (sent again, it gets that 422).
const WRITE_CONFLICT_CODES = new Set(['40001', '40P01', '55P03', '23505']);
const UNIQUE_VIOLATION = '23505';
const STATEMENT_TIMEOUT = '57014';

const WRITE_CONFLICT_MESSAGE =
  'Someone else changed this at the same moment, so nothing was saved. Please try again.';
const STATEMENT_TIMEOUT_MESSAGE =
  'The server took too long to answer this request and stopped it. Please try again later.';

/**
 * One error handler for the spec's `{message, errors}` bodies. `spa`, when the web app is built,
 * answers browser navigations to client routes with the SPA; API paths and files stay JSON 404s.
 */
export function registerErrorHandler(app: FastifyInstance, spa: Spa | null = null) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const code = sqlState(error);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message };
      if (error.fieldErrors) body.errors = error.fieldErrors;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/').filter(Boolean).join('.') || '_';
        (errors[key] ??= []).push(issue.message ?? 'is invalid');
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors } satisfies ErrorBody);
    }
    if (code && REJECTED_VALUE_CODES.has(code)) {
      // A value the database refused (a number out of its column's range, text it cannot store): the
      // client's input, so a 422, never a 500. Logged as an error still: the route's schema should have
      // caught it with a field name (the fuzzer fails on such lines).
      request.log.error({ err: error }, 'database rejected a value the schema let through');
      return reply
        .status(422)
        .send({ message: 'A value is out of range or not valid for its field.' } satisfies ErrorBody);
    }
    if (code && WRITE_CONFLICT_CODES.has(code)) {
      // PostgreSQL rolled this transaction back to let a concurrent one finish (deadlock, serialization
      // failure, the same unique value): nothing was written, and the same request sent again is answered.
      // A unique violation is logged as an error still: outside a race it means a missing check (the fuzzer
      // fails on error lines).
      if (code === UNIQUE_VIOLATION)
        request.log.error(
          { err: error },
          'unique violation: a concurrent write, or a value written without its check',
        );
      else request.log.warn({ err: error }, 'write conflict');
      return reply.status(409).send({ message: WRITE_CONFLICT_MESSAGE } satisfies ErrorBody);
    }
    if (code === STATEMENT_TIMEOUT) {
      // DATABASE_STATEMENT_TIMEOUT_SECONDS cancelled a query: the connection is free again; say what happened.
      request.log.error({ err: error }, 'statement timeout');
      return reply.status(503).send({ message: STATEMENT_TIMEOUT_MESSAGE } satisfies ErrorBody);
    }
    if (isDependencyUnavailable(error)) {
      // The database or blob store is down or cut off: say so (503, retry soon), never as a bug (500).
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          message: 'The service is temporarily unavailable. Please try again in a moment.',
        } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Server error.' } satisfies ErrorBody);
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe to show.
    const message = status === 413 ? 'The request is too large.' : error.message;
    return reply.status(status).send({ message } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (spa !== null && isSpaPage(request.method, pathname)) {
      // The auth context resolved the session of a page request (modules/auth/context.ts): the page's API
      // answers are preloaded only for someone the API will give them to.
      const team = request.auth?.team;
      // A member limited to companies is refused the dashboard's, the one page that has any.
      const pageData =
        team != null && team.company_ids === null && !isSubscriptionBlocked(team.subscription_status);
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(spa.htmlFor(pathname, { pageData }));
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found.` });
  });
}
