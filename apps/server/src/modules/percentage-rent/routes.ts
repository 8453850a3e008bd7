import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_BASE,
  dataOf,
  idParamSchema,
  percentageRentDueSchema,
  percentageRentSchema,
  percentageRentStatementQuerySchema,
  percentageRentTermsInputSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { rawListQuerySchema } from '../../platform/list';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import * as service from './service';
import { percentageRentPortfolio, percentageRentPortfolioCsv } from './portfolio';
import { statementCsv, statementPdf } from './statement';

export function registerPercentageRentRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const base = `${API_BASE}/leases/:id/percentage-rent`;
  const one = { 200: dataOf(percentageRentSchema) };
  app.get(base, { config, schema: { params: idParamSchema, response: one } }, async (request) => ({
    data: await service.percentageRentOf(deps, actorOf(request, deps), request.params.id),
  }));
  // Validated in the service, after the lease is found: another team's lease is a 404 whatever the body.
  const terms = serviceValidatedBody(percentageRentTermsInputSchema);
  app.put(
    base,
    {
      config,
      validatorCompiler: terms.validatorCompiler,
      schema: { params: idParamSchema, body: terms.body, response: one },
    },
    async (request) => ({
      data: await service.saveTerms(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  const query = percentageRentStatementQuerySchema.partial();
  app.get(
    `${base}/statement.csv`,
    { config, schema: { params: idParamSchema, querystring: query } },
    async (request, reply) => {
      const { stream, fileName } = await statementCsv(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.query.lease_year,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
  app.get(
    `${base}/statement.pdf`,
    { config, schema: { params: idParamSchema, querystring: query } },
    async (request, reply) => {
      const { body, fileName } = await statementPdf(
        deps,
        actorOf(request, deps),
        request.params.id,
        request.query.lease_year,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  );

  // The portfolio report sits beside the other sales reports, where the reporting page asks for it.
  const report = `${API_BASE}/sales/reports/percentage-rent`;
  app.get(
    report,
    {
      config,
      schema: {
        querystring: rawListQuerySchema,
        response: { 200: z.object({ data: z.array(percentageRentDueSchema) }) },
      },
    },
    async (request) => ({
      data: await percentageRentPortfolio(deps, actorOf(request, deps), request.query),
    }),
  );
  app.get(
    `${report}.csv`,
    { config, schema: { querystring: rawListQuerySchema } },
    async (request, reply) => {
      const { stream, fileName } = await percentageRentPortfolioCsv(
        deps,
        actorOf(request, deps),
        request.query,
      );
      // The name is made of the validated range, never of the raw query.
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
}
