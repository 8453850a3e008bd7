import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  attributeCreateSchema,
  attributeListQuerySchema,
  attributeReorderSchema,
  attributeSchema,
  attributeUpdateSchema,
  dataOf,
  idParamSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import {
  createAttribute,
  listAttributes,
  reorderAttributes,
  setAttributeArchived,
  updateAttribute,
} from './definitions';

/** docs/API.md "Attributes": every member reads definitions; admins write them (service policy). */
export function registerAttributeRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const base = `${API_BASE}/attributes`;
  const config = { guard: 'team' } as const;
  const one = { 200: dataOf(attributeSchema) };
  const many = { 200: dataOf(z.array(attributeSchema)) };

  app.get(
    base,
    { config, schema: { querystring: attributeListQuerySchema, response: many } },
    async (request) => ({
      data: await listAttributes(deps, actorOf(request, deps), request.query),
    }),
  );

  app.post(
    base,
    { config, schema: { body: attributeCreateSchema, response: { 201: dataOf(attributeSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await createAttribute(deps, actorOf(request, deps), request.body) }),
  );

  app.post(
    `${base}/reorder`,
    { config, schema: { body: attributeReorderSchema, response: many } },
    async (request) => ({
      data: await reorderAttributes(deps, actorOf(request, deps), request.body),
    }),
  );

  app.patch(
    `${base}/:id`,
    { config, schema: { params: idParamSchema, body: attributeUpdateSchema, response: one } },
    async (request) => ({
      data: await updateAttribute(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );

  app.post(
    `${base}/:id/archive`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await setAttributeArchived(deps, actorOf(request, deps), request.params.id, true),
    }),
  );

  app.post(
    `${base}/:id/unarchive`,
    { config, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await setAttributeArchived(deps, actorOf(request, deps), request.params.id, false),
    }),
  );
}
