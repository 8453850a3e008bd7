import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, dataOf, geocodeResultSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { geocodeStores } from './service';

export function registerGeocodingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post(
    `${API_BASE}/stores/geocode`,
    {
      config: { guard: 'team' },
      schema: {
        body: z.object({ after_id: z.number().int().min(0).default(0) }),
        response: { 200: dataOf(geocodeResultSchema) },
      },
    },
    async (request) => ({ data: await geocodeStores(deps, actorOf(request, deps), request.body.after_id) }),
  );
}
