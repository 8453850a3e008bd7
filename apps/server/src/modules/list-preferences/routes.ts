import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  listPreferenceInputSchema,
  listPreferenceParamSchema,
  listPreferenceSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf } from '../auth/index';
import { getPreference, listPreferences, savePreference } from './service';

/** Each user's remembered page size and hidden columns per list, in the current team. */
export function registerListPreferenceRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Each member's own list views: a member limited to companies keeps theirs like anyone.
  const config = { guard: 'team', companyScope: true } as const;
  const base = `${API_BASE}/list-preferences`;

  app.get(
    base,
    { config, schema: { response: { 200: dataOf(z.array(listPreferenceSchema)) } } },
    async (request) => ({
      data: await listPreferences(deps, actorOf(request, deps)),
    }),
  );

  app.get(
    `${base}/:list`,
    {
      config,
      schema: { params: listPreferenceParamSchema, response: { 200: dataOf(listPreferenceSchema) } },
    },
    async (request) => ({
      data: await getPreference(deps, actorOf(request, deps), request.params.list),
    }),
  );

  app.put(
    `${base}/:list`,
    {
      config,
      schema: {
        params: listPreferenceParamSchema,
        body: listPreferenceInputSchema,
        response: { 200: dataOf(listPreferenceSchema) },
      },
    },
    async (request) => ({
      data: await savePreference(deps, actorOf(request, deps), request.params.list, request.body),
    }),
  );
}
