import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  agreementBodySchema,
  agreementListItemSchema,
  agreementSchema,
  dataOf,
  idParamSchema,
  paginated,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { serviceValidatedBody } from '../../platform/service-body';
import { sendTabular } from '../../platform/tabular';
import { listExport } from '../attributes/index';
import { actorOf } from '../auth/index';
import { AGREEMENT_EXPORT_COLUMNS } from './export-columns';
import * as agreements from './service';

export function registerAgreementRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  // Reads a franchisee's member may call: narrowed to agreements whose franchisee is one of their companies
  // (the export too, without the team's attribute columns).
  const scoped = { guard: 'team', companyScope: true } as const;
  const base = `${API_BASE}/agreements`;
  const one = { 200: dataOf(agreementSchema) };
  app.get(
    base,
    {
      config: scoped,
      schema: { querystring: rawListQuerySchema, response: { 200: paginated(agreementListItemSchema) } },
    },
    async (request) => agreements.listAgreements(deps, actorOf(request, deps), request.query),
  );
  app.get(
    `${base}/export`,
    { config: scoped, schema: { querystring: rawListQuerySchema } },
    async (request, reply) => {
      const actor = actorOf(request, deps);
      return sendTabular(
        reply,
        await listExport(
          deps.db,
          actor.scope,
          request.query,
          {
            subject: 'agreements',
            query: (raw) => agreements.agreementListQuery(deps, actor, raw),
            load: (ids) => agreements.agreementsFor(deps, actor, ids),
          },
          AGREEMENT_EXPORT_COLUMNS,
        ),
      );
    },
  );
  // Whole-agreement validation runs in the service on the merged record (cross-field rules, references).
  const create = serviceValidatedBody(agreementBodySchema);
  app.post(
    base,
    {
      config,
      validatorCompiler: create.validatorCompiler,
      schema: { body: create.body, response: { 201: dataOf(agreementSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await agreements.createAgreement(deps, actorOf(request, deps), request.body) }),
  );
  app.get(
    `${base}/:id`,
    { config: scoped, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await agreements.getAgreement(deps, actorOf(request, deps), request.params.id),
    }),
  );
  const patch = serviceValidatedBody(agreementBodySchema.partial());
  app.patch(
    `${base}/:id`,
    {
      config,
      validatorCompiler: patch.validatorCompiler,
      schema: { params: idParamSchema, body: patch.body, response: one },
    },
    async (request) => ({
      data: await agreements.updateAgreement(
        deps,
        actorOf(request, deps),
        request.params.id,
        Object.fromEntries(
          Object.entries(request.body).filter(([k]) => Object.hasOwn(agreementBodySchema.shape, k)),
        ),
      ),
    }),
  );
  app.delete(`${base}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
    await agreements.deleteAgreement(deps, actorOf(request, deps), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    `${base}/:id/restore`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await agreements.restoreAgreement(deps, actorOf(request, deps), request.params.id),
    }),
  );
}
