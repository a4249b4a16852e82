/**
 * Status and metrics: /api/platform/status, /api/platform/metrics, the incidents feeds
 * /api/platform/incidents.atom and .rss, /api/status (no authentication).
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas.js';
import { INCIDENT_FEED_PATHS, incidentAtom, incidentRss } from '../../areas/status/incident-feed.js';
import { PlatformMetrics, StatusCheck, StatusCheckCreate, StatusCheckQuery, StatusOverview } from '../../areas/status/schemas.js';
import { INCIDENT_FEED_ENTRIES, STATUS_CHECKS_KEPT, createStatusCheck, incidentFeedUpdates, listStatusChecks, platformMetrics, statusOverview } from '../../areas/status/service.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';
import { body } from './send.js';

/** Feed readers poll: a minute's cache keeps them cheap without hiding a new incident for long. */
function sendFeed(reply: FastifyReply, type: string, payload: string) {
  return reply.header('content-type', type).header('cache-control', 'public, max-age=60').send(payload);
}

export const statusRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/platform/status',
    {
      schema: {
        operationId: 'platformStatus',
        tags: ['status'],
        summary: 'Overall status, components (from self-probes) and incidents',
        description:
          'Component status, response_ms, uptime_30d and the 30-day history come from probes the service runs on itself (the partner API through its own request path, the database, the ingest write path, the webhook delivery backlog), recorded over time. ' +
          'An open incident raises the components it names to at least what its impact implies (minor: degraded; major, critical: outage), and the overall status is the worst of the components and of every open incident, named components or not. ' +
          `The incidents are also feeds: ${INCIDENT_FEED_PATHS.atom} (Atom) and ${INCIDENT_FEED_PATHS.rss} (RSS).`,
        response: { 200: StatusOverview },
      },
    },
    async () => statusOverview(deps),
  );

  const site = () => ({ baseUrl: deps.publicUrl.base, now: deps.clock.now() });
  const feedSummary = `one entry per update of an incident, the newest ${INCIDENT_FEED_ENTRIES}, each linking to it on the status page`;

  r.get(
    INCIDENT_FEED_PATHS.atom,
    {
      schema: {
        operationId: 'platformIncidentsAtom',
        tags: ['status'],
        summary: 'Incidents as an Atom feed (subscribe to the status page)',
        description: `Atom 1.0: ${feedSummary}. The same entries as ${INCIDENT_FEED_PATHS.rss}.`,
        response: { 200: body('application/atom+xml', 'Atom 1.0, newest first') },
      },
    },
    async (_request, reply) => sendFeed(reply, 'application/atom+xml; charset=utf-8', incidentAtom(site(), await incidentFeedUpdates(deps))),
  );

  r.get(
    INCIDENT_FEED_PATHS.rss,
    {
      schema: {
        operationId: 'platformIncidentsRss',
        tags: ['status'],
        summary: 'Incidents as an RSS feed (subscribe to the status page)',
        description: `RSS 2.0 with RFC 822 dates: ${feedSummary}. The same entries as ${INCIDENT_FEED_PATHS.atom}.`,
        response: { 200: body('application/rss+xml', 'RSS 2.0, newest first') },
      },
    },
    async (_request, reply) => sendFeed(reply, 'application/rss+xml; charset=utf-8', incidentRss(site(), await incidentFeedUpdates(deps))),
  );

  r.get(
    '/api/platform/metrics',
    {
      schema: {
        operationId: 'platformMetrics',
        tags: ['status'],
        summary: 'Public platform aggregates',
        response: { 200: PlatformMetrics },
      },
    },
    async () => platformMetrics(deps),
  );

  r.get(
    '/api/status',
    {
      schema: {
        operationId: 'listStatusChecks',
        tags: ['status'],
        summary: 'Recorded status checks, newest first',
        querystring: StatusCheckQuery,
        response: { 200: Type.Array(StatusCheck), ...errorResponses(422) },
      },
    },
    async (request) => listStatusChecks(deps, request.query.limit),
  );

  r.post(
    '/api/status',
    {
      schema: {
        operationId: 'createStatusCheck',
        tags: ['status'],
        summary: 'Record a status check from a client (connectivity test)',
        description: `Anonymous, so limited per client address like the other public writes (429 with Retry-After). Only the newest ${STATUS_CHECKS_KEPT} checks are kept.`,
        body: StatusCheckCreate,
        response: { 200: StatusCheck, ...errorResponses(413, 415, 422, 429) },
      },
      onRequest: publicWriteLimit(deps, 'status'),
    },
    async (request) => createStatusCheck(deps, request.body.client_name),
  );
};
