/** The signed-in partner's usage-event dashboard and export: /api/partners/me/usage[/export]. */
import { sessionEnvironment } from '../../http/auth.js';
import { errorResponses, security } from '../../http/schemas.js';
import { sendCsv } from '../../areas/usage-events/csv.js';
import { CsvResponse, PartnerExportQuery, PartnerUsage, PartnerUsageQuery } from '../../areas/usage-events/schemas.js';
import { partnerUsage, usageExport } from '../../areas/usage-events/service.js';
import { typed, type Routes } from '../scope.js';

const csvContent = { 200: { description: 'CSV attachment (RFC 4180, header row)', content: { 'text/csv': { schema: CsvResponse } } } };

export const usageEventRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/partners/me/usage',
    {
      schema: {
        operationId: 'partnerUsageDashboard',
        tags: ['usage-events'],
        summary: 'Daily usage events of the signed-in partner',
        description: 'Per day: counts by event type, active users (distinct user_id), transaction count and volume; by category and totals for the window.',
        security: security.partnerSession,
        querystring: PartnerUsageQuery,
        response: { 200: PartnerUsage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => partnerUsage(deps, request.partner.id, request.query.days, sessionEnvironment(request.session, request.query.environment)),
  );

  r.get(
    '/api/partners/me/usage/export',
    {
      schema: {
        operationId: 'partnerUsageExport',
        tags: ['usage-events'],
        summary: 'Usage as CSV: one row per day (summary) or the raw events',
        security: security.partnerSession,
        querystring: PartnerExportQuery,
        response: { ...csvContent, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const { days, format } = request.query;
      const environment = sessionEnvironment(request.session, request.query.environment);
      const id = request.partner.id;
      const out = await usageExport(deps, { partnerId: id, environment, days, format }, `${id}|${environment}`, reply);
      return sendCsv(reply, out.name, out.columns, out.rows);
    },
  );
};
