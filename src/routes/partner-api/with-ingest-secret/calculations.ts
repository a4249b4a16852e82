/**
 * Safe-to-spend with the cached results (key + ingest secret; also under /v1): POST /api/v1/ingest,
 * GET /api/v1/ingest/calculations, GET /api/v1/ingest/calculation/{user_id}, DELETE /api/v1/ingest/user/{user_id}.
 */
import { errorResponses, security } from '../../../http/schemas.js';
import { CachedCalcList, CachedCalcRow, CalculateResponse, EraseResponse, IngestCalculationBody, ListQuery, UserParams } from '../../../areas/calculations/schemas.js';
import { eraseEndUser, getCached, ingest, listCalculationsJson } from '../../../areas/calculations/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';

const keyAndSecret = security.keyAndSecret;

export const calculationRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);

  r.post(
    v1('/api/v1/ingest'),
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

  r.get(
    v1('/api/v1/ingest/calculations'),
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

  r.get(
    v1('/api/v1/ingest/calculation/:user_id'),
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

  r.delete(
    v1('/api/v1/ingest/user/:user_id'),
    {
      schema: {
        operationId: 'eraseEndUser',
        tags: ['safe-to-spend'],
        summary: 'Erase every stored trace of one end-user (GDPR)',
        description:
          'Removes the cached calculation, pending events and every other row about this end-user in this environment, and names a count still waiting in the usage meter. The erasure is recorded whatever the answer: nothing sent before it is stored under this id afterwards. 404 when nothing was stored.',
        security: keyAndSecret,
        params: UserParams,
        response: { 200: EraseResponse, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => eraseEndUser(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.user_id),
  );
};
