import type { FastifyInstance } from 'fastify';
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
import { csvStream } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import * as imports from './service';

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
    async (request) =>
      imports.listImports(deps, actorOf(request, deps), request.query.page, request.query.per_page),
  );

  // multipart: `type`, optional `sheet`, then `file` (CSV or XLSX)
  app.post(base, { config, schema: { response: { 201: dataOf(importSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await imports.uploadImport(deps, actorOf(request, deps), request) }),
  );

  app.get(`${base}/:id`, { config, schema: { params: idParamSchema, response: one } }, async (request) => ({
    data: await imports.getImport(deps, actorOf(request, deps), request.params.id),
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
      data: await imports.previewImport(deps, actorOf(request, deps), request.params.id, request.body),
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
        data: await imports.startImport(deps, actorOf(request, deps), request.params.id, request.body),
      }),
  );

  app.post(
    `${base}/:id/cancel`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await imports.cancelImport(deps, actorOf(request, deps), request.params.id),
    }),
  );

  app.post(
    `${base}/:id/undo`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await imports.undoImport(deps, actorOf(request, deps), request.params.id),
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
      const rows = imports.importErrors(deps, actorOf(request, deps), request.params.id);
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
