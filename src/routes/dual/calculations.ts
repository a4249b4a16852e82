/**
 * The cached calculations list, declared once in two forms (dual-form.ts): the key's, with the ingest secret
 * (GET /api/v1/ingest/calculations; also under /v1), and the portal's session form (GET /api/partners/me/calculations,
 * in the environment the query names: a browser never holds the ingest secret).
 */
import { CachedCalcList, ListQuery } from '../../areas/calculations/schemas.js';
import { listCalculationsJson } from '../../areas/calculations/service.js';
import { operation } from '../dual-form.js';

export const calculationOperations = [
  operation({
    method: 'GET',
    key: '/api/v1/ingest/calculations',
    portal: '/api/partners/me/calculations',
    write: false,
    summary: 'Cached calculations of one environment, newest first (keyset pagination)',
    keyDoc: { operationId: 'listCachedCalculations', summary: 'Cached calculations, newest first (keyset pagination)' },
    portalDoc: {
      operationId: 'listMyCachedCalculations',
      whole: 'The session form of GET /api/v1/ingest/calculations, in the environment the `environment` query parameter names; next page via `next_cursor`.',
    },
    query: ListQuery,
    errors: [401, 403, 422],
    response: { 200: CachedCalcList },
    handler: async ({ deps, caller, query, reply }) => {
      const json = await listCalculationsJson(deps, caller, query.limit, query.cursor);
      // Already serialized (see listCalculationsJson): Fastify sends a JSON string as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  }),
];
