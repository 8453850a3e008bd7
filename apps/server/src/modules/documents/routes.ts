import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  attributeValuesInputSchema,
  LINKABLE_TYPES,
  dataOf,
  documentCategoryInputSchema,
  documentCategorySchema,
  documentFieldsSchema,
  documentLinkInputSchema,
  documentSchema,
  documentVersionSchema,
  idParamSchema,
  paginated,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { registerUploadRoutes } from '../../platform/uploads';
import { rawListQuerySchema } from '../../platform/list';
import { patchBody } from '../../platform/patch';
import { sendTabular } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import { listExport } from '../attributes/index';
import { openSignedFile } from './download';
import { isScopedLinkType } from './scope';
import { DOCUMENT_EXPORT_COLUMNS } from './export-columns';
import * as documents from './service';
import { uploadDocument, uploadVersion, type UploadParts } from './upload';

/** The request's multipart form as the upload reads it: streamed part by part, never buffered whole. */
const partsOf =
  (request: FastifyRequest): UploadParts =>
  (limits) =>
    request.isMultipart() ? request.parts({ limits }) : null;

export function registerDocumentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  // Reads a franchisee's member may call: narrowed to the documents shared with them and linked to their
  // records. Uploads, edits, versions, links, exports and categories stay the franchisor's.
  const scoped = { guard: 'team', companyScope: true } as const;
  const base = `${API_BASE}/documents`;
  const one = { 200: dataOf(documentSchema) };

  app.get(
    base,
    {
      config: scoped,
      schema: { querystring: rawListQuerySchema, response: { 200: paginated(documentSchema) } },
    },
    async (request) => documents.listDocuments(deps, actorOf(request, deps), request.query),
  );
  // The list as CSV or XLSX, with its filters, search and sort (files themselves are in the team export).
  app.get(
    `${base}/export`,
    { config, schema: { querystring: rawListQuerySchema } },
    async (request, reply) => {
      const actor = actorOf(request, deps);
      return sendTabular(
        reply,
        await listExport(
          deps.db,
          actor.scope,
          request.query,
          {
            subject: 'documents',
            query: (raw) => documents.documentListQuery(deps, actor, raw),
            load: (ids) => documents.presentDocuments(deps, actor, ids),
          },
          DOCUMENT_EXPORT_COLUMNS,
        ),
      );
    },
  );

  // Uploads: a new document, a new version of one, and a record's (or a lease's, an agreement's) Documents tab's.
  registerUploadRoutes(root, (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.post(
      base,
      { config, schema: { response: { 201: dataOf(documentSchema) } } },
      async (request, reply) => {
        const { document } = await uploadDocument(deps, actorOf(request, deps), partsOf(request));
        return reply.status(201).send({ data: document });
      },
    );
    uploads.post(
      `${base}/:id/versions`,
      { config, schema: { params: idParamSchema, response: { 201: dataOf(documentSchema) } } },
      async (request, reply) => {
        const document = await uploadVersion(
          deps,
          actorOf(request, deps),
          partsOf(request),
          request.params.id,
        );
        return reply.status(201).send({ data: document });
      },
    );
    for (const type of LINKABLE_TYPES)
      uploads.post(
        `${API_BASE}/${type}/:id/documents`,
        { config, schema: { params: idParamSchema, response: { 201: dataOf(documentSchema) } } },
        async (request, reply) => {
          const actor = actorOf(request, deps);
          await documents.checkLinkTarget(deps.db, actor.teamId, type, request.params.id).catch(() => {
            throw documents.notFoundRecord(type);
          });
          const { document } = await uploadDocument(deps, actor, partsOf(request), {
            type,
            id: request.params.id,
          });
          return reply.status(201).send({ data: document });
        },
      );
  });

  app.get(
    `${base}/:id`,
    { config: scoped, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await documents.getDocument(deps, actorOf(request, deps), request.params.id),
    }),
  );

  // The body also takes `attributes: { key: value }`, checked against the team's definitions in the service.
  const patch = patchBody(documentFieldsSchema.extend({ attributes: attributeValuesInputSchema }));
  app.patch(
    `${base}/:id`,
    {
      config,
      schema: { params: idParamSchema, body: patch.schema, response: one },
      preValidation: patch.preValidation,
    },
    async (request) => ({
      data: await documents.updateDocument(
        deps,
        actorOf(request, deps),
        request.params.id,
        patch.sentFields(request, request.body),
      ),
    }),
  );

  app.delete(`${base}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
    await documents.deleteDocument(deps, actorOf(request, deps), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    `${base}/:id/restore`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await documents.restoreDocument(deps, actorOf(request, deps), request.params.id),
    }),
  );

  app.get(
    `${base}/:id/versions`,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(z.array(documentVersionSchema)) } } },
    async (request) => ({
      data: await documents.listDocumentVersions(deps, actorOf(request, deps), request.params.id),
    }),
  );

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: `${base}/:id/links`,
      config,
      schema: { params: idParamSchema, body: documentLinkInputSchema, response: one },
      handler: async (request) => ({
        data: await documents.linkDocument(
          deps,
          actorOf(request, deps),
          request.params.id,
          request.body,
          method === 'POST',
        ),
      }),
    });
  }

  // A record's (or a lease's, an agreement's) Documents tab (its uploads are above).
  for (const type of LINKABLE_TYPES) {
    app.get(
      `${API_BASE}/${type}/:id/documents`,
      {
        // A franchisee's store, lease and agreement pages show the documents shared with them.
        config: isScopedLinkType(type) && type !== 'companies' ? scoped : config,
        schema: {
          params: idParamSchema,
          querystring: rawListQuerySchema,
          response: { 200: paginated(documentSchema) },
        },
      },
      async (request) => {
        const actor = actorOf(request, deps);
        await documents.checkVisibleLinkTarget(deps.db, actor.scope, type, request.params.id);
        return documents.listDocuments(deps, actor, request.query, { type, id: request.params.id });
      },
    );
  }

  app.get(
    `${API_BASE}/document-categories`,
    { config, schema: { response: { 200: dataOf(z.array(documentCategorySchema)) } } },
    async (request) => ({
      data: await documents.listCategories(deps, actorOf(request, deps)),
    }),
  );
  app.post(
    `${API_BASE}/document-categories`,
    {
      config,
      schema: { body: documentCategoryInputSchema, response: { 201: dataOf(documentCategorySchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await documents.addCategory(deps, actorOf(request, deps), request.body.name) }),
  );

  // The signed download link: public by design, the signature (over a secret blob key) is the permission.
  app.get(
    '/app/files/:versionId',
    {
      config: { guard: 'public' },
      schema: {
        params: z.object({ versionId: z.coerce.number().int().positive() }),
        querystring: z.object({
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(128).default(''),
        }),
      },
    },
    async (request, reply) => {
      const { stream, headers } = await openSignedFile(
        deps,
        request.params.versionId,
        request.query.expires,
        request.query.signature,
      );
      return reply.headers(headers).send(stream);
    },
  );
}
