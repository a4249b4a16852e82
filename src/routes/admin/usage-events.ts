/**
 * Usage-event dashboards, export and demo seeding of the whole platform: /api/admin/usage[/export],
 * /api/admin/partners/{partner_id}/usage, /api/admin/partners/{partner_id}/seed-demo.
 */
import { errorResponses, security } from '../../http/schemas.js';
import { sendCsv } from '../../areas/usage-events/csv.js';
import { AdminExportQuery, AdminUsage, CsvResponse, PartnerParams, PartnerUsage, SeedQuery, SeedResponse, UsageQuery } from '../../areas/usage-events/schemas.js';
import { adminPartnerUsage, adminUsage, requirePartner, seedDemo, usageExport } from '../../areas/usage-events/service.js';
import { typed, type Routes } from '../scope.js';

const csvContent = { 200: { description: 'CSV attachment (RFC 4180, header row)', content: { 'text/csv': { schema: CsvResponse } } } };

export const usageEventRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/admin/usage',
    {
      schema: {
        operationId: 'adminUsageDashboard',
        tags: ['admin'],
        summary: 'Usage events of the whole platform, per day and per partner',
        security: security.adminSession,
        querystring: UsageQuery,
        response: { 200: AdminUsage, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => adminUsage(deps, request.query.days, request.query.environment),
  );

  r.get(
    '/api/admin/partners/:partner_id/usage',
    {
      schema: {
        operationId: 'adminPartnerUsage',
        tags: ['admin'],
        summary: "One partner's usage dashboard",
        security: security.adminSession,
        params: PartnerParams,
        querystring: UsageQuery,
        response: { 200: PartnerUsage, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => adminPartnerUsage(deps, request.params.partner_id, request.query.days, request.query.environment),
  );

  r.get(
    '/api/admin/usage/export',
    {
      schema: {
        operationId: 'adminUsageExport',
        tags: ['admin'],
        summary: 'Usage as CSV: per partner, per day, or the raw events (optionally one partner)',
        security: security.adminSession,
        querystring: AdminExportQuery,
        response: { ...csvContent, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { days, format, environment, partner_id } = request.query;
      if (partner_id !== undefined) await requirePartner(deps, partner_id);
      const out = await usageExport(deps, { partnerId: partner_id ?? null, environment, days, format }, `admin|${request.session.subjectId}`, reply);
      return sendCsv(reply, out.name, out.columns, out.rows);
    },
  );

  r.post(
    '/api/admin/partners/:partner_id/seed-demo',
    {
      schema: {
        operationId: 'adminSeedDemoUsage',
        tags: ['admin'],
        summary: 'Seed deterministic demo usage events for a partner',
        description:
          'Events are a pure function of (partner, day) with deterministic ids: calling twice stores nothing the second time. Events are `live`; today only up to now.',
        security: security.adminSession,
        params: PartnerParams,
        querystring: SeedQuery,
        response: { 200: SeedResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => seedDemo(deps, request.params.partner_id, request.query.days, request.session.subjectId),
  );
};
