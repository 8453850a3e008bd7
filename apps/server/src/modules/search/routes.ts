import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, searchQuerySchema, searchResponseSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { globalSearch } from './service';

export function registerSearchRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/search`,
    {
      // A member limited to companies searches their own records (service.ts narrows every type).
      config: { guard: 'team', companyScope: true },
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    async (request) => {
      const actor = actorOf(request, deps);
      return { data: await globalSearch(deps, actor.scope, request.query.query) };
    },
  );
}
