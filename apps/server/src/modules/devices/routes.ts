import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  dataOf,
  deviceInputSchema,
  deviceSchema,
  deviceTokenParamSchema,
  pushKeySchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { unauthenticated } from '../../platform/errors';
import { registerDevice, removeDevice } from './service';

/** Web Push devices of the signed-in user (spec §7 `DELETE /devices/{token}` on logout). */
export function registerDeviceRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'auth' } as const;
  const userId = (request: { auth: { user: { id: number } } | null }) => {
    if (!request.auth) throw unauthenticated();
    return request.auth.user.id;
  };

  app.get(
    `${API_BASE}/push/key`,
    { config, schema: { response: { 200: dataOf(pushKeySchema) } } },
    async () => ({ data: { public_key: deps.push.publicKey } }),
  );
  app.post(
    `${API_BASE}/devices`,
    { config, schema: { body: deviceInputSchema, response: { 201: dataOf(deviceSchema) } } },
    async (request, reply) =>
      reply.status(201).send({
        data: await registerDevice(deps, userId(request), request.body, request.headers['user-agent']),
      }),
  );
  app.delete(
    `${API_BASE}/devices/:token`,
    { config, schema: { params: deviceTokenParamSchema } },
    async (request, reply) => {
      await removeDevice(deps, userId(request), request.params.token);
      return reply.status(204).send();
    },
  );
}
