import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, dashboardSchema, dataOf } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/context';

export function registerDashboardRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Stores, leases and their critical dates arrive with later issues; the stats start at 0 (spec §3).
  app.get(`${API_BASE}/dashboard`, { config: { guard: 'team' }, schema: { response: { 200: dataOf(dashboardSchema) } } }, async (request) => {
    actorOf(request, deps);
    return { data: { stores: [], stats: { expenditure: 0, locations: 0, near_expiration: 0, near_renewal_notice: 0 } } };
  });
}
