import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, dashboardSchema, dataOf } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { dashboardFor } from './service';

export function registerDashboardRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/dashboard`,
    { config: { guard: 'team' }, schema: { response: { 200: dataOf(dashboardSchema) } } },
    async (request) => ({
      data: await dashboardFor(deps, actorOf(request, deps)),
    }),
  );
}
