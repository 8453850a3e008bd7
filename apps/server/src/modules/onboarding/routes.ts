import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  dataOf,
  exampleLoadedSchema,
  exampleRemovedSchema,
  gettingStartedStatusSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { loadExamplePortfolio, removeExamplePortfolio } from './example-portfolio';
import { gettingStarted } from './service';

export function registerOnboardingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/getting-started`,
    { config: { guard: 'team' }, schema: { response: { 200: dataOf(gettingStartedStatusSchema) } } },
    async (request) => ({ data: await gettingStarted(deps, actorOf(request, deps)) }),
  );
  app.post(
    `${API_BASE}/example-portfolio`,
    { config: { guard: 'team' }, schema: { response: { 201: dataOf(exampleLoadedSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await loadExamplePortfolio(deps, actorOf(request, deps)) }),
  );
  app.delete(
    `${API_BASE}/example-portfolio`,
    { config: { guard: 'team' }, schema: { response: { 200: dataOf(exampleRemovedSchema) } } },
    async (request) => ({ data: await removeExamplePortfolio(deps, actorOf(request, deps)) }),
  );
}
