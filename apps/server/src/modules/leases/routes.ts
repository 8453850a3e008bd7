import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amendmentInputSchema,
  API_BASE,
  dataOf,
  escalationInputSchema,
  exerciseOptionFieldsSchema,
  idParamSchema,
  leaseAmendmentSchema,
  leaseBodySchema,
  leaseListItemSchema,
  leaseSchema,
  leaseSnapshotSchema,
  paginated,
  waiveOptionInputSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { serviceValidatedBody } from '../../platform/service-body';
import { sendTabular } from '../../platform/tabular';
import { listExport } from '../attributes/index';
import { actorOf } from '../auth/index';
import { escalationRows } from './dates';
import { LEASE_EXPORT_COLUMNS } from './export-columns';
import * as leases from './service';
import * as amendments from './amendments';

const optionParamsSchema = z.object({
  id: idParamSchema.shape.id,
  position: z.coerce.number().int().min(0).max(49),
});
const historyParamsSchema = z.object({ id: idParamSchema.shape.id, entryId: idParamSchema.shape.id });

export function registerLeaseRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  // Reads a franchisee's member may call: each narrows to their companies' stores' leases (the export too,
  // without the team's attribute columns). Writes and the clause search stay the franchisor's.
  const scoped = { guard: 'team', companyScope: true } as const;
  const base = `${API_BASE}/leases`;
  const one = { 200: dataOf(leaseSchema) };

  app.get(
    base,
    {
      config: scoped,
      schema: { querystring: rawListQuerySchema, response: { 200: paginated(leaseListItemSchema) } },
    },
    async (request) => leases.listLeases(deps, actorOf(request, deps), request.query),
  );
  // The list as CSV or XLSX, with its filters, search and sort.
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
            subject: 'leases',
            query: (raw) => leases.leaseListQuery(deps, actor, raw),
            load: (ids) => leases.leasesFor(deps, actor, ids),
          },
          LEASE_EXPORT_COLUMNS,
        ),
      );
    },
  );
  // Whole-lease validation (cross-field rules, nested rows, attributes) runs in the service on the merged record.
  const create = serviceValidatedBody(leaseBodySchema);
  app.post(
    base,
    {
      config,
      validatorCompiler: create.validatorCompiler,
      schema: { body: create.body, response: { 201: dataOf(leaseSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await leases.createLease(deps, actorOf(request, deps), request.body) }),
  );
  app.get(
    `${base}/:id`,
    { config: scoped, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await leases.getLease(deps, actorOf(request, deps), request.params.id),
    }),
  );
  const patch = serviceValidatedBody(leaseBodySchema.partial());
  app.patch(
    `${base}/:id`,
    {
      config,
      validatorCompiler: patch.validatorCompiler,
      schema: { params: idParamSchema, body: patch.body, response: one },
    },
    async (request) => {
      const sent = Object.fromEntries(
        Object.entries(request.body).filter(([key]) => Object.hasOwn(leaseBodySchema.shape, key)),
      );
      return { data: await leases.updateLease(deps, actorOf(request, deps), request.params.id, sent) };
    },
  );
  app.delete(`${base}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
    await leases.deleteLease(deps, actorOf(request, deps), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    `${base}/:id/restore`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({ data: await leases.restoreLease(deps, actorOf(request, deps), request.params.id) }),
  );

  // Escalation helper for the lease form: rows from a start amount and a fixed % or amount step.
  app.post(`${base}/escalations`, { config, schema: { body: escalationInputSchema } }, async (request) => {
    actorOf(request, deps);
    return { data: escalationRows(request.body) };
  });

  // Option notices: exercise the open renewal, waive the option, stamp its computed dates as verified.
  app.post(
    `${base}/:id/options/:position/exercise`,
    { config, schema: { params: optionParamsSchema, body: exerciseOptionFieldsSchema, response: one } },
    async (request) => ({
      data: await amendments.exerciseOption(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.params.position,
        request.body,
      ),
    }),
  );
  app.post(
    `${base}/:id/options/:position/waive`,
    {
      config,
      schema: { params: optionParamsSchema, body: waiveOptionInputSchema.optional(), response: one },
    },
    async (request) => ({
      data: await amendments.waiveOption(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.params.position,
        request.body,
      ),
    }),
  );
  app.post(
    `${base}/:id/options/:position/verify`,
    { config, schema: { params: optionParamsSchema, response: one } },
    async (request) => ({
      data: await amendments.verifyOption(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.params.position,
      ),
    }),
  );
  // The amendment history: every change with old and new values, and the lease as it was before each.
  app.get(
    `${base}/:id/history`,
    {
      config: scoped,
      schema: { params: idParamSchema, response: { 200: dataOf(z.array(leaseAmendmentSchema)) } },
    },
    async (request) => ({
      data: await amendments.leaseHistory(deps, actorOf(request, deps), request.params.id),
    }),
  );
  app.get(
    `${base}/:id/history/:entryId`,
    {
      config: scoped,
      schema: { params: historyParamsSchema, response: { 200: dataOf(leaseSnapshotSchema) } },
    },
    async (request) => ({
      data: await amendments.leaseAsItWas(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.params.entryId,
      ),
    }),
  );
  // The summary is required, checked once the lease is found (a stranger's empty body is a 404, not a 422).
  app.post(
    `${base}/:id/amendments`,
    { config, schema: { params: idParamSchema, body: amendmentInputSchema.partial(), response: one } },
    async (request) => ({
      data: await amendments.amendLease(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );

  app.get(`${API_BASE}/clauses`, { config, schema: { querystring: rawListQuerySchema } }, async (request) =>
    leases.searchClauses(deps, actorOf(request, deps), request.query),
  );
}
