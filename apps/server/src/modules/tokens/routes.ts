import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  newTokenSchema,
  tokenInputSchema,
  tokenSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import * as tokens from './service';

/** Personal access tokens of the signed-in user (the profile page). */
export function registerTokenRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'auth' } as const;
  const base = `${API_BASE}/tokens`;

  app.get(base, { config, schema: { response: { 200: dataOf(z.array(tokenSchema)) } } }, async (request) => ({
    data: await tokens.listTokens(deps, request.auth!),
  }));

  app.post(
    base,
    { config, schema: { body: tokenInputSchema, response: { 201: dataOf(newTokenSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await tokens.createToken(deps, request.auth!, request.body, request.ip) }),
  );

  app.delete(`${base}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
    await tokens.revokeToken(deps, request.auth!, request.params.id, request.ip);
    return reply.status(204).send();
  });
}
