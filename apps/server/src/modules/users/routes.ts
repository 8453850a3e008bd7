import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  appConfigSchema,
  authUserSchema,
  dataOf,
  messageSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { unauthenticated } from '../../platform/errors';
import { logoutOtherDevices, rotateSession, type RequestAuth } from '../auth/index';
import { keptCaller, presentCaller, updatePassword, updateProfile } from './service';

/** `guest=null`: a guest is answered 200 `{ data: null }` instead of 401 (the web app's own call). */
const authCallerQuerySchema = z.object({ guest: z.literal('null').optional() });

export function registerUserRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const response = { 200: dataOf(authUserSchema) };
  // Not async: a kept answer is returned as a value, which Fastify sends at once, rather than as a promise it
  // waits for.
  const callerAnswer = (auth: RequestAuth) => {
    const kept = keptCaller(deps, auth);
    return kept ? { data: kept } : presentCaller(deps, auth).then((data) => ({ data }));
  };

  // The cookie-session call of the spec (spec §7). It is public only so that the SPA, which asks it on every
  // page, can learn "nobody is signed in" as an answer rather than a 401 the browser logs as an error:
  // with `?guest=null` a guest gets 200 `{ data: null }`; without it, 401 as for every other signed-in route.
  app.get(
    `${API_BASE}/users/auth`,
    {
      config: { guard: 'public' },
      schema: { querystring: authCallerQuerySchema, response: { 200: dataOf(authUserSchema.nullable()) } },
    },
    (request) => {
      if (request.auth) return callerAnswer(request.auth);
      if (request.query.guest === 'null') return { data: null };
      throw unauthenticated();
    },
  );
  // Its twin for bearer-token clients.
  app.get('/app/api/users/auth', { config: { guard: 'auth' }, schema: { response } }, (request) =>
    callerAnswer(request.auth!),
  );

  // What the signed-in browser needs of the server's configuration: the Maps key is a browser key by design
  // (restricted by referrer at Google), so it is handed out; nothing secret ever is.
  app.get(
    `${API_BASE}/app-config`,
    { config: { guard: 'auth' }, schema: { response: { 200: dataOf(appConfigSchema) } } },
    async () => ({
      data: { maps_api_key: deps.config.GOOGLE_MAPS_API_KEY ?? null },
    }),
  );

  app.patch(
    `${API_BASE}/users/profile`,
    { config: { guard: 'auth' }, schema: { body: updateProfileSchema, response } },
    async (request) => ({
      data: await updateProfile(deps, request.auth!, request.body, request.ip),
    }),
  );

  app.put(
    `${API_BASE}/users/password`,
    { config: { guard: 'auth' }, schema: { body: updatePasswordSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      await updatePassword(deps, request.auth!, request.body, request.ip);
      // Every other session ended in updatePassword; this one continues under a new id.
      await rotateSession(deps, request, reply);
      return { message: 'Your password has been updated.' };
    },
  );

  // "Log out other devices" (profile page): every other session of the caller ends; this one stays.
  app.post(
    `${API_BASE}/users/logout-other-devices`,
    {
      config: { guard: 'auth' },
      schema: { response: { 200: dataOf(z.object({ ended: z.number().int() })) } },
    },
    async (request) => ({ data: { ended: await logoutOtherDevices(deps, request.auth!, request.ip) } }),
  );
}
