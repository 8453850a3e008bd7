import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, searchQuerySchema, searchResponseSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/context';

export function registerSearchRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Records to search arrive with the records issue; the call already answers in its final shape.
  app.get(
    `${API_BASE}/search`,
    { config: { guard: 'team' }, schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request) => {
      actorOf(request, deps);
      return { data: [] };
    },
  );
}
