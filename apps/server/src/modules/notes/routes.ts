import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  RECORD_TYPES,
  dataOf,
  idParamSchema,
  noteInputSchema,
  noteSchema,
  paginated,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { actorOf } from '../auth/index';
import { recordDefinitions } from '../records/index';
import { addNote, editNote, listNotes, removeNote } from './service';

export function registerNoteRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;

  for (const type of RECORD_TYPES) {
    const def = recordDefinitions[type];
    app.get(
      `${API_BASE}/${type}/:id/notes`,
      {
        config,
        schema: {
          params: idParamSchema,
          querystring: rawListQuerySchema,
          response: { 200: paginated(noteSchema) },
        },
      },
      async (request) => listNotes(deps, actorOf(request, deps), def, request.params.id, request.query),
    );
    app.post(
      `${API_BASE}/${type}/:id/notes`,
      {
        config,
        schema: { params: idParamSchema, body: noteInputSchema, response: { 201: dataOf(noteSchema) } },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await addNote(deps, actorOf(request, deps), def, request.params.id, request.body.body),
        }),
    );
  }

  app.patch(
    `${API_BASE}/notes/:id`,
    {
      config,
      schema: { params: idParamSchema, body: noteInputSchema, response: { 200: dataOf(noteSchema) } },
    },
    async (request) => ({
      data: await editNote(deps, actorOf(request, deps), request.params.id, request.body.body),
    }),
  );
  app.delete(
    `${API_BASE}/notes/:id`,
    { config, schema: { params: idParamSchema } },
    async (request, reply) => {
      await removeNote(deps, actorOf(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );
}
