import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementTerritorySchema,
  agreementTransfersSchema,
  API_BASE,
  dataOf,
  idParamSchema,
  ownershipPeriodSchema,
  territoryInputSchema,
  TRANSFER_ACTIONS,
  transferActionInputSchema,
  transferInputSchema,
  transferParamsSchema,
  transferSchema,
} from '@storekeep/contracts';
import type { Deps } from '../../platform/deps';
import { serviceValidatedBody } from '../../platform/service-body';
import { actorOf } from '../auth/index';
import { ownershipOf } from './ownership';
import { removeTerritory, saveTerritory, territoryOf } from './territories';
import { decideTransfer, requestTransfer, transfersOf } from './transfers';

/**
 * Transfers and territories under their agreement, a store's ownership history under the store. None is
 * `companyScope`: franchisee-limited members are refused (they see neither the agreements of other
 * franchisees nor the brand's territory map).
 */
export function registerFranchiseNetworkRoutes(root: FastifyInstance, deps: Deps) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { guard: 'team' } as const;
  const agreement = `${API_BASE}/agreements/:id`;

  // Bodies are validated in the services, after the agreement is found: another team's agreement is a 404 first.
  const transferBody = serviceValidatedBody(transferInputSchema);
  const actionBody = serviceValidatedBody(transferActionInputSchema);
  const territoryBody = serviceValidatedBody(territoryInputSchema);

  app.get(
    `${agreement}/transfers`,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(agreementTransfersSchema) } } },
    async (request) => ({ data: await transfersOf(deps, actorOf(request, deps), request.params.id) }),
  );
  app.post(
    `${agreement}/transfers`,
    {
      config,
      validatorCompiler: transferBody.validatorCompiler,
      schema: { params: idParamSchema, body: transferBody.body, response: { 201: dataOf(transferSchema) } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await requestTransfer(deps, actorOf(request, deps), request.params.id, request.body) }),
  );
  for (const action of TRANSFER_ACTIONS)
    app.post(
      `${agreement}/transfers/:transferId/${action}`,
      {
        config,
        validatorCompiler: actionBody.validatorCompiler,
        schema: {
          params: transferParamsSchema,
          body: actionBody.body,
          response: { 200: dataOf(transferSchema) },
        },
      },
      async (request) => ({
        data: await decideTransfer(
          deps,
          actorOf(request, deps),
          request.params.id,
          request.params.transferId,
          action,
          request.body,
        ),
      }),
    );

  const territory = { 200: dataOf(agreementTerritorySchema) };
  app.get(
    `${agreement}/territory`,
    { config, schema: { params: idParamSchema, response: territory } },
    async (request) => ({ data: await territoryOf(deps, actorOf(request, deps), request.params.id) }),
  );
  app.put(
    `${agreement}/territory`,
    {
      config,
      validatorCompiler: territoryBody.validatorCompiler,
      schema: { params: idParamSchema, body: territoryBody.body, response: territory },
    },
    async (request) => ({
      data: await saveTerritory(deps, actorOf(request, deps), request.params.id, request.body),
    }),
  );
  app.delete(
    `${agreement}/territory`,
    { config, schema: { params: idParamSchema } },
    async (request, reply) => {
      await removeTerritory(deps, actorOf(request, deps), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${API_BASE}/stores/:id/ownership`,
    { config, schema: { params: idParamSchema, response: { 200: dataOf(z.array(ownershipPeriodSchema)) } } },
    async (request) => ({ data: await ownershipOf(deps, actorOf(request, deps), request.params.id) }),
  );
}
