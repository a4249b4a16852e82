/** Safe-to-spend: stateless calculate (key), and ingest with the cached results (key + ingest secret). */
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { errorResponses, security } from '../../http/schemas.js';
import { CachedCalcList, CachedCalcRow, CalculateResponse, EraseResponse, IngestCalculationBody, ListQuery, UserParams } from './schemas.js';
import { calculate, eraseEndUser, getCached, ingest, listCalculationsJson } from './service.js';

const keyAuth = security.key;
const keyAndSecret = security.keyAndSecret;

export const calculationRoutes: Area = async (app, opts) => {
  const { deps, guards } = opts;
  const r = typed(app);

  r.post(
    '/calculate/safe-to-spend',
    {
      schema: {
        operationId: 'calculateSafeToSpend',
        tags: ['safe-to-spend'],
        summary: 'Compute safe-to-spend without storing anything',
        description: 'Nothing is stored and no webhook fires. All arithmetic is done in integer cents.',
        security: keyAuth,
        body: IngestCalculationBody,
        response: { 200: CalculateResponse, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => {
      const caller = { partnerId: request.partner.id, environment: request.environment };
      deps.usage.recordEndUser(caller.partnerId, caller.environment, request.body.end_user_id, deps.clock.now());
      return calculate(deps, caller, request.body);
    },
  );

  // Operations that also need the partner's ingest secret.
  r.register(async (scope) => {
    scope.addHook('onRequest', guards.ingestSecret);
    const s = typed(scope);

    s.post(
      '/ingest',
      {
        schema: {
          operationId: 'ingestCalculation',
          tags: ['safe-to-spend'],
          summary: 'Compute, cache (latest wins) and fire calculation.updated',
          security: keyAndSecret,
          body: IngestCalculationBody,
          response: { 201: CalculateResponse, ...errorResponses(401, 403, 413, 422, 429) },
        },
      },
      async (request, reply) => {
        const caller = { partnerId: request.partner.id, environment: request.environment };
        const result = await ingest(deps, caller, request.body);
        deps.usage.recordEndUser(caller.partnerId, caller.environment, request.body.end_user_id, deps.clock.now());
        return reply.status(201).send(result);
      },
    );

    s.get(
      '/ingest/calculations',
      {
        schema: {
          operationId: 'listCachedCalculations',
          tags: ['safe-to-spend'],
          summary: 'Cached calculations, newest first (keyset pagination)',
          security: keyAndSecret,
          querystring: ListQuery,
          response: { 200: CachedCalcList, ...errorResponses(401, 403, 422, 429) },
        },
      },
      async (request, reply) => {
        const json = await listCalculationsJson(deps, { partnerId: request.partner.id, environment: request.environment }, request.query.limit, request.query.cursor);
        // Already serialized (see listCalculationsJson): Fastify sends a JSON string as it is.
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );

    s.get(
      '/ingest/calculation/:user_id',
      {
        schema: {
          operationId: 'getCachedCalculation',
          tags: ['safe-to-spend'],
          summary: "One end-user's cached calculation",
          security: keyAndSecret,
          params: UserParams,
          response: { 200: CachedCalcRow, ...errorResponses(401, 403, 404, 422, 429) },
        },
      },
      async (request) => getCached(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.user_id),
    );

    s.delete(
      '/ingest/user/:user_id',
      {
        schema: {
          operationId: 'eraseEndUser',
          tags: ['safe-to-spend'],
          summary: 'Erase every stored trace of one end-user (GDPR)',
          description: 'Removes the cached calculation, pending events and every other row about this end-user in this environment. 404 when nothing was stored.',
          security: keyAndSecret,
          params: UserParams,
          response: { 200: EraseResponse, ...errorResponses(401, 403, 404, 422, 429) },
        },
      },
      async (request) => eraseEndUser(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.user_id),
    );
  });
};
