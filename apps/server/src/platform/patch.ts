import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * PATCH bodies carry only the fields that change. The schema makes every field optional, and the
 * keys the client actually sent are remembered before validation fills absent ones with defaults or
 * nulls, so `sentFields` returns exactly what was sent.
 */
export function patchBody<T extends z.ZodObject>(schema: T) {
  const sent = new WeakMap<object, string[]>();
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, (field as z.ZodType).optional()]),
  );
  return {
    schema: z.object(shape),
    preValidation: async (request: FastifyRequest) => {
      if (request.body && typeof request.body === 'object') sent.set(request, Object.keys(request.body));
    },
    sentFields(request: FastifyRequest, body: Record<string, unknown>): Record<string, unknown> {
      const keys = sent.get(request) ?? [];
      sent.delete(request);
      return Object.fromEntries(Object.entries(body).filter(([key]) => keys.includes(key)));
    },
  };
}
