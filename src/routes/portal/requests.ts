/** The signed-in partner's request log: GET /api/partners/me/requests and GET /api/partners/me/requests/{request_id}. */
import { errorResponses, security } from '../../http/schemas.js';
import { MyRequestLogQuery, MyRequestQuery, RequestIdParams, RequestLogEntry, RequestLogPage } from '../../areas/request-log/schemas.js';
import { getRequest, listRequests } from '../../areas/request-log/service.js';
import { typed, type Routes } from '../scope.js';
import { reader } from './environment.js';

export const myRequestLogRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/partners/me/requests',
    {
      schema: {
        operationId: 'myRequests',
        tags: ['requests'],
        summary: "The signed-in partner's partner-API requests in one environment, newest first (the session form of GET /api/v1/requests)",
        description: "A session opened with an API key reads its own environment only (403 for the other).",
        security: security.partnerSession,
        querystring: MyRequestLogQuery,
        response: { 200: RequestLogPage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => listRequests(deps, reader(request, request.query.environment), request.query),
  );

  r.get(
    '/api/partners/me/requests/:request_id',
    {
      schema: {
        operationId: 'myRequest',
        tags: ['requests'],
        summary: "One of the signed-in partner's requests by its X-Request-Id (the session form of GET /api/v1/requests/{request_id})",
        security: security.partnerSession,
        params: RequestIdParams,
        querystring: MyRequestQuery,
        response: { 200: RequestLogEntry, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => getRequest(deps, reader(request, request.query.environment), request.params.request_id),
  );
};
