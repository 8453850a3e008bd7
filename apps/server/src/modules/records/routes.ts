import type {} from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  attributeValuesInputSchema,
  dataOf,
  idParamSchema,
  paginated,
  recordActivitySchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { registerUploadRoutes } from '../../platform/uploads';
import { AppError } from '../../platform/errors';
import { rawListQuerySchema } from '../../platform/list';
import { patchBody } from '../../platform/patch';
import { exportFormat, sendTabular } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import { listRecordActivities } from '../activities/index';
import type { LoadedRow, RecordDefinition } from './definition';
import { exportRecords } from './export';
import { MAX_IMAGE_BYTES, removeImage, replaceImage } from './image-changes';
import {
  createRecord,
  deleteRecord,
  findLive,
  getRecord,
  listRecords,
  narrowsToCompanies,
  restoreRecord,
  updateRecord,
} from './service';

/** The same HTTP surface for every record type (docs/API.md "Records"). */
export function registerRecordRoutes<Row extends LoadedRow, Dto>(
  root: FastifyInstance,
  deps: Deps,
  def: RecordDefinition<Row, Dto>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const base = `${API_BASE}/${def.type}`;
  const config = { guard: 'team' } as const;
  // Reads a member limited to companies may make, of a type the service narrows to their companies' rows.
  const scopedRead = { guard: 'team', companyScope: narrowsToCompanies(def) } as const;
  const one = { 200: dataOf(def.dtoSchema) };
  // The body also takes `attributes: { key: value }`, checked against the team's definitions in the service.
  const inputSchema = def.inputSchema.extend({ attributes: attributeValuesInputSchema.optional() });

  app.get(
    base,
    {
      config: scopedRead,
      schema: { querystring: rawListQuerySchema, response: { 200: paginated(def.dtoSchema) } },
    },
    async (request) => listRecords(deps, def, actorOf(request, deps), request.query),
  );

  app.get(
    `${base}/export`,
    { config: scopedRead, schema: { querystring: rawListQuerySchema } },
    async (request, reply) => {
      const { format, query } = exportFormat(request.query);
      return sendTabular(reply, {
        format,
        name: def.type,
        batches: await exportRecords(deps, def, actorOf(request, deps), query),
      });
    },
  );

  app.post(
    base,
    { config, schema: { body: inputSchema, response: { 201: dataOf(def.dtoSchema) } } },
    async (request, reply) => {
      const data = await createRecord(
        deps,
        def,
        actorOf(request, deps),
        request.body as Record<string, unknown>,
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    `${base}/:id`,
    { config: scopedRead, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await getRecord(deps, def, actorOf(request, deps), request.params.id),
    }),
  );

  const patch = patchBody(inputSchema);
  app.patch(
    `${base}/:id`,
    {
      config,
      schema: { params: idParamSchema, body: patch.schema, response: one },
      preValidation: patch.preValidation,
    },
    async (request) => ({
      data: await updateRecord(
        deps,
        def,
        actorOf(request, deps),
        request.params.id,
        patch.sentFields(request, request.body),
      ),
    }),
  );

  app.delete(`${base}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
    await deleteRecord(deps, def, actorOf(request, deps), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    `${base}/:id/restore`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await restoreRecord(deps, def, actorOf(request, deps), request.params.id),
    }),
  );

  registerUploadRoutes(root, (scope) =>
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        `${base}/:id/image`,
        { config, schema: { params: idParamSchema, response: one } },
        async (request) => {
          const actor = actorOf(request, deps);
          await findLive(deps.db, def, actor.teamId, request.params.id);
          if (!request.isMultipart())
            throw new AppError('validation', 'The image field is required.', {
              image: ['The image field is required.'],
            });
          const file = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
          if (!file || file.fieldname !== 'image')
            throw new AppError('validation', 'The image field is required.', {
              image: ['The image field is required.'],
            });
          const buffer = await file.toBuffer().catch(() => {
            throw new AppError('too_large', 'The image may not be greater than 5 MB.', {
              image: ['The image may not be greater than 5 MB.'],
            });
          });
          await replaceImage(deps, def, actor, request.params.id, buffer);
          return { data: await getRecord(deps, def, actor, request.params.id) };
        },
      ),
  );

  app.delete(
    `${base}/:id/image`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => {
      const actor = actorOf(request, deps);
      await removeImage(deps, def, actor, request.params.id);
      return { data: await getRecord(deps, def, actor, request.params.id) };
    },
  );

  app.get(
    `${base}/:id/activities`,
    {
      config,
      schema: {
        params: idParamSchema,
        querystring: rawListQuerySchema,
        response: { 200: paginated(recordActivitySchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request, deps);
      await findLive(deps.db, def, actor.teamId, request.params.id);
      return listRecordActivities(deps, actor, request.query, {
        subjectType: def.subject,
        subjectId: request.params.id,
      });
    },
  );
}
