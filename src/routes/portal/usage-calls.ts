/** The signed-in partner's partner-API calls: GET /api/partners/me/usage/calls (this month's figures and a daily series). */
import { sessionEnvironment } from '../../http/auth.js';
import { errorResponses, security } from '../../http/schemas.js';
import { PartnerCalls, PartnerCallsQuery } from '../../areas/metering/schemas.js';
import { callHistory } from '../../areas/metering/service.js';
import { typed, type Routes } from '../scope.js';

export const usageCallRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/partners/me/usage/calls',
    {
      schema: {
        operationId: 'partnerCallHistory',
        tags: ['usage'],
        summary: "The signed-in partner's partner-API calls in one environment: this month's figures and calls per day",
        description:
          "This month's calls, unique end-users and estimated bill as GET /api/v1/usage counts them (without counting a call), " +
          'and the calls of each of the last `days` UTC days. A session opened with an API key reads its own environment only (403 for the other).',
        security: security.partnerSession,
        querystring: PartnerCallsQuery,
        response: { 200: PartnerCalls, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      callHistory(deps, { partnerId: request.partner.id, environment: sessionEnvironment(request.session, request.query.environment) }, request.query.days),
  );
};
