/**
 * Orchestrator probes at the root: /livez (the process runs and answers) and /readyz
 * (it should get traffic: database reachable, every migration of this build applied,
 * not stopping). Neither needs credentials nor tells anything beyond that.
 */
import { Type } from 'typebox';
import { pendingMigrations, ping } from '../../db/database.js';
import { Nullable } from '../../http/schemas.js';
import { typed, type Routes } from '../scope.js';

const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    draining: Type.Boolean(),
    database: Type.Object({ reachable: Type.Boolean(), latency_ms: Type.Number() }),
    pending_migrations: Nullable(Type.Array(Type.String(), { description: 'null when the database could not be asked' })),
  },
  { title: 'Readiness' },
);

export const probeRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  r.get(
    '/livez',
    {
      schema: {
        operationId: 'livez',
        tags: ['system'],
        summary: 'Liveness: the process runs (no authentication, no database)',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }, { title: 'Liveness' }) },
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
