/**
 * CSV reports, declared once in two forms (dual-form.ts): the key's environment (/api/v1/reports/{calculations,usage,webhooks}.csv;
 * also under /v1) and the portal's session form (/api/partners/me/reports/{calculations,usage,webhooks}.csv, in the environment
 * the query names).
 */
import { Type } from 'typebox';
import { csvAttachment } from '../../http/csv.js';
import { parseDateRange } from '../../http/date-range.js';
import { calculationsReport, usageReport } from '../../areas/metering/reports.js';
import { CalculationsCsvQuery, CsvResponse, UsageCsvQuery } from '../../areas/metering/schemas.js';
import { WebhooksCsvQuery } from '../../areas/webhooks/schemas.js';
import { deliveriesReport } from '../../areas/webhooks/service.js';
import { operation } from '../dual-form.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../webhook-retention.js';

export const reportOperations = [
  operation({
    method: 'GET',
    key: '/api/v1/reports/calculations.csv',
    portal: '/api/partners/me/reports/calculations.csv',
    write: false,
    summary: 'Every cached calculation of one environment with its breakdown (CSV, oldest first)',
    keyDoc: { operationId: 'reportCalculationsCsv', summary: "Every cached calculation of the key's environment with its breakdown (CSV, oldest first)" },
    portalDoc: {
      operationId: 'reportMyCalculationsCsv',
      whole: 'The session form of GET /api/v1/reports/calculations.csv (same columns). One export of the partner and environment at a time (429 otherwise).',
    },
    query: CalculationsCsvQuery,
    produces: ['text/csv'],
    errors: [401, 403, 422, 429],
    response: { 200: CsvResponse },
    handler: ({ deps, caller, query, reply }) => {
      const { filename, stream } = calculationsReport(deps, caller, parseDateRange(query), reply);
      return csvAttachment(reply, filename).send(stream as never);
    },
  }),

  operation({
    method: 'GET',
    key: '/api/v1/reports/usage.csv',
    portal: '/api/partners/me/reports/usage.csv',
    write: false,
    summary: 'Calls, unique end-users and estimated bill per month of one environment (CSV, oldest month first)',
    keyDoc: { operationId: 'reportUsageCsv', summary: "Calls, unique end-users and estimated bill per month of the key's environment (CSV, oldest month first)" },
    portalDoc: {
      operationId: 'reportMyUsageCsv',
      whole: 'The session form of GET /api/v1/reports/usage.csv (same columns); `months` up to and including the current one (the portal offers 3, 6, 12, 24).',
    },
    query: UsageCsvQuery,
    produces: ['text/csv'],
    errors: [401, 403, 422],
    response: { 200: CsvResponse },
    handler: async ({ deps, caller, query, reply }) => {
      const { filename, stream } = await usageReport(deps, caller, query.months);
      return csvAttachment(reply, filename).send(stream as never);
    },
  }),

  operation({
    method: 'GET',
    key: '/api/v1/reports/webhooks.csv',
    portal: '/api/partners/me/reports/webhooks.csv',
    write: false,
    summary: 'The webhook delivery log of one environment as CSV',
    keyDoc: {
      operationId: 'exportWebhookDeliveriesCsv',
      summary: 'The webhook delivery log as CSV (environment of the key)',
      description:
        'Columns: id, created_at, event_id, event_type, url, attempt, status, status_code, duration_ms, error, response_excerpt, next_attempt_at; ' +
        'newest first, streamed. `since` is inclusive; `until` is exclusive (a bare date includes that whole UTC day). Text cells that begin with =, +, -, @, tab or CR are prefixed with \'. ' +
        RETENTION_NOTE,
    },
    portalDoc: {
      operationId: 'exportMyWebhookDeliveriesCsv',
      whole:
        'The session form of GET /api/v1/reports/webhooks.csv (same columns, newest first, streamed). `since` is inclusive; `until` is exclusive (a bare date includes that whole UTC day). ' +
        `One export of the partner and environment at a time (429 otherwise). ${RETENTION_NOTE}`,
    },
    query: WebhooksCsvQuery,
    produces: ['text/csv'],
    errors: [401, 403, 422, 429],
    response: { 200: Type.String({ description: 'text/csv' }) },
    handler: ({ deps, caller, query, reply }) => {
      const { since, until } = parseDateRange(query, 'until');
      const { filename, stream } = deliveriesReport(deps, caller, { since: since ?? undefined, until: until ?? undefined, status: query.status }, reply);
      reply.header(RETENTION_HEADER, retentionDays(deps));
      return csvAttachment(reply, filename).send(stream as unknown as string); // streamed as is (no serialization)
    },
  }),
];
