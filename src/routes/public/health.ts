/** GET /api/v1/health and /api/v1/ingest/health (no authentication; also under /v1). */
import { Type } from 'typebox';
import { ping } from '../../db/database.js';
import { API_VERSION, SERVICE_VERSION } from '../../version.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

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

const IngestHealth = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    database_reachable: Type.Boolean(),
    ingest_secret_configured: Type.Boolean(),
    accepts: Type.Array(Type.String(), { description: 'The operations that ingest' }),
  },
  { title: 'IngestHealth', additionalProperties: true },
);

export const healthRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  r.get(
    v1('/api/v1/health'),
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
    v1('/api/v1/ingest/health'),
    {
      schema: {
        operationId: 'ingestHealth',
        tags: ['system'],
        summary: 'Whether ingest can accept data (no authentication)',
        response: { 200: IngestHealth, 503: IngestHealth },
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
