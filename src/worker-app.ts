/**
 * The standalone worker's only HTTP surface (WORKER_METRICS_PORT): GET /metrics with the process's
 * registry, under the server's access rule (open to this machine's loopback, elsewhere only with
 * METRICS_TOKEN, the ordinary 404 otherwise). Every other path is that 404 too.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Deps } from './context.js';
import { makeGuards } from './http/auth.js';
import { guardConnections } from './http/connections.js';
import { errorHandlerWith, notFoundHandler } from './http/errors.js';
import { installRequestMetrics } from './http/metrics.js';
import { operationsScope } from './routes/operations/index.js';

export async function buildWorkerMetricsApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: deps.config.connectionIdleTimeoutMs,
    return503OnClosing: false,
  });
  guardConnections(app.server, deps.config, deps.log);
  app.setErrorHandler(errorHandlerWith(deps.metrics));
  app.setNotFoundHandler(notFoundHandler);
  // Its own scrapes show in the request histogram (route="/metrics"), as the server's do.
  installRequestMetrics(app, deps.metrics);
  await app.register(operationsScope, { deps, guards: makeGuards(deps) });
  return app;
}
