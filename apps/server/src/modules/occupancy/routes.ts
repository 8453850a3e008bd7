import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  occupancyRankingSchema,
  storeOccupancySchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { occupancyOfStore, occupancyRanking } from './service';

export function registerOccupancyRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // A franchisee's member reads their own stores' figure; the ranking compares the whole portfolio.
  app.get(
    `${API_BASE}/stores/:id/occupancy`,
    {
      config: { guard: 'team', companyScope: true },
      schema: { params: idParamSchema, response: { 200: dataOf(storeOccupancySchema) } },
    },
    async (request) => ({
      data: await occupancyOfStore(deps, actorOf(request, deps), request.params.id),
    }),
  );
  app.get(
    `${API_BASE}/dashboard/occupancy`,
    { config: { guard: 'team' }, schema: { response: { 200: dataOf(occupancyRankingSchema) } } },
    async (request) => ({ data: await occupancyRanking(deps, actorOf(request, deps)) }),
  );
}
