/**
 * The signed-in partner's CSV reports, the session form of /api/v1/reports/*.csv:
 * /api/partners/me/reports/{calculations,usage,webhooks}.csv, in the environment the query names.
 */
import { Type } from 'typebox';
import { csvAttachment } from '../../http/csv.js';
import { parseDateRange } from '../../http/date-range.js';
import { errorResponses, security } from '../../http/schemas.js';
import { utcDay } from '../../lib/time.js';
import { calculationsCsv, envName, today, usageCsv } from '../../areas/metering/reports.js';
import { CalculationsCsvQuery, CsvResponse, UsageCsvQuery } from '../../areas/metering/schemas.js';
import { WebhooksCsvQuery } from '../../areas/webhooks/schemas.js';
import { deliveriesCsv } from '../../areas/webhooks/service.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../webhook-retention.js';
import { typed, type Routes } from '../scope.js';
import { EnvironmentParam, reader } from './environment.js';

const TAG = ['portal'];
const MyCalculationsCsvQuery = Type.Object({ ...CalculationsCsvQuery.properties, environment: EnvironmentParam });
const MyUsageCsvQuery = Type.Object({ ...UsageCsvQuery.properties, environment: EnvironmentParam });
const MyWebhooksCsvQuery = Type.Object({ ...WebhooksCsvQuery.properties, environment: EnvironmentParam });

export const myReportRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const secured = security.partnerSession;

  r.get(
    '/api/partners/me/reports/calculations.csv',
    {
      schema: {
        operationId: 'reportMyCalculationsCsv',
        tags: TAG,
        summary: 'Every cached calculation of one environment with its breakdown (CSV, oldest first)',
        description: 'The session form of GET /api/v1/reports/calculations.csv (same columns). One export of the partner and environment at a time (429 otherwise).',
        security: secured,
        querystring: MyCalculationsCsvQuery,
        produces: ['text/csv'],
        response: { 200: CsvResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = reader(request, request.query.environment);
      const range = parseDateRange(request.query);
      deps.exports.hold(reply, `${caller.partnerId}|${caller.environment}`);
      csvAttachment(reply, `calculations-${envName(caller.environment)}-${today(deps)}.csv`);
      return reply.send(calculationsCsv(deps, caller, range) as never);
    },
  );

  r.get(
    '/api/partners/me/reports/usage.csv',
    {
      schema: {
        operationId: 'reportMyUsageCsv',
        tags: TAG,
        summary: 'Calls, unique end-users and estimated bill per month of one environment (CSV, oldest month first)',
        description: 'The session form of GET /api/v1/reports/usage.csv (same columns); `months` up to and including the current one (the portal offers 3, 6, 12, 24).',
        security: secured,
        querystring: MyUsageCsvQuery,
        produces: ['text/csv'],
        response: { 200: CsvResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const caller = reader(request, request.query.environment);
      try {
        await deps.usage.flush();
      } catch (err) {
        request.log.warn({ err }, 'usage flush before usage.csv failed');
      }
      const stream = await usageCsv(deps, caller, request.query.months);
      csvAttachment(reply, `usage-${envName(caller.environment)}-${today(deps)}.csv`);
      return reply.send(stream as never);
    },
  );

  r.get(
    '/api/partners/me/reports/webhooks.csv',
    {
      schema: {
        operationId: 'exportMyWebhookDeliveriesCsv',
        tags: TAG,
        summary: 'The webhook delivery log of one environment as CSV',
        description:
          'The session form of GET /api/v1/reports/webhooks.csv (same columns, newest first, streamed). `since` is inclusive; `until` is exclusive (a bare date includes that whole UTC day). ' +
          `One export of the partner and environment at a time (429 otherwise). ${RETENTION_NOTE}`,
        security: secured,
        querystring: MyWebhooksCsvQuery,
        produces: ['text/csv'],
        response: { 200: Type.String({ description: 'text/csv' }), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = reader(request, request.query.environment);
      const { since, until } = parseDateRange(request.query, 'until');
      deps.exports.hold(reply, `${caller.partnerId}|${caller.environment}`);
      const stream = deliveriesCsv(deps, caller, { since: since ?? undefined, until: until ?? undefined, status: request.query.status });
      reply.header(RETENTION_HEADER, retentionDays(deps));
      return csvAttachment(reply, `webhook-deliveries-${caller.environment}-${utcDay(deps.clock.now())}.csv`).send(stream as unknown as string); // streamed as is (no serialization)
    },
  );
};
