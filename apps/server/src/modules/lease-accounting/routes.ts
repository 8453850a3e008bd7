import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  leaseAccountingInputSchema,
  leaseAccountingCloseInputSchema,
  leaseAccountingCloseSchema,
  leaseAccountingSchema,
  leaseAccountingSettingsInputSchema,
  leaseAccountingSettingsSchema,
  leaseDisclosuresSchema,
  leaseScheduleSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { serviceValidatedBody } from '../../platform/service-body';
import { exportFormat, sendTabular } from '../../platform/tabular';
import { actorOf } from '../auth/index';
import * as disclosures from './disclosures';
import * as closes from './closes';
import * as journal from './journal';
import * as schedules from './schedule';
import * as accounting from './service';

export function registerLeaseAccountingRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/leases/:id/accounting`;

  app.get(
    base,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(leaseAccountingSchema) } } },
    async (request) => ({
      data: await accounting.accountingOf(deps, actorOf(request, deps), request.params.id),
    }),
  );
  // The body is checked in the service once the lease is found and the role allows it (a stranger's bad body
  // is a 404, an observer's a 403).
  const profileBody = serviceValidatedBody(leaseAccountingInputSchema);
  app.put(
    base,
    {
      config,
      validatorCompiler: profileBody.validatorCompiler,
      schema: {
        params: idParamSchema,
        body: profileBody.body,
        response: { 200: dataOf(leaseAccountingSchema) },
      },
    },
    async (request) => ({
      data: await accounting.saveAccounting(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  app.get(
    `${base}/schedule`,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(leaseScheduleSchema) } } },
    async (request) => ({
      data: await schedules.scheduleOf(deps, actorOf(request, deps), request.params.id),
    }),
  );
  // The schedule as CSV or XLSX (`?format=`), one row per month.
  app.get(
    `${base}/schedule/export`,
    { config, schema: { params: idParamSchema, querystring: z.object({ format: z.string().optional() }) } },
    async (request, reply) => {
      const { format } = exportFormat(request.query.format ? { format: request.query.format } : {});
      return sendTabular(
        reply,
        await schedules.scheduleFile(deps, actorOf(request, deps), request.params.id, format),
      );
    },
  );

  // Journal entries in the team's GL accounts with the store and brand segment: the lease's whole term, or
  // every lease's entries of one month (`?period=YYYY-MM`), as CSV or XLSX.
  app.get(
    `${base}/journal/export`,
    { config, schema: { params: idParamSchema, querystring: z.object({ format: z.string().optional() }) } },
    async (request, reply) => {
      const { format } = exportFormat(request.query.format ? { format: request.query.format } : {});
      return sendTabular(
        reply,
        await journal.leaseJournalFile(deps, actorOf(request, deps), request.params.id, format),
      );
    },
  );
  app.get(
    `${API_BASE}/lease-accounting/journal/export`,
    {
      config,
      schema: { querystring: z.object({ period: z.string().default(''), format: z.string().optional() }) },
    },
    async (request, reply) => {
      const { format } = exportFormat(request.query.format ? { format: request.query.format } : {});
      return sendTabular(
        reply,
        await journal.periodJournalFile(deps, actorOf(request, deps).teamId, request.query.period, format),
      );
    },
  );

  // Portfolio disclosures at the end of a month: maturity analysis, weighted averages, the month's cost by type.
  app.get(
    `${API_BASE}/lease-accounting/disclosures`,
    {
      config,
      schema: {
        querystring: z.object({ as_of: z.string().default('') }),
        response: { 200: dataOf(leaseDisclosuresSchema) },
      },
    },
    async (request) => ({
      data: await disclosures.disclosuresOf(deps, actorOf(request, deps), request.query.as_of),
    }),
  );
  // The period close: months closed in order by an admin; their schedule rows never change afterwards.
  app.get(
    `${API_BASE}/lease-accounting/closes`,
    { config, schema: { response: { 200: dataOf(z.array(leaseAccountingCloseSchema)) } } },
    async (request) => ({ data: await closes.closesOf(deps, actorOf(request, deps)) }),
  );
  const closeBody = serviceValidatedBody(leaseAccountingCloseInputSchema);
  app.post(
    `${API_BASE}/lease-accounting/closes`,
    {
      config,
      validatorCompiler: closeBody.validatorCompiler,
      schema: { body: closeBody.body, response: { 201: dataOf(z.array(leaseAccountingCloseSchema)) } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await closes.closeMonth(deps, actorOf(request, deps), request.body) }),
  );
  app.get(
    `${API_BASE}/lease-accounting/settings`,
    { config, schema: { response: { 200: dataOf(leaseAccountingSettingsSchema) } } },
    async (request) => ({ data: await accounting.settingsOf(deps, actorOf(request, deps)) }),
  );
  const settingsBody = serviceValidatedBody(leaseAccountingSettingsInputSchema);
  app.put(
    `${API_BASE}/lease-accounting/settings`,
    {
      config,
      validatorCompiler: settingsBody.validatorCompiler,
      schema: { body: settingsBody.body, response: { 200: dataOf(leaseAccountingSettingsSchema) } },
    },
    async (request) => ({
      data: await accounting.saveSettings(deps, actorOf(request, deps), request.body),
    }),
  );
}
