import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  payableBulkBodySchema,
  payableBulkResultSchema,
  payableExportQuerySchema,
  payableGenerateBodySchema,
  payableGenerateResultSchema,
  payableInvoiceBodySchema,
  payableListSchema,
  payableSchema,
  paymentTermsInputSchema,
  paymentTermsSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { serviceValidatedBody } from '../../platform/service-body';
import { sendTabular } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import { payablesExport } from './export';
import * as service from './service';

export function registerPayableRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/payables`;
  app.get(
    base,
    { config, schema: { querystring: rawListQuerySchema, response: { 200: payableListSchema } } },
    async (request) => service.listPayables(deps, actorOf(request, deps), request.query),
  );
  app.get(
    `${base}/export`,
    { config, schema: { querystring: payableExportQuerySchema } },
    async (request, reply) =>
      sendTabular(
        reply,
        await payablesExport(deps, actorOf(request, deps), request.query.period, request.query.format),
      ),
  );
  // Bodies are validated in the service, after the policy and the lookup: a stranger's id is a 404 first.
  const generate = serviceValidatedBody(payableGenerateBodySchema);
  app.post(
    `${base}/generate`,
    {
      config,
      validatorCompiler: generate.validatorCompiler,
      schema: { body: generate.body, response: { 200: dataOf(payableGenerateResultSchema) } },
    },
    async (request) => ({
      data: await service.generatePayables(deps, actorOf(request, deps), request.body),
    }),
  );
  const bulk = serviceValidatedBody(payableBulkBodySchema);
  app.post(
    `${base}/bulk`,
    {
      config,
      validatorCompiler: bulk.validatorCompiler,
      schema: { body: bulk.body, response: { 200: dataOf(payableBulkResultSchema) } },
    },
    async (request) => ({ data: await service.bulkAction(deps, actorOf(request, deps), request.body) }),
  );
  const invoice = serviceValidatedBody(payableInvoiceBodySchema);
  app.patch(
    `${base}/:id`,
    {
      config,
      validatorCompiler: invoice.validatorCompiler,
      schema: { params: idParamSchema, body: invoice.body, response: { 200: dataOf(payableSchema) } },
    },
    async (request) => ({
      data: await service.enterInvoice(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  const termsUrl = `${API_BASE}/leases/:id/payment-terms`;
  app.get(
    termsUrl,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(paymentTermsSchema) } } },
    async (request) => ({
      data: await service.paymentTermsOf(deps, actorOf(request, deps), request.params.id),
    }),
  );
  const terms = serviceValidatedBody(paymentTermsInputSchema);
  app.put(
    termsUrl,
    {
      config,
      validatorCompiler: terms.validatorCompiler,
      schema: { params: idParamSchema, body: terms.body, response: { 200: dataOf(paymentTermsSchema) } },
    },
    async (request) => ({
      data: await service.savePaymentTerms(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
}
