import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  authUserSchema,
  dataOf,
  forgotPasswordSchema,
  loginSchema,
  messageSchema,
  registerSchema,
  resetPasswordSchema,
  tokenResponseSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { clientOf, setSessionCookies } from './http';
import * as auth from './service';
import { setCsrfCookie } from './session-cookie';

export function registerAuthRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/app/sanctum/csrf-cookie', { config: { guard: 'public' } }, async (_request, reply) => {
    setCsrfCookie(deps, reply);
    return reply.status(204).send();
  });

  app.post(
    '/app/login',
    {
      config: { guard: 'public' },
      schema: {
        body: loginSchema,
        response: { 200: z.union([dataOf(authUserSchema), tokenResponseSchema]) },
      },
    },
    async (request, reply) => {
      const result = await auth.login(deps, clientOf(deps, request), request.body);
      if ('token' in result) return { token: result.token };
      setSessionCookies(deps, reply, result.cookies);
      return { data: result.user };
    },
  );

  app.post('/app/logout', { config: { guard: 'public' } }, async (request, reply) => {
    setSessionCookies(deps, reply, await auth.logout(deps, request.auth, request.ip));
    return reply.status(204).send();
  });

  app.post(
    '/app/register',
    { config: { guard: 'public' }, schema: { body: registerSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      setSessionCookies(deps, reply, await auth.register(deps, clientOf(deps, request), request.body));
      return reply.status(201).send({ message: auth.REGISTRATION_RECEIVED });
    },
  );

  app.post(
    '/app/forgot-password',
    { config: { guard: 'public' }, schema: { body: forgotPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.forgotPassword(deps, request.ip, request.body.email);
      return { message: auth.RESET_LINK_SENT };
    },
  );

  app.post(
    '/app/reset-password',
    { config: { guard: 'public' }, schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request) => {
      await auth.resetPassword(deps, request.ip, request.body);
      return { message: 'Your password has been reset.' };
    },
  );

  // The link in the verification e-mail: a browser navigation, so it answers with redirects.
  app.get(
    '/app/email/verify/:id/:hash',
    {
      config: { guard: 'public' },
      schema: {
        params: z.object({ id: z.coerce.number().int().positive(), hash: z.string().max(64) }),
        querystring: z.object({
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(128).default(''),
        }),
      },
    },
    async (request, reply) => {
      const ok = await auth.verifyEmail(deps, request.ip, { ...request.params, ...request.query });
      if (!ok) return reply.redirect('/login?verified=invalid');
      return reply.redirect(request.auth ? '/dashboard?verified=1' : '/login?verified=1');
    },
  );

  // The link mailed to a new address (profile e-mail change): the change applies when it is opened.
  app.get(
    '/app/email/change/:id/:hash',
    {
      config: { guard: 'public' },
      schema: {
        params: z.object({ id: z.coerce.number().int().positive(), hash: z.string().max(64) }),
        querystring: z.object({
          expires: z.coerce.number().int().default(0),
          signature: z.string().max(128).default(''),
        }),
      },
    },
    async (request, reply) => {
      const ok = await auth.confirmEmailChange(deps, request.ip, { ...request.params, ...request.query });
      if (!ok)
        return reply.redirect(
          request.auth ? '/account/profile?email_changed=invalid' : '/login?email_changed=invalid',
        );
      return reply.redirect(request.auth ? '/account/profile?email_changed=1' : '/login?email_changed=1');
    },
  );

  app.post(
    `${API_BASE}/email/verification-notification`,
    { config: { guard: 'auth' }, schema: { response: { 202: messageSchema } } },
    async (request, reply) => {
      const message = await auth.resendVerification(deps, request.auth!);
      return reply.status(202).send({ message });
    },
  );
}
