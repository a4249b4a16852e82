/**
 * GET /metrics: every metric of the process in Prometheus' text format (src/lib/metrics.ts; the
 * names and what to alert on: docs/operations.md). Hidden from the OpenAPI document: it is for the
 * operator's scraper, not for partners.
 */
import type { Routes } from '../scope.js';

export const metricsRoutes: Routes = async (app, { deps }) => {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const body = await deps.metrics.render();
    return reply.type(deps.metrics.contentType).send(body);
  });
};
