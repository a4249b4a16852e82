/**
 * The signed-in partner's cached calculations, the session form of GET /api/v1/ingest/calculations
 * (key + ingest secret, which a browser must never hold): GET /api/partners/me/calculations.
 */
import { Type } from 'typebox';
import { errorResponses, security } from '../../http/schemas.js';
import { CachedCalcList, ListQuery } from '../../areas/calculations/schemas.js';
import { listCalculationsJson } from '../../areas/calculations/service.js';
import { typed, type Routes } from '../scope.js';
import { EnvironmentParam, reader } from './environment.js';

const MyListQuery = Type.Object({ ...ListQuery.properties, environment: EnvironmentParam });

export const myCalculationRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/partners/me/calculations',
    {
      schema: {
        operationId: 'listMyCachedCalculations',
        tags: ['portal'],
        summary: 'Cached calculations of one environment, newest first (keyset pagination)',
        description: 'The session form of GET /api/v1/ingest/calculations, in the environment the `environment` query parameter names; next page via `next_cursor`.',
        security: security.partnerSession,
        querystring: MyListQuery,
        response: { 200: CachedCalcList, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const json = await listCalculationsJson(deps, reader(request, request.query.environment), request.query.limit, request.query.cursor);
      // Already serialized (see listCalculationsJson): Fastify sends a JSON string as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};
