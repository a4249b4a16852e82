/** The key's request log: GET /api/v1/requests and GET /api/v1/requests/{request_id} (also under /v1). */
import { errorResponses, security } from '../../http/schemas.js';
import { RequestIdParams, RequestLogEntry, RequestLogPage, RequestLogQuery } from '../../areas/request-log/schemas.js';
import { getRequest, listRequests } from '../../areas/request-log/service.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

export const requestLogRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  const reader = (request: { partner: { id: string }; environment: 'test' | 'live' }) => ({ partnerId: request.partner.id, environment: request.environment });

  r.get(
    v1('/api/v1/requests'),
    {
      schema: {
        operationId: 'listRequests',
        tags: ['requests'],
        summary: "The key's environment's recent partner-API requests, newest first: find a failed call by its X-Request-Id, status or path",
        description:
          'Every partner-API request of the account in this environment (with any of its keys, and the portal’s session forms of these ' +
          'operations): method, route, masked path, status, error code and detail, duration, key slot, client address and user agent; no bodies. ' +
          'Rows appear within about a second of the answer and are kept REQUEST_LOG_RETENTION_DAYS days (30 by default). Filters combine; ' +
          '`next_cursor` pages to older rows.',
        security: security.key,
        querystring: RequestLogQuery,
        response: { 200: RequestLogPage, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => listRequests(deps, reader(request), request.query),
  );

  r.get(
    v1('/api/v1/requests/:request_id'),
    {
      schema: {
        operationId: 'getRequest',
        tags: ['requests'],
        summary: "One request of the key's environment by its X-Request-Id",
        description: "404 when no request of this account's environment answered with that id (or it is past retention).",
        security: security.key,
        params: RequestIdParams,
        response: { 200: RequestLogEntry, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => getRequest(deps, reader(request), request.params.request_id),
  );
};
