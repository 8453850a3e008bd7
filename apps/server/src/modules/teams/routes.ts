import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  authUserSchema,
  changeRoleSchema,
  dataOf,
  idParamSchema,
  invitationPreviewSchema,
  inviteMemberSchema,
  renameTeamSchema,
  teamDetailSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSettingsPatchSchema,
  teamSettingsSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { actorOf, isDemoUser, rotateSession } from '../auth/index';
import { forbidden } from '../../platform/errors';
import { loadAuthUser } from '../users/index';
import * as teams from './service';
import { getSettings, updateSettings } from './settings';
import { writeTransaction } from '../../platform/db';

const memberParams = idParamSchema.extend({ userId: z.coerce.number().int().positive() });
const invitationParams = idParamSchema.extend({ invitationId: z.string().min(1).max(64) });
const tokenParams = z.object({ token: z.string().min(1).max(64) });

export function registerTeamRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const team = { guard: 'team' } as const;

  app.get(
    `${API_BASE}/teams/:id`,
    { config: team, schema: { params: idParamSchema, response: { 200: dataOf(teamDetailSchema) } } },
    async (request) => ({
      data: await teams.getTeam(deps, actorOf(request, deps), request.params.id),
    }),
  );

  app.patch(
    `${API_BASE}/teams/:id`,
    {
      config: team,
      schema: { params: idParamSchema, body: renameTeamSchema, response: { 200: dataOf(teamDetailSchema) } },
    },
    async (request) => ({
      data: await teams.renameTeam(deps, actorOf(request, deps), request.params.id, request.body.name),
    }),
  );

  // Switching is allowed whatever the current team's state: it is how a user leaves an inactive team.
  app.patch(
    `${API_BASE}/teams/:id/switch`,
    {
      config: { guard: 'auth' },
      schema: { params: idParamSchema, response: { 200: dataOf(authUserSchema) } },
    },
    async (request, reply) => {
      await teams.switchTeam(deps, request.auth!.user, request.params.id);
      // The session now acts with another team's role: a new session id for the new privileges.
      await rotateSession(deps, request, reply);
      return { data: await loadAuthUser(deps, deps.db, request.auth!.user.id) };
    },
  );

  app.post(
    `${API_BASE}/teams/:id/invitations`,
    {
      config: team,
      schema: {
        params: idParamSchema,
        body: inviteMemberSchema,
        response: { 201: dataOf(teamInvitationSchema) },
      },
    },
    async (request, reply) => {
      const invitation = await teams.inviteMember(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: invitation });
    },
  );

  app.delete(
    `${API_BASE}/teams/:id/invitations/:invitationId`,
    { config: team, schema: { params: invitationParams } },
    async (request, reply) => {
      await teams.cancelInvitation(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.params.invitationId,
      );
      return reply.status(204).send();
    },
  );

  app.patch(
    `${API_BASE}/teams/:id/members/:userId`,
    {
      config: team,
      schema: { params: memberParams, body: changeRoleSchema, response: { 200: dataOf(teamMemberSchema) } },
    },
    async (request) => ({
      data: await teams.changeRole(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.params.userId,
        request.body,
      ),
    }),
  );

  app.delete(
    `${API_BASE}/teams/:id/members/:userId`,
    { config: team, schema: { params: memberParams } },
    async (request, reply) => {
      await teams.removeMember(deps, actorOf(request, deps), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    `${API_BASE}/teams/:id/settings`,
    { config: team, schema: { params: idParamSchema, response: { 200: dataOf(teamSettingsSchema) } } },
    async (request) => ({
      data: await getSettings(deps, actorOf(request, deps), request.params.id),
    }),
  );
  app.patch(
    `${API_BASE}/teams/:id/settings`,
    {
      config: team,
      schema: {
        params: idParamSchema,
        body: teamSettingsPatchSchema,
        response: { 200: dataOf(teamSettingsSchema) },
      },
    },
    async (request) => ({
      data: await updateSettings(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );

  app.get(
    `${API_BASE}/team-invitations/:token`,
    {
      config: { guard: 'public' },
      schema: { params: tokenParams, response: { 200: dataOf(invitationPreviewSchema) } },
    },
    async (request) => ({ data: await teams.previewInvitation(deps, request.params.token) }),
  );

  app.post(
    `${API_BASE}/team-invitations/:token/accept`,
    { config: { guard: 'auth' }, schema: { params: tokenParams, response: { 200: dataOf(authUserSchema) } } },
    async (request) => {
      const user = request.auth!.user;
      // Every visitor signs in as the demo user: a team it joined would be open to all of them.
      if (isDemoUser(user, deps.config.SEED_DEMO))
        throw forbidden('The demo account is shared: it cannot accept invitations. Sign up to join a team.');
      await writeTransaction(deps.db, (trx) =>
        teams.acceptInvitation(trx, user, request.params.token, request.ip),
      );
      return { data: await loadAuthUser(deps, deps.db, user.id) };
    },
  );
}
