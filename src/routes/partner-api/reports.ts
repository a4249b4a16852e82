/** CSV reports of the key's environment: /api/v1/reports/{calculations,usage,webhooks}.csv (also under /v1). */
import { Type } from 'typebox';
import { csvAttachment } from '../../http/csv.js';
import { parseDateRange } from '../../http/date-range.js';
import { errorResponses, security } from '../../http/schemas.js';
import { utcDay } from '../../lib/time.js';
import { calculationsCsv, envName, today, usageCsv } from '../../areas/metering/reports.js';
import { CalculationsCsvQuery, CsvResponse, UsageCsvQuery } from '../../areas/metering/schemas.js';
import { WebhooksCsvQuery } from '../../areas/webhooks/schemas.js';
import { deliveriesCsv } from '../../areas/webhooks/service.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../webhook-retention.js';

export const reportRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  const caller = (request: { partner: { id: string }; environment: 'test' | 'live' }) => ({ partnerId: request.partner.id, environment: request.environment });

  r.get(
    v1('/api/v1/reports/calculations.csv'),
    {
      schema: {
        operationId: 'reportCalculationsCsv',
        tags: ['reports'],
        summary: "Every cached calculation of the key's environment with its breakdown (CSV, oldest first)",
        security: security.key,
        querystring: CalculationsCsvQuery,
        produces: ['text/csv'],
        response: { 200: CsvResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const range = parseDateRange(request.query);
      deps.exports.hold(reply, `${request.partner.id}|${request.environment}`);
      csvAttachment(reply, `calculations-${envName(request.environment)}-${today(deps)}.csv`);
      return reply.send(calculationsCsv(deps, caller(request), range) as never);
    },
  );

  r.get(
    v1('/api/v1/reports/usage.csv'),
    {
      schema: {
        operationId: 'reportUsageCsv',
        tags: ['reports'],
        summary: "Calls, unique end-users and estimated bill per month of the key's environment (CSV, oldest month first)",
        security: security.key,
        querystring: UsageCsvQuery,
        produces: ['text/csv'],
        response: { 200: CsvResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      try {
        await deps.usage.flush();
      } catch (err) {
        request.log.warn({ err }, 'usage flush before usage.csv failed');
      }
      const stream = await usageCsv(deps, caller(request), request.query.months);
      csvAttachment(reply, `usage-${envName(request.environment)}-${today(deps)}.csv`);
      return reply.send(stream as never);
    },
  );

  r.get(
    v1('/api/v1/reports/webhooks.csv'),
    {
      schema: {
        operationId: 'exportWebhookDeliveriesCsv',
        tags: ['reports'],
        summary: 'The webhook delivery log as CSV (environment of the key)',
        description:
          'Columns: id, created_at, event_id, event_type, url, attempt, status, status_code, duration_ms, error, response_excerpt, next_attempt_at; ' +
          'newest first, streamed. `since` is inclusive; `until` is exclusive (a bare date includes that whole UTC day). Text cells that begin with =, +, -, @, tab or CR are prefixed with \'. ' +
          RETENTION_NOTE,
        security: security.key,
        querystring: WebhooksCsvQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = { partnerId: request.partner.id, environment: request.environment };
      const { since, until } = parseDateRange(request.query, 'until');
      deps.exports.hold(reply, `${caller.partnerId}|${caller.environment}`);
      const stream = deliveriesCsv(deps, caller, { since: since ?? undefined, until: until ?? undefined, status: request.query.status });
      reply.header(RETENTION_HEADER, retentionDays(deps));
      return csvAttachment(reply, `webhook-deliveries-${caller.environment}-${utcDay(deps.clock.now())}.csv`).send(stream as unknown as string); // streamed as is (no serialization)
    },
  );
};
