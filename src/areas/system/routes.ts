/** Root, health probes (no auth). */
import { Type } from 'typebox';
import { pendingMigrations, ping } from '../../db/database.js';
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { Nullable } from '../../http/schemas.js';
import { API_VERSION, SERVICE_VERSION } from '../../version.js';

const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    version: Type.String(),
    service_version: Type.String(),
    time: Type.String(),
    database: Type.Object({ kind: Type.String(), reachable: Type.Boolean(), latency_ms: Type.Number() }),
    ingest_secret_configured: Type.Boolean(),
    aggregator_configured: Type.Boolean(),
    aggregator: Type.Union([Type.String(), Type.Null()]),
    webhooks_allow_private: Type.Boolean(),
    rate_limit_per_second: Type.Integer(),
    rate_limit_store: Type.String(),
    smtp_configured: Type.Boolean(),
  },
  { title: 'Health', additionalProperties: true },
);

/** /api/ (only under /api). */
export const rootRoutes: Area = async (app) => {
  typed(app).get(
    '/',
    {
      schema: {
        operationId: 'root',
        tags: ['system'],
        summary: 'Service index',
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => ({
      service: 'svc partner API',
      version: API_VERSION,
      service_version: SERVICE_VERSION,
      docs: '/api/docs',
      openapi: '/api/openapi.json',
      health: '/api/v1/health',
      guide: '/api/v1/integration-guide',
    }),
  );
};

/** Health probes, under both /api/v1 and /v1. */
export const healthRoutes: Area = async (app, { deps }) => {
  const r = typed(app);
  r.get(
    '/health',
    {
      schema: {
        operationId: 'health',
        tags: ['system'],
        summary: 'Liveness and configuration (no authentication)',
        description: 'Answers 503 with the same body when the database is unreachable.',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const db = await ping(deps.database);
      const c = deps.config;
      const body = {
        status: db.reachable ? ('ok' as const) : ('degraded' as const),
        version: API_VERSION,
        service_version: SERVICE_VERSION,
        time: new Date(deps.clock.now()).toISOString(),
        database: { kind: deps.database.dialect, ...db },
        ingest_secret_configured: c.ingestSecret !== null,
        aggregator_configured: c.aggregatorProvider !== null,
        aggregator: c.aggregatorProvider,
        webhooks_allow_private: c.webhookAllowPrivate,
        rate_limit_per_second: c.rateLimitPerSecond,
        rate_limit_store: c.redisUrl ? 'redis' : 'memory',
        smtp_configured: c.smtpUrl !== null,
      };
      return reply.status(db.reachable ? 200 : 503).send(body);
    },
  );

  r.get(
    '/ingest/health',
    {
      schema: {
        operationId: 'ingestHealth',
        tags: ['system'],
        summary: 'Whether ingest can accept data (no authentication)',
        response: { 200: Type.Object({}, { additionalProperties: true }), 503: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async (_request, reply) => {
      const db = await ping(deps.database);
      return reply.status(db.reachable ? 200 : 503).send({
        status: db.reachable ? 'ok' : 'degraded',
        database_reachable: db.reachable,
        ingest_secret_configured: deps.config.ingestSecret !== null,
        accepts: ['POST /api/v1/ingest', 'POST /api/ingest/event', 'POST /api/ingest/events/batch'],
      });
    },
  );
};

const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    draining: Type.Boolean(),
    database: Type.Object({ reachable: Type.Boolean(), latency_ms: Type.Number() }),
    pending_migrations: Nullable(Type.Array(Type.String(), { description: 'null when the database could not be asked' })),
  },
  { title: 'Readiness' },
);

/**
 * Orchestrator probes at the root: /livez (the process runs and answers) and /readyz
 * (it should get traffic: database reachable, every migration of this build applied,
 * not stopping). Neither needs credentials nor tells anything beyond that.
 */
export const probeRoutes: Area = async (app, { deps }) => {
  const r = typed(app);
  r.get(
    '/livez',
    {
      schema: {
        operationId: 'livez',
        tags: ['system'],
        summary: 'Liveness: the process runs (no authentication, no database)',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    '/readyz',
    {
      schema: {
        operationId: 'readyz',
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations applied, not stopping (no authentication)',
        description: 'Answers 503 with the same body when any check fails, and from the moment a stop begins (DRAIN_DELAY_MS).',
        security: [],
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const db = await ping(deps.database);
      const pending = db.reachable ? await pendingMigrations(deps.database).catch(() => null) : null;
      const draining = deps.lifecycle.draining;
      const ready = db.reachable && pending !== null && pending.length === 0 && !draining;
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', draining, database: db, pending_migrations: pending });
    },
  );
};
