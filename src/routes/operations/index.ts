/**
 * Operators' endpoints outside the API: GET /metrics (Prometheus). Open to this machine's loopback,
 * elsewhere only with METRICS_TOKEN (guards.metricsAccess); not in the OpenAPI document, not rate
 * limited, not metered.
 */
import type { Routes } from '../scope.js';
import { metricsRoutes } from './metrics.js';

export const operationsScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.metricsAccess);
  await app.register(metricsRoutes, opts);
};
