import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, dashboardSchema, dataOf, franchiseeDashboardSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { franchiseeDashboardFor } from './franchisee';
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
  // Every part is read through the scoped service of its own page (franchisee.ts), so it is open to a
  // member limited to companies (decision 0023) and narrowed to them.
  app.get(
    `${API_BASE}/dashboard/franchisee`,
    {
      config: { guard: 'team', companyScope: true },
      schema: { response: { 200: dataOf(franchiseeDashboardSchema) } },
    },
    async (request) => ({
      data: await franchiseeDashboardFor(deps, actorOf(request, deps)),
    }),
  );
}
