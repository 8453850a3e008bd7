import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE } from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import type { RealtimeEvent } from '../../platform/realtime';
import { forbidden } from '../../platform/errors';
import { routeWrites, withHook } from '../../platform/route-hooks';
import { memberScope, teamScope } from '../../platform/policy';
import { limitedMembersUnread, unreadCount } from '../reminders/index';

const HEARTBEAT_MS = 25_000;
/** Writes that can change what a team's reminders say (and so everyone's unread count). */
const REMINDER_WRITES =
  /^\/app\/api\/v1\/(reminders|reminder-comments|leases|agreements|documents|companies|brands|stores|contacts)\b/;

export function registerRealtimeRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const open = new Set<() => void>();
  // Open streams never finish by themselves: end them so shutdown does not wait on them.
  root.addHook('preClose', async () => {
    for (const end of open) end();
  });

  /**
   * Server-Sent Events for the signed-in user: their own channel and their current team's. The first
   * event is the current unread count, so a reconnecting client is never stale.
   */
  app.get(`${API_BASE}/events`, { config: { guard: 'auth' } }, async (request, reply) => {
    const auth = request.auth!;
    // A member limited to companies hears only their own channel: the team's carries the whole team's counts,
    // and theirs is published to them one by one (below).
    const team = auth.team && auth.team.company_ids === null ? auth.team : null;
    const channels = [`user.${auth.user.id}`, ...(team ? [`team.${team.id}`] : [])];
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: RealtimeEvent) =>
      raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    send({
      type: 'notifications',
      data: {
        count: auth.team ? await unreadCount(deps.db, memberScope(auth.team)) : 0,
      },
    });
    const unsubscribe = deps.realtime.subscribe(channels, send);
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      raw.end();
    };
    open.add(end);
    request.raw.on('close', end);
  });

  /** The spec's channel authorisation: a user may listen to their own channel and their teams'. */
  app.post(
    '/app/broadcasting/auth',
    {
      config: { guard: 'auth' },
      schema: {
        body: z.object({ channel_name: z.string().max(100), socket_id: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const auth = request.auth!;
      const name = request.body.channel_name.replace(/^private-/, '');
      const allowed =
        name === `user.${auth.user.id}` ||
        auth.teams.some((t) => name === `team.${t.id}` && t.company_ids === null);
      if (!allowed) throw forbidden('You may not listen to this channel.');
      return { channel: name, auth: true };
    },
  );
}

/**
 * After a successful write that can move reminders, tells the team its unread count, and each member limited to
 * companies theirs on their own channel (never another franchisee's count, nor the team's). A hook of the writing
 * routes only (added as each is registered, so this runs before the modules' routes): reads never pass through it.
 */
export function registerUnreadBroadcast(app: FastifyInstance, deps: Deps) {
  const broadcast: onResponseHookHandler = (request, reply, done) => {
    if (reply.statusCode >= 400 || !request.auth?.team) return done();
    const teamId = request.auth.team.id;
    Promise.all([unreadCount(deps.db, teamScope(teamId)), limitedMembersUnread(deps.db, teamId)]).then(
      ([count, limited]) => {
        deps.realtime.publish(`team.${teamId}`, { type: 'notifications', data: { count } });
        for (const member of limited)
          deps.realtime.publish(`user.${member.userId}`, {
            type: 'notifications',
            data: { count: member.count },
          });
        done();
      },
      done,
    );
  };
  app.addHook('onRoute', (route) => {
    if (routeWrites(route) && REMINDER_WRITES.test(route.url))
      route.onResponse = withHook(route.onResponse, broadcast);
  });
}
