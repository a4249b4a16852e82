/**
 * Platform usage-event ingest, partner and admin usage dashboards, exports, seed-demo (issue 6).
 *   ingestRoutes under /api:
 *     /ingest/*                         platform ingest secret (own scope)
 *     /partners/me/usage*               partner session
 *     /admin/usage*, /admin/partners/:partner_id/{usage,seed-demo}   admin session
 */
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { sessionEnvironment } from '../../http/auth.js';
import { errorResponses, security } from '../../http/schemas.js';
import { iso } from '../../lib/time.js';
import { sendCsv } from './csv.js';
import {
  AdminExportQuery,
  AdminUsage,
  CsvResponse,
  IngestBatch,
  IngestEvent,
  IngestResponse,
  PartnerExportQuery,
  PartnerParams,
  PartnerUsage,
  PingResponse,
  SeedQuery,
  SeedResponse,
  PartnerUsageQuery,
  UsageQuery,
} from './schemas.js';
import {
  EVENT_COLUMNS,
  PARTNER_COLUMNS,
  SUMMARY_COLUMNS,
  adminPartnerUsage,
  adminUsage,
  allPartnerIds,
  eventRows,
  ingestEvents,
  partnerExportRows,
  partnerUsage,
  requirePartner,
  seedDemo,
  summaryRows,
  windowOf,
} from './service.js';

const csvContent = { 200: { description: 'CSV attachment (RFC 4180, header row)', content: { 'text/csv': { schema: CsvResponse } } } };

export const ingestRoutes: Area = async (app, { deps, guards }) => {
  // ------------------------------------------------------------ platform ingest (platform secret)
  await app.register(async (scope) => {
    scope.addHook('onRequest', guards.platformSecret);
    const r = typed(scope);
    const errs = errorResponses(400, 401, 413, 422, 503);

    r.post(
      '/ingest/event',
      {
        schema: {
          operationId: 'ingestUsageEvent',
          tags: ['ingest'],
          summary: 'Record one usage event (server to server)',
          description:
            'Unknown partner_id: 400 with `missing`, nothing stored. An optional `id` makes the call idempotent: the same id from the same partner within 32 days is stored once (`duplicates` says so).',
          security: security.platformSecret,
          body: IngestEvent,
          response: { 200: IngestResponse, ...errs },
        },
      },
      async (request) => ingestEvents(deps, [request.body], ['body'], () => []),
    );

    r.post(
      '/ingest/events/batch',
      {
        schema: {
          operationId: 'ingestUsageEventsBatch',
          tags: ['ingest'],
          summary: 'Record 1 to 500 usage events, all or nothing',
          description:
            'One transaction: either every event is stored (less duplicates) or none is. Any unknown partner_id: 400 with every missing id in `missing`. A field out of bounds: 422 with `loc` naming the item, e.g. ["body","events",17,"amount_cents"].',
          security: security.platformSecret,
          body: IngestBatch,
          response: { 200: IngestResponse, ...errs },
        },
      },
      async (request) => ingestEvents(deps, request.body.events, ['body'], (i) => ['events', i]),
    );

    r.get(
      '/ingest/ping',
      {
        schema: {
          operationId: 'ingestPing',
          tags: ['ingest'],
          summary: 'Connectivity and secret check',
          security: security.platformSecret,
          response: { 200: PingResponse, ...errorResponses(401, 503) },
        },
      },
      async () => ({ ok: true, service: 'ingest', time: iso(deps.clock.now()) }),
    );
  });

  // ------------------------------------------------------------ partner portal (partner session)
  await app.register(async (scope) => {
    scope.addHook('onRequest', guards.partnerSession);
    const r = typed(scope);

    r.get(
      '/partners/me/usage',
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
      '/partners/me/usage/export',
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
        const w = windowOf(deps.clock.now(), days);
        const id = request.partner.id;
        const name = `usage-${format}-${id}-${w.startDay}-${w.endDay}`;
        deps.exports.hold(reply, `${id}|${environment}`);
        if (format === 'events') return sendCsv(reply, name, EVENT_COLUMNS, eventRows(deps, [id], environment, w));
        return sendCsv(reply, name, SUMMARY_COLUMNS, await summaryRows(deps, { partnerId: id }, environment, w));
      },
    );
  });

  // ------------------------------------------------------------ admin console (admin session)
  await app.register(async (scope) => {
    scope.addHook('onRequest', guards.adminSession);
    const r = typed(scope);

    r.get(
      '/admin/usage',
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
      '/admin/partners/:partner_id/usage',
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
      '/admin/usage/export',
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
        const w = windowOf(deps.clock.now(), days);
        const name = `usage-${format}-${partner_id ?? 'all'}-${w.startDay}-${w.endDay}`;
        deps.exports.hold(reply, `admin|${request.session.subjectId}`);
        if (format === 'events') {
          const ids = partner_id !== undefined ? [partner_id] : await allPartnerIds(deps);
          return sendCsv(reply, name, EVENT_COLUMNS, eventRows(deps, ids, environment, w));
        }
        if (format === 'summary') {
          return sendCsv(reply, name, SUMMARY_COLUMNS, await summaryRows(deps, { partnerId: partner_id ?? null }, environment, w));
        }
        const rows = await partnerExportRows(deps, environment, w);
        return sendCsv(reply, name, PARTNER_COLUMNS, partner_id !== undefined ? rows.filter((x) => x.partner_id === partner_id) : rows);
      },
    );

    r.post(
      '/admin/partners/:partner_id/seed-demo',
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
  });
};
