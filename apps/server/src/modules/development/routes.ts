import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  dataOf,
  developmentScheduleInputSchema,
  developmentScheduleSchema,
  idParamSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import * as service from './service';

export function registerDevelopmentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/agreements/:id/development`;
  const one = { 200: dataOf(developmentScheduleSchema) };
  app.get(base, { config, schema: { params: idParamSchema, response: one } }, async (request) => ({
    data: await service.developmentOf(deps, actorOf(request, deps), request.params.id),
  }));
  // The body is validated in the service, after the agreement is found: another team's agreement is a 404 first.
  const schedule = serviceValidatedBody(developmentScheduleInputSchema);
  app.put(
    base,
    {
      config,
      validatorCompiler: schedule.validatorCompiler,
      schema: { params: idParamSchema, body: schedule.body, response: one },
    },
    async (request) => ({
      data: await service.saveDevelopment(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
}
