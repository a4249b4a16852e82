/**
 * The request metrics (deps.metrics, src/lib/metrics.ts): requests in flight, and each answer's
 * duration by method, route pattern and status class. Callback-style hooks, nothing allocated per
 * request: the histogram child of a (method, route, class) is made once.
 *
 * A request is in flight from its first hook to its answer, or to the client going away before the
 * answer (onRequestAbort: Fastify then never runs onResponse), whichever comes first; a flag on the
 * request keeps the two from both counting it out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Counted in the requests in flight and not counted out yet. */
    metricsInFlight: boolean;
  }
}

/** Installs the hooks: call before any route is added, and before any hook that may answer early. */
export function installRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorateRequest('metricsInFlight', false);
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    request.metricsInFlight = true;
    metrics.requestStarted();
    done();
  });
  app.addHook('onRequestAbort', (request: FastifyRequest, done: () => void) => {
    if (request.metricsInFlight) {
      request.metricsInFlight = false;
      metrics.requestEnded();
    }
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.metricsInFlight) {
      request.metricsInFlight = false;
      metrics.requestEnded();
    }
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
