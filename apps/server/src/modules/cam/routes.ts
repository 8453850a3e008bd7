import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  camReconciliationSchema,
  camStatementInputSchema,
  camTermsInputSchema,
  dataOf,
  idParamSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import * as service from './service';

export function registerCamRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/leases/:id/cam`;
  const one = { 200: dataOf(camReconciliationSchema) };
  app.get(base, { config, schema: { params: idParamSchema, response: one } }, async (request) => ({
    data: await service.camOf(deps, actorOf(request, deps), request.params.id),
  }));
  // Bodies are validated in the service, after the lease is found: another team's lease is a 404 first.
  const terms = serviceValidatedBody(camTermsInputSchema);
  app.put(
    base,
    {
      config,
      validatorCompiler: terms.validatorCompiler,
      schema: { params: idParamSchema, body: terms.body, response: one },
    },
    async (request) => ({
      data: await service.saveCamTerms(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  const statement = serviceValidatedBody(camStatementInputSchema);
  app.post(
    `${base}/statements`,
    {
      config,
      validatorCompiler: statement.validatorCompiler,
      schema: { params: idParamSchema, body: statement.body, response: one },
    },
    async (request) => ({
      data: await service.saveCamStatement(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
}
