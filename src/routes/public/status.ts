/** Status and metrics: /api/platform/status, /api/platform/metrics, /api/status (no authentication). */
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas.js';
import { PlatformMetrics, StatusCheck, StatusCheckCreate, StatusCheckQuery, StatusOverview } from '../../areas/public/schemas.js';
import { STATUS_CHECKS_KEPT, createStatusCheck, listStatusChecks, platformMetrics, statusOverview } from '../../areas/public/status.js';
import { publicWriteLimit } from '../../areas/usage/rate-limit.js';
import { typed, type Routes } from '../scope.js';

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
          'An open incident raises the components it names to at least what its impact implies (minor: degraded; major, critical: outage), and the overall status is the worst of the components and of every open incident, named components or not.',
        response: { 200: StatusOverview },
      },
    },
    async () => statusOverview(deps),
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
