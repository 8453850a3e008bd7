import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@storekeep/contracts';

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

/**
 * One error handler for the spec's `{message, errors}` bodies. `spaHtml`, when the web app is built,
 * answers browser navigations to client routes with the SPA; API paths and files stay JSON 404s.
 */
export function registerErrorHandler(app: FastifyInstance, spaHtml: string | null = null) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
    if (spaHtml !== null && request.method === 'GET' && !pathname.startsWith('/app/') && !/\.\w+$/.test(pathname)) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(spaHtml);
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found.` });
  });
}
