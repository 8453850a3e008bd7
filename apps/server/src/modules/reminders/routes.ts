import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE,
  muteSchema,
  commentInputSchema,
  commentSchema,
  dataOf,
  idParamSchema,
  paginated,
  reminderBulkSchema,
  reminderCountsSchema,
  reminderInputSchema,
  reminderSchema,
  reminderUpdateSchema,
  calendarFeedSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { actorOf } from '../auth/index';
import * as reminders from './service';
import { listMutes, muteSubject, unmuteSubject } from './mutes';
import { calendarFeed, calendarFeedStatus, revokeCalendarFeed, rotateCalendarFeed } from './calendar';
import { z } from 'zod';

export function registerReminderRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  // What a franchisee's member may call: the reminders of their own records (scope.ts), read, completed,
  // reopened and snoozed, and their own calendar feed (it lists those reminders). Creating, editing, bulk
  // changes, comments and mutes stay refused.
  const scoped = { guard: 'team', companyScope: true } as const;
  const base = `${API_BASE}/reminders`;
  const one = { 200: dataOf(reminderSchema) };

  app.get(
    base,
    {
      config: scoped,
      schema: { querystring: rawListQuerySchema, response: { 200: paginated(reminderSchema) } },
    },
    async (request) => reminders.listReminders(deps, actorOf(request, deps), request.query),
  );
  app.post(
    base,
    { config, schema: { body: reminderInputSchema, response: { 201: dataOf(reminderSchema) } } },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await reminders.createReminder(deps, actorOf(request, deps), request.body) }),
  );
  app.post(
    `${base}/bulk`,
    {
      config,
      schema: {
        body: reminderBulkSchema,
        response: { 200: dataOf(z.object({ updated: z.number().int() })) },
      },
    },
    async (request) => ({
      data: await reminders.bulkUpdateReminders(deps, actorOf(request, deps), request.body),
    }),
  );
  app.get(
    `${base}/counts`,
    { config: scoped, schema: { response: { 200: dataOf(reminderCountsSchema) } } },
    async (request) => ({ data: await reminders.reminderCounts(deps, actorOf(request, deps)) }),
  );
  app.get(
    `${base}/:id`,
    { config: scoped, schema: { params: idParamSchema, response: one } },
    async (request) => ({
      data: await reminders.getReminder(deps, actorOf(request, deps), request.params.id),
    }),
  );
  app.patch(
    `${base}/:id`,
    { config: scoped, schema: { params: idParamSchema, body: reminderUpdateSchema, response: one } },
    async (request) => ({
      data: await reminders.updateReminder(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  app.delete(`${base}/:id`, { config, schema: { params: idParamSchema } }, async (request, reply) => {
    await reminders.deleteReminder(deps, actorOf(request, deps), request.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${base}/:id/comments`,
    {
      config,
      schema: {
        params: idParamSchema,
        querystring: rawListQuerySchema,
        response: { 200: paginated(commentSchema) },
      },
    },
    async (request) => reminders.listComments(deps, actorOf(request, deps), request.params.id, request.query),
  );
  app.post(
    `${base}/:id/comments`,
    {
      config,
      schema: { params: idParamSchema, body: commentInputSchema, response: { 201: dataOf(commentSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await reminders.addComment(deps, actorOf(request, deps), request.params.id, request.body.body),
      }),
  );
  app.get(
    `${API_BASE}/calendar-feed`,
    { config: scoped, schema: { response: { 200: dataOf(calendarFeedSchema) } } },
    async (request) => ({
      data: await calendarFeedStatus(deps, actorOf(request, deps)),
    }),
  );
  app.post(
    `${API_BASE}/calendar-feed`,
    { config: scoped, schema: { response: { 201: dataOf(calendarFeedSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await rotateCalendarFeed(deps, actorOf(request, deps)) }),
  );
  app.delete(`${API_BASE}/calendar-feed`, { config: scoped }, async (request, reply) => {
    await revokeCalendarFeed(deps, actorOf(request, deps));
    return reply.status(204).send();
  });
  // Public by design: calendar apps cannot log in; the secret token in the link is the permission.
  app.get(
    '/app/calendar/:file',
    {
      config: { guard: 'public' },
      schema: { params: z.object({ file: z.string().regex(/^[\w-]{10,64}\.ics$/) }) },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await calendarFeed(deps, request.params.file.slice(0, -4))),
  );
  // Personal mutes: the user hears nothing more (e-mail, later push) about that record or reminder.
  app.get(
    `${API_BASE}/mutes`,
    { config, schema: { response: { 200: dataOf(z.array(muteSchema)) } } },
    async (request) => ({ data: await listMutes(deps, actorOf(request, deps)) }),
  );
  app.post(
    `${API_BASE}/mutes`,
    { config, schema: { body: muteSchema, response: { 201: dataOf(muteSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await muteSubject(deps, actorOf(request, deps), request.body) }),
  );
  app.delete(
    `${API_BASE}/mutes/:subject_type/:subject_id`,
    { config, schema: { params: muteSchema } },
    async (request, reply) => {
      await unmuteSubject(deps, actorOf(request, deps), request.params);
      return reply.status(204).send();
    },
  );
  app.delete(
    `${API_BASE}/reminder-comments/:id`,
    { config, schema: { params: idParamSchema } },
    async (request, reply) => {
      await reminders.deleteComment(deps, actorOf(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );
}
