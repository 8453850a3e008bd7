import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldErrors } from '@storekeep/contracts';
import { AppError } from './errors';

const anObject = z.record(z.string(), z.unknown());

/**
 * A body its service validates: whole records (leases, agreements, sales figures), whose service checks the
 * fields together with what only it can (the team's attribute definitions, references, the stored record a
 * PATCH is merged into), so one 422 names every field at fault and a 403 or 404 comes before it. The route
 * declares `schema` all the same, for the OpenAPI document, the fuzzer and API clients, but only requires a
 * JSON object and hands it on as sent. Spread into the route's options.
 */
export function serviceValidatedBody(schema: z.ZodType) {
  // Generic so that it fits any route's schema type; the other parts (params, querystring) are Zod schemas
  // as everywhere else, compiled as the app compiles them.
  const compile = <T>(route: FastifyRouteSchemaDef<T>) =>
    validatorCompiler(
      route.httpPart === 'body'
        ? { ...route, schema: anObject }
        : (route as unknown as FastifyRouteSchemaDef<z.ZodType>),
    );
  return { body: schema as z.ZodType<Record<string, unknown>>, validatorCompiler: compile };
}

/** The service's half of `serviceValidatedBody`: the parsed body, or a 422 naming every field at fault. */
export function parseServiceBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new AppError('validation', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
}
