import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  franchiseCalendarEntrySchema,
  franchiseCalendarSettingsInputSchema,
  franchiseCalendarSettingsSchema,
  idParamSchema,
  registrationInputSchema,
  registrationSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import * as service from './service';

export function registerFranchiseCalendarRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/franchise-calendar`;
  app.get(
    base,
    { config, schema: { response: { 200: dataOf(z.array(franchiseCalendarEntrySchema)) } } },
    async (request) => ({ data: await service.calendarOf(deps, actorOf(request, deps)) }),
  );
  const settings = { 200: dataOf(franchiseCalendarSettingsSchema) };
  app.get(`${base}/settings`, { config, schema: { response: settings } }, async (request) => ({
    data: await service.settingsOf(deps, actorOf(request, deps)),
  }));
  // Bodies are validated in the service, after the role check: an observer gets 403 whatever they send.
  const settingsBody = serviceValidatedBody(franchiseCalendarSettingsInputSchema);
  app.put(
    `${base}/settings`,
    {
      config,
      validatorCompiler: settingsBody.validatorCompiler,
      schema: { body: settingsBody.body, response: settings },
    },
    async (request) => ({ data: await service.saveSettings(deps, actorOf(request, deps), request.body) }),
  );
  const one = { 200: dataOf(registrationSchema) };
  app.get(
    `${base}/registrations`,
    { config, schema: { response: { 200: dataOf(z.array(registrationSchema)) } } },
    async (request) => ({ data: await service.listRegistrations(deps, actorOf(request, deps)) }),
  );
  const rule = serviceValidatedBody(registrationInputSchema);
  app.post(
    `${base}/registrations`,
    {
      config,
      validatorCompiler: rule.validatorCompiler,
      schema: { body: rule.body, response: { 201: dataOf(registrationSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createRegistration(deps, actorOf(request, deps), request.body) }),
  );
  app.put(
    `${base}/registrations/:id`,
    {
      config,
      validatorCompiler: rule.validatorCompiler,
      schema: { params: idParamSchema, body: rule.body, response: one },
    },
    async (request) => ({
      data: await service.updateRegistration(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  app.delete(
    `${base}/registrations/:id`,
    { config, schema: { params: idParamSchema } },
    async (request, reply) => {
      await service.deleteRegistration(deps, actorOf(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );
}
