import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, activitySchema, paginated, trashItemSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { actorOf } from '../auth/index';
import { listActivities } from '../activities/index';
import { listTrash } from './service';

export function registerTrashAndAuditRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  app.get(
    `${API_BASE}/trash`,
    { config, schema: { querystring: rawListQuerySchema, response: { 200: paginated(trashItemSchema) } } },
    async (request) => listTrash(deps, actorOf(request, deps), request.query),
  );
  app.get(
    `${API_BASE}/activities`,
    { config, schema: { querystring: rawListQuerySchema, response: { 200: paginated(activitySchema) } } },
    async (request) => listActivities(deps, actorOf(request, deps), request.query),
  );
}
