import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  agingSchema,
  bankImportResultSchema,
  dataOf,
  expectedReportSchema,
  idParamSchema,
  invoiceCreateResultSchema,
  invoiceCreateSchema,
  invoiceSchema,
  invoicingSettingsInputSchema,
  invoicingSettingsSchema,
  paginated,
  paymentInputSchema,
  paymentSchema,
  salesLockInputSchema,
  salesLockResultSchema,
  statementSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { registerUploadRoutes } from '../../platform/uploads';
import { rawListQuerySchema } from '../../platform/list';
import { serviceValidatedBody } from '../../platform/service-body';
import { sendTabular } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import { readUpload } from '../imports/index';
import * as accounts from './accounts';
import * as documents from './documents';
import * as invoicing from './invoicing';
import * as payments from './payments';
import * as reporting from './reporting';
import * as settings from './settings';

/** Royalty invoices, payments, statements, aging, the compliance list and sales locks (docs/API.md). */
export function registerInvoiceRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  // A franchisee's member reads their own companies' invoices and statement: the repository narrows every
  // statement of these routes to the scope (another franchisee's invoice is a 404). Writes, aging, exports,
  // payments, settings and the compliance list stay the franchisor's (403 to them, decision 0023).
  const scoped = { guard: 'team', companyScope: true } as const;
  const query = rawListQuerySchema;
  // Reports take named parameters (the services validate them), not a list's paging and filters.
  const reportQuery = <const K extends string>(...names: K[]) =>
    z.object(
      Object.fromEntries(names.map((name) => [name, z.string().optional()])) as Record<
        K,
        z.ZodOptional<z.ZodString>
      >,
    );
  const invoices = `${API_BASE}/invoices`;

  app.get(
    invoices,
    { config: scoped, schema: { querystring: query, response: { 200: paginated(invoiceSchema) } } },
    async (request) => invoicing.listInvoices(deps, actorOf(request, deps), request.query),
  );
  const create = serviceValidatedBody(invoiceCreateSchema);
  app.post(
    invoices,
    {
      config,
      validatorCompiler: create.validatorCompiler,
      schema: { body: create.body, response: { 201: dataOf(invoiceCreateResultSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await invoicing.createInvoices(deps, actorOf(request, deps), request.body) }),
  );
  app.get(
    `${invoices}/aging`,
    { config, schema: { querystring: reportQuery('as_of'), response: { 200: dataOf(agingSchema) } } },
    async (request) => ({
      data: await accounts.aging(deps, actorOf(request, deps), request.query),
    }),
  );
  app.get(`${invoices}/export`, { config, schema: { querystring: query } }, async (request, reply) =>
    sendTabular(reply, await accounts.exportAccounts(deps, actorOf(request, deps), request.query)),
  );
  app.get(
    `${invoices}/:id`,
    { config: scoped, schema: { params: idParamSchema, response: { 200: dataOf(invoiceSchema) } } },
    async (request) => ({
      data: await invoicing.getInvoice(deps, actorOf(request, deps), request.params.id),
    }),
  );
  app.get(
    `${invoices}/:id/pdf`,
    { config: scoped, schema: { params: idParamSchema } },
    async (request, reply) => {
      const { bytes, fileName } = await documents.invoicePdf(deps, actorOf(request, deps), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );
  app.get(
    `${invoices}/:id/csv`,
    { config: scoped, schema: { params: idParamSchema } },
    async (request, reply) => {
      const { stream, fileName } = await documents.invoiceCsv(
        deps,
        actorOf(request, deps),
        request.params.id,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
  for (const action of ['send', 'void'] as const)
    app.post(
      `${invoices}/:id/${action}`,
      { config, schema: { params: idParamSchema, response: { 200: dataOf(invoiceSchema) } } },
      async (request) => ({
        data: await (action === 'send' ? documents.sendInvoice : invoicing.voidInvoice)(
          deps,
          actorOf(request, deps),
          request.params.id,
        ),
      }),
    );

  const paymentsBase = `${API_BASE}/payments`;
  app.get(
    paymentsBase,
    { config, schema: { querystring: query, response: { 200: paginated(paymentSchema) } } },
    async (request) => payments.listPayments(deps, actorOf(request, deps), request.query),
  );
  const pay = serviceValidatedBody(paymentInputSchema);
  app.post(
    paymentsBase,
    {
      config,
      validatorCompiler: pay.validatorCompiler,
      schema: { body: pay.body, response: { 201: dataOf(paymentSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await payments.recordPayment(deps, actorOf(request, deps), request.body) }),
  );
  // multipart: `file` (the bank's CSV), optional `confirm=true` (else a preview), under the imports' limits
  registerUploadRoutes(root, (scope) =>
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        `${paymentsBase}/import`,
        { config, schema: { response: { 200: dataOf(bankImportResultSchema) } } },
        async (request) => ({
          data: await payments.importBankFile(deps, actorOf(request, deps), () => readUpload(request)),
        }),
      ),
  );
  app.get(
    `${paymentsBase}/:id`,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(paymentSchema) } } },
    async (request) => ({
      data: await payments.getPayment(deps, actorOf(request, deps), request.params.id),
    }),
  );

  app.get(
    `${API_BASE}/franchisees/:id/statement`,
    {
      config: scoped,
      schema: {
        params: idParamSchema,
        querystring: reportQuery('from', 'to'),
        response: { 200: dataOf(statementSchema) },
      },
    },
    async (request) => ({
      data: await accounts.statement(deps, actorOf(request, deps), request.params.id, request.query),
    }),
  );

  const settingsBase = `${API_BASE}/invoicing/settings`;
  app.get(
    settingsBase,
    { config, schema: { response: { 200: z.object({ data: z.array(invoicingSettingsSchema) }) } } },
    async (request) => ({
      data: await settings.listSettings(deps, actorOf(request, deps)),
    }),
  );
  const rules = serviceValidatedBody(invoicingSettingsInputSchema);
  app.put(
    settingsBase,
    {
      config,
      validatorCompiler: rules.validatorCompiler,
      schema: { body: rules.body, response: { 200: dataOf(invoicingSettingsSchema) } },
    },
    async (request) => ({
      data: await settings.putSettings(deps, actorOf(request, deps), null, request.body),
    }),
  );
  app.put(
    `${settingsBase}/brands/:id`,
    {
      config,
      validatorCompiler: rules.validatorCompiler,
      schema: { params: idParamSchema, body: rules.body, response: { 200: dataOf(invoicingSettingsSchema) } },
    },
    async (request) => ({
      data: await settings.putSettings(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );

  app.get(
    `${API_BASE}/reporting/expected`,
    {
      config,
      schema: {
        querystring: reportQuery('from', 'to', 'status', 'franchisee_id'),
        response: { 200: z.object({ data: z.array(expectedReportSchema) }) },
      },
    },
    async (request) => ({
      data: await reporting.expectedReports(deps, actorOf(request, deps), request.query),
    }),
  );
  const lock = serviceValidatedBody(salesLockInputSchema);
  for (const action of ['lock', 'unlock'] as const)
    app.post(
      `${API_BASE}/reporting/${action}`,
      {
        config,
        validatorCompiler: lock.validatorCompiler,
        schema: { body: lock.body, response: { 200: dataOf(salesLockResultSchema) } },
      },
      async (request) => ({
        data: await reporting.setSalesLock(deps, actorOf(request, deps), request.body, action === 'lock'),
      }),
    );
}
