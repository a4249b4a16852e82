/**
 * Webhook configuration, delivery log and reports/webhooks.csv (issue 4).
 *   webhooksV1KeyRoutes inside the API-key scope: the configuration and log
 *   operations need the ingest secret too (their own nested scope); the CSV report
 *   needs the key only, like the other reports.
 */
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { csvAttachment } from '../../http/csv.js';
import { parseDateRange } from '../../http/date-range.js';
import { errorResponses, security } from '../../http/schemas.js';
import { utcDay } from '../../lib/time.js';
import {
  DeliveriesQuery,
  DeliveryParams,
  WebhookConfig,
  WebhookConfigBody,
  WebhookConfigCreated,
  WebhookDeleted,
  WebhookDelivery,
  WebhooksCsvQuery,
  WebhookTestQueued,
} from './schemas.js';
import { Type } from 'typebox';
import {
  deliveries,
  deliveriesCsv,
  getConfig,
  removeConfig,
  resend,
  rotateSecret,
  sendTestEvent,
  setConfig,
} from './service.js';

const TAG = ['webhooks'];

/** Tells the partner how far back the log goes: records of finished events are deleted after this many days. */
export const RETENTION_HEADER = 'Webhook-Retention-Days';
const RETENTION_NOTE =
  'Delivery records are kept for the retention the `Webhook-Retention-Days` response header states (30 days unless the operator sets ' +
  'WEBHOOK_RETENTION_DAYS), counted from when their event was delivered or gave up; then the event and its records are deleted.';

function retentionDays(deps: { config: { webhookRetentionDays: number } }): string {
  return String(deps.config.webhookRetentionDays);
}

export const webhooksV1KeyRoutes: Area = async (app, opts) => {
  const { deps, guards } = opts;
  const r = typed(app);

  r.get(
    '/reports/webhooks.csv',
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

  // Key + the partner's ingest secret.
  await app.register(async (scope) => {
    scope.addHook('onRequest', guards.ingestSecret);
    const s = typed(scope);
    const secured = security.keyAndSecret;

    s.get(
      '/webhooks',
      {
        schema: {
          operationId: 'getWebhookConfig',
          tags: TAG,
          summary: "The webhook configuration of the key's environment",
          security: secured,
          response: { 200: WebhookConfig, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => getConfig(deps, { partnerId: request.partner.id, environment: request.environment }),
    );

    s.post(
      '/webhooks',
      {
        config: { noStore: true },
        schema: {
          operationId: 'setWebhookConfig',
          tags: TAG,
          summary: 'Create or replace the webhook configuration (the signing secret is returned once)',
          description:
            'The URL must be https and resolve to public addresses only. A new configuration answers its signing secret (whsec_…) in `secret`, this one time; ' +
            'updating an existing one keeps its secret (`secret` is null; rotate with POST /api/v1/webhooks/rotate-secret). Enabling clears a disablement caused by a 410 answer.',
          security: secured,
          body: WebhookConfigBody,
          response: { 200: WebhookConfigCreated, ...errorResponses(401, 403, 413, 422, 429) },
        },
      },
      async (request) => setConfig(deps, { partnerId: request.partner.id, environment: request.environment }, request.body),
    );

    s.delete(
      '/webhooks',
      {
        schema: {
          operationId: 'deleteWebhookConfig',
          tags: TAG,
          summary: 'Remove the webhook configuration (events not yet delivered are dropped)',
          security: secured,
          response: { 200: WebhookDeleted, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => removeConfig(deps, { partnerId: request.partner.id, environment: request.environment }),
    );

    s.post(
      '/webhooks/rotate-secret',
      {
        config: { noStore: true },
        schema: {
          operationId: 'rotateWebhookSecret',
          tags: TAG,
          summary: 'New signing secret (returned once); the previous one also signs for 24 hours',
          security: secured,
          response: { 200: WebhookConfigCreated, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request) => rotateSecret(deps, { partnerId: request.partner.id, environment: request.environment }),
    );

    s.get(
      '/webhooks/deliveries',
      {
        schema: {
          operationId: 'listWebhookDeliveries',
          tags: TAG,
          summary: 'The delivery log: one record per attempt, newest first',
          description: RETENTION_NOTE,
          security: secured,
          querystring: DeliveriesQuery,
          response: { 200: Type.Array(WebhookDelivery), ...errorResponses(401, 403, 422, 429) },
        },
      },
      async (request, reply) => {
        reply.header(RETENTION_HEADER, retentionDays(deps));
        return deliveries(deps, { partnerId: request.partner.id, environment: request.environment }, request.query.limit, {
          status: request.query.status,
          eventId: request.query.event_id,
        });
      },
    );

    s.post(
      '/webhooks/deliveries/:delivery_id/resend',
      {
        schema: {
          operationId: 'resendWebhookDelivery',
          tags: TAG,
          summary: "Send a delivery's event again, now, and answer the new attempt",
          description:
            'The event goes to the current configuration, signed with the current secret(s). A success marks the event delivered; a failure leaves its retry schedule unchanged. ' +
            '409 while the event is being delivered or when the endpoint is disabled.',
          security: secured,
          params: DeliveryParams,
          response: { 200: WebhookDelivery, ...errorResponses(401, 403, 404, 409, 422, 429) },
        },
      },
      async (request) => resend(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.delivery_id),
    );

    s.post(
      '/webhooks/test',
      {
        schema: {
          operationId: 'sendWebhookTestEvent',
          tags: TAG,
          summary: 'Queue a webhook.test event to the configured endpoint',
          description: 'Delivered like any other event (signed, retried, logged), whatever event types the configuration subscribes to. 409 when the endpoint is disabled.',
          security: secured,
          response: { 202: WebhookTestQueued, ...errorResponses(401, 403, 404, 409, 429) },
        },
      },
      async (request, reply) => reply.status(202).send(await sendTestEvent(deps, { partnerId: request.partner.id, environment: request.environment })),
    );
  });
};
