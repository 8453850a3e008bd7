import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_BASE, billingRedirectSchema, billingSchema, dataOf, idParamSchema } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { notFound, unauthenticated } from '../../platform/errors';
import { teamScope, type Actor } from '../../platform/policy';
import { isDemoUser } from '../auth/index';
import * as billing from './service';

/**
 * The caller as owner-to-be of team `teamId`. Billing routes use the `auth` guard, not `team`: the
 * owner of an inactive team must still reach them to subscribe again (/reactivate links here).
 */
function billingActor(request: FastifyRequest, deps: Deps, teamId: number): Actor {
  const auth = request.auth;
  if (!auth) throw unauthenticated();
  const team = auth.teams.find((t) => t.id === teamId);
  if (!team) throw notFound('Team');
  return {
    user: auth.user,
    teamId: team.id,
    scope: teamScope(team.id),
    role: team.role,
    isOwner: team.owner_id === auth.user.id,
    isDemo: isDemoUser(auth.user, deps.config.SEED_DEMO),
    ip: request.ip,
  };
}

export function registerBillingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { guard: 'auth' } as const;

  app.get(
    `${API_BASE}/teams/:id/billing`,
    { config: auth, schema: { params: idParamSchema, response: { 200: dataOf(billingSchema) } } },
    async (request) => ({
      data: await billing.getBilling(deps, billingActor(request, deps, request.params.id)),
    }),
  );

  app.post(
    `${API_BASE}/teams/:id/billing/checkout`,
    { config: auth, schema: { params: idParamSchema, response: { 200: dataOf(billingRedirectSchema) } } },
    async (request) => ({
      data: await billing.startCheckout(deps, billingActor(request, deps, request.params.id)),
    }),
  );

  app.post(
    `${API_BASE}/teams/:id/billing/portal`,
    { config: auth, schema: { params: idParamSchema, response: { 200: dataOf(billingRedirectSchema) } } },
    async (request) => ({
      data: await billing.openPortal(deps, billingActor(request, deps, request.params.id)),
    }),
  );

  // Stripe's webhook: signed instead of CSRF-protected, and verified over the exact bytes Stripe sent,
  // so this route alone (its own encapsulated context) keeps JSON bodies raw.
  void root.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post(
      `${API_BASE}/billing/webhook`,
      { config: { guard: 'public', csrf: false }, schema: { hide: true }, bodyLimit: 1024 * 1024 },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return billing.handleWebhook(deps, body, typeof signature === 'string' ? signature : undefined);
      },
    );
  });
}
