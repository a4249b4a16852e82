/**
 * buildApp(deps): the whole HTTP application as a Fastify instance. It never
 * listens; server.ts does, and tests use app.inject.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import type { Deps } from './context.js';
import { clientErrorHandler, guardConnections } from './http/connections.js';
import { problem } from './http/error-codes.js';
import { errorHandlerWith, notFoundHandler } from './http/errors.js';
import { documentOptionalBodies, frameworkErrors, installInputGuards } from './http/input-guard.js';
import { installRequestMetrics } from './http/metrics.js';
import { installRequestLog } from './http/request-log.js';
import { installNoStore } from './http/security-headers.js';
import { validatorCompiler } from './http/validation.js';
import { swaggerOptions } from './http/openapi.js';
import { newId } from './lib/ids.js';
import { registerRoutes } from './routes/index.js';

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;
const SHUTTING_DOWN = JSON.stringify(problem('service_unavailable', 'Service unavailable: the server is shutting down, retry on a new connection'));

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.config.bodyLimitBytes,
    // Forwarded headers are believed only from configured proxies: otherwise anyone could
    // pick the address every per-address limit counts.
    trustProxy: deps.config.trustProxy.length > 0 ? [...deps.config.trustProxy] : false,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : newId('req');
    },
    ajv: { customOptions: { coerceTypes: false } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: deps.config.connectionIdleTimeoutMs,
    // Node checks the request and header timeouts on this interval (30 s by default, which
    // would let a stalled request live up to twice its timeout).
    http: { connectionsCheckingInterval: Math.min(1000, deps.config.headersTimeoutMs, deps.config.requestTimeoutMs) },
    clientErrorHandler: clientErrorHandler(deps.log),
    frameworkErrors,
    // Fastify's own 503 while closing is not in the service's error shape: the hook below answers it.
    return503OnClosing: false,
  });
  guardConnections(app.server, deps.config, deps.log);

  app.setValidatorCompiler(validatorCompiler);
  // Answers the database cost (503, 507) are counted in deps.metrics.
  app.setErrorHandler(errorHandlerWith(deps.metrics));
  app.setNotFoundHandler(notFoundHandler);
  installInputGuards(app);

  // Requests in flight and durations by route pattern (GET /metrics): first, so even a request shed below is counted.
  installRequestMetrics(app, deps.metrics);

  // A request that reaches a closing server (on a kept-alive connection) is shed, as Fastify would, in the service's shape.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    // A stopping server is not probed: its answers say it is closing, not how the API is.
    deps.selfProbe.detach(app);
    done();
  });
  // Callback-style hooks: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers({ 'x-request-id': request.id, 'x-content-type-options': 'nosniff' });
    // Sent as text: a route's own 503 schema (the health probes') must not be applied to it.
    if (closing) return void reply.status(503).type('application/json; charset=utf-8').send(SHUTTING_DOWN);
    done();
  });
  installNoStore(app);
  // One log line per request: the route pattern and the URL with credentials masked, never the raw URL.
  installRequestLog(app);

  // Cookies are parsed only where sessions are read (presentedSessionToken), not on every request.
  await app.register(cookie, { hook: false });
  // The OpenAPI document: schemas named, headers, examples and webhooks added centrally (src/http/openapi.ts).
  await app.register(swagger, swaggerOptions(documentOptionalBodies(app)));
  // Every route, by auth scope (src/routes/): registered after swagger, which collects them for the document.
  await registerRoutes(app, deps);
  // The status probe of the partner API goes through this application (src/http/self-probe.ts).
  deps.selfProbe.attach(app);

  return app;
}
