import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  importOptionsSchema,
  importPreviewSchema,
  importSchema,
  listQuerySchema,
  paginated,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { registerUploadRoutes } from '../../platform/uploads';
import { AppError, invalid } from '../../platform/errors';
import { safeFileName } from '../../platform/file-name';
import { csvStream } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import { importErrors, undoImport } from './after-run';
import { cancelImport, previewImport, startImport } from './mapping';
import { getImport, listImports, uploadImport, type ImportUpload } from './upload';

const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The upload's fields and file off a multipart request (a 413 over 50 MB, a 422 for a request without a form):
 * the project's one upload reader for tabular files (imports, bank statements).
 */
export async function readUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw invalid('file', 'The file field is required.');
  const fields: Record<string, string> = {};
  let file: ImportUpload['file'] = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10 } })) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else if (part.fieldname === 'file') {
      const bytes = await part.toBuffer().catch((error: unknown) => {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('too_large', 'The file may not be larger than 50 MB.');
        throw error;
      });
      file = { name: safeFileName(part.filename ?? '', 'import.csv', 255), bytes };
    } else part.file.resume();
  }
  return { fields, file };
}

export function registerImportRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/imports`;
  const one = { 200: dataOf(importSchema) };

  app.get(
    base,
    {
      config,
      schema: {
        querystring: listQuerySchema.pick({ page: true, per_page: true }),
        response: { 200: paginated(importSchema) },
      },
    },
    async (request) => listImports(deps, actorOf(request, deps), request.query.page, request.query.per_page),
  );

  // multipart: `type`, optional `sheet`, then `file` (CSV or XLSX)
  registerUploadRoutes(root, (scope) =>
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(base, { config, schema: { response: { 201: dataOf(importSchema) } } }, async (request, reply) =>
        reply
          .status(201)
          .send({ data: await uploadImport(deps, actorOf(request, deps), () => readUpload(request)) }),
      ),
  );

  app.get(`${base}/:id`, { config, schema: { params: idParamSchema, response: one } }, async (request) => ({
    data: await getImport(deps, actorOf(request, deps), request.params.id),
  }));

  app.post(
    `${base}/:id/preview`,
    {
      config,
      schema: {
        params: idParamSchema,
        body: importOptionsSchema,
        response: { 200: dataOf(importPreviewSchema) },
      },
    },
    async (request) => ({
      data: await previewImport(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );

  app.post(
    `${base}/:id/run`,
    {
      config,
      schema: { params: idParamSchema, body: importOptionsSchema, response: { 202: dataOf(importSchema) } },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: await startImport(deps, actorOf(request, deps), request.params.id, request.body),
      }),
  );

  app.post(
    `${base}/:id/cancel`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await cancelImport(deps, actorOf(request, deps), request.params.id),
    }),
  );

  app.post(
    `${base}/:id/undo`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await undoImport(deps, actorOf(request, deps), request.params.id),
    }),
  );

  // The error report as CSV: row, column, value, message.
  app.get(
    `${base}/:id/errors`,
    {
      config,
      schema: { params: idParamSchema, querystring: z.object({ format: z.literal('csv').default('csv') }) },
    },
    async (request, reply) => {
      const rows = importErrors(deps, actorOf(request, deps), request.params.id);
      const first = await rows.next(); // a missing import is a 404 before any byte is sent
      async function* all() {
        yield ['Row', 'Column', 'Value', 'Message'];
        if (!first.done) yield first.value;
        yield* rows;
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="import-${request.params.id}-errors.csv"`);
      return reply.send(csvStream(all()));
    },
  );
}
