import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  camImportPreviewSchema,
  camReconciliationSchema,
  camStatementInputSchema,
  camTermsInputSchema,
  dataOf,
  idParamSchema,
} from '@storekeep/contracts';
import { z } from 'zod';
import type { Deps } from '../../platform/deps';
import { registerUploadRoutes } from '../../platform/uploads';
import { sendTabular, TABULAR_FORMATS } from '../../platform/tabular';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import { readUpload } from '../imports/index';
import { camImportTemplate, importCamStatement, previewCamImport } from './import';
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
  // multipart: `file` (CSV or XLSX), and optional `lease_year`, `received_on`, `estimates_paid`, `document_id`
  registerUploadRoutes(root, (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.post(
      `${base}/statements/import/preview`,
      { config, schema: { params: idParamSchema, response: { 200: dataOf(camImportPreviewSchema) } } },
      async (request) => ({
        data: await previewCamImport(deps, actorOf(request, deps), request.params.id, () =>
          readUpload(request),
        ),
      }),
    );
    uploads.post(
      `${base}/statements/import`,
      { config, schema: { params: idParamSchema, response: one } },
      async (request) => ({
        data: await importCamStatement(deps, actorOf(request, deps), request.params.id, () =>
          readUpload(request),
        ),
      }),
    );
  });
  app.get(
    `${base}/statements/template`,
    {
      config,
      schema: {
        params: idParamSchema,
        querystring: z.object({ format: z.enum(TABULAR_FORMATS).default('csv') }),
      },
    },
    async (request, reply) =>
      sendTabular(
        reply,
        await camImportTemplate(deps, actorOf(request, deps), request.params.id, request.query.format),
      ),
  );
}
