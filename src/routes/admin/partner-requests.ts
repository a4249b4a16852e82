/** A partner's request log in the console: GET /api/admin/partners/{partner_id}/requests(/{request_id}). */
import { errorResponses, security } from '../../http/schemas.js';
import { AdminRequestIdParams, AdminRequestLogQuery, AdminRequestQuery, RequestLogEntry, RequestLogPage } from '../../areas/request-log/schemas.js';
import { partnerRequest, partnerRequests } from '../../areas/request-log/service.js';
import { PartnerIdPath } from '../../areas/accounts/schemas.js';
import { typed, type Routes } from '../scope.js';

export const partnerRequestLogRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/admin/partners/:partner_id/requests',
    {
      schema: {
        operationId: 'adminPartnerRequests',
        tags: ['admin'],
        summary: "A partner's partner-API requests in one environment, newest first",
        security: security.adminSession,
        params: PartnerIdPath,
        querystring: AdminRequestLogQuery,
        response: { 200: RequestLogPage, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => partnerRequests(deps, request.params.partner_id, request.query.environment, request.query),
  );

  r.get(
    '/api/admin/partners/:partner_id/requests/:request_id',
    {
      schema: {
        operationId: 'adminPartnerRequest',
        tags: ['admin'],
        summary: "One of a partner's requests by its X-Request-Id",
        security: security.adminSession,
        params: AdminRequestIdParams,
        querystring: AdminRequestQuery,
        response: { 200: RequestLogEntry, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => partnerRequest(deps, request.params.partner_id, request.query.environment, request.params.request_id),
  );
};
