import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, dataOf, gettingStartedSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { gettingStarted } from './service';

export function registerOnboardingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/getting-started`,
    { config: { guard: 'team' }, schema: { response: { 200: dataOf(gettingStartedSchema) } } },
    async (request) => ({ data: await gettingStarted(deps, actorOf(request, deps)) }),
  );
}
