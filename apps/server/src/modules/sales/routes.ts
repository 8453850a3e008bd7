import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  paginated,
  royaltyDueSchema,
  salesBatchBodySchema,
  salesBatchResultSchema,
  salesPatchSchema,
  salesRowInputSchema,
  salesSchema,
  salesSummarySchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import { sendTabular } from '../../platform/tabular';
import * as sales from './service';
import * as reports from './reports';

export function registerSalesRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  // Figures a franchisee's member enters and corrects: every statement is narrowed to their companies' stores.
  const scoped = { guard: 'team', companyScope: true } as const;
  const base = `${API_BASE}/sales`;
  app.get(
    base,
    {
      config: scoped,
      schema: { querystring: rawListQuerySchema, response: { 200: paginated(salesSchema) } },
    },
    async (request) => sales.listSales(deps, actorOf(request, deps), request.query),
  );
  // The list as CSV or XLSX, with its filters; a franchisee's people export their own stores' figures.
  app.get(
    `${base}/export`,
    { config: scoped, schema: { querystring: rawListQuerySchema } },
    async (request, reply) =>
      sendTabular(reply, await sales.exportSales(deps, actorOf(request, deps), request.query)),
  );
  // Rows are validated in the service (the importer shares that path; a batch's duplicates are named with
  // its fields' errors).
  const create = serviceValidatedBody(salesRowInputSchema);
  app.post(
    base,
    {
      config: scoped,
      validatorCompiler: create.validatorCompiler,
      schema: { body: create.body, response: { 201: dataOf(salesSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await sales.createSales(deps, actorOf(request, deps), request.body) }),
  );
  const batch = serviceValidatedBody(salesBatchBodySchema);
  app.post(
    `${base}/batch`,
    {
      config: scoped,
      validatorCompiler: batch.validatorCompiler,
      schema: { body: batch.body, response: { 200: dataOf(salesBatchResultSchema) } },
    },
    async (request) => ({ data: await sales.saveSalesBatch(deps, actorOf(request, deps), request.body) }),
  );
  app.get(
    `${base}/:id`,
    { config: scoped, schema: { params: idParamSchema, response: { 200: dataOf(salesSchema) } } },
    async (request) => ({ data: await sales.getSales(deps, actorOf(request, deps), request.params.id) }),
  );
  const patch = serviceValidatedBody(salesPatchSchema);
  app.patch(
    `${base}/:id`,
    {
      config: scoped,
      validatorCompiler: patch.validatorCompiler,
      schema: { params: idParamSchema, body: patch.body, response: { 200: dataOf(salesSchema) } },
    },
    async (request) => ({
      data: await sales.updateSales(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  app.delete(`${base}/:id`, { config: scoped, schema: { params: idParamSchema } }, async (request, reply) => {
    await sales.deleteSales(deps, actorOf(request, deps), request.params.id);
    return reply.status(204).send();
  });

  const query = rawListQuerySchema;
  app.get(
    `${base}/reports/summary`,
    { config, schema: { querystring: query, response: { 200: dataOf(salesSummarySchema) } } },
    async (request) => ({ data: await reports.salesSummary(deps, actorOf(request, deps), request.query) }),
  );
  app.get(
    `${base}/reports/royalties`,
    {
      config,
      schema: { querystring: query, response: { 200: z.object({ data: z.array(royaltyDueSchema) }) } },
    },
    async (request) => ({ data: await reports.royaltiesReport(deps, actorOf(request, deps), request.query) }),
  );
  app.get(
    `${base}/reports/royalties.csv`,
    { config, schema: { querystring: query } },
    async (request, reply) => {
      const { stream, fileName } = await reports.royaltiesCsv(deps, actorOf(request, deps), request.query);
      // The name is made of the validated range, never of the raw query.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
  // The percentage-rent report (same prefix) is served by the percentage-rent module, which owns its terms.
}
