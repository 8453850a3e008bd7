import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE, IMPORT_TYPES } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { sendTabular, TABULAR_FORMATS } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import { importTemplate } from './template';

export function registerImportTemplateRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_BASE}/imports/templates/:type`,
    {
      config: { guard: 'team' },
      schema: {
        params: z.object({ type: z.enum(IMPORT_TYPES) }),
        querystring: z.object({ format: z.enum(TABULAR_FORMATS).default('csv') }),
      },
    },
    async (request, reply) =>
      sendTabular(
        reply,
        await importTemplate(deps, actorOf(request, deps), request.params.type, request.query.format),
      ),
  );
}
