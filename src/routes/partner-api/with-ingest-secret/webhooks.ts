/**
 * Webhook configuration and delivery log (key + ingest secret; also under /v1): /api/v1/webhooks,
 * /api/v1/webhooks/rotate-secret, /api/v1/webhooks/deliveries[/{delivery_id}/resend], /api/v1/webhooks/test.
 */
import { Type } from 'typebox';
import { errorResponses, security } from '../../../http/schemas.js';
import { DeliveriesQuery, DeliveryParams, WebhookConfig, WebhookConfigBody, WebhookConfigCreated, WebhookDeleted, WebhookDelivery, WebhookTestQueued } from '../../../areas/webhooks/schemas.js';
import { circuitHeader, deliveries, getConfig, removeConfig, resend, rotateSecret, sendTestEvent, setConfig } from '../../../areas/webhooks/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../../webhook-retention.js';

const TAG = ['webhooks'];

/** The endpoint's circuit breaker on the delivery log (the same state as `circuit` in GET /api/v1/webhooks). */
const CIRCUIT_HEADER = 'Webhook-Circuit';

export const webhookRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  const secured = security.keyAndSecret;

  r.get(
    v1('/api/v1/webhooks'),
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

  r.post(
    v1('/api/v1/webhooks'),
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

  r.delete(
    v1('/api/v1/webhooks'),
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

  r.post(
    v1('/api/v1/webhooks/rotate-secret'),
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

  r.get(
    v1('/api/v1/webhooks/deliveries'),
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: TAG,
        summary: 'The delivery log: one record per attempt, newest first',
        description:
          RETENTION_NOTE +
          ' The `Webhook-Circuit` response header states the endpoint\'s circuit breaker (`closed`, or `open; failures=5; retry_at=…` while deliveries wait), as `circuit` in GET /api/v1/webhooks.',
        security: secured,
        querystring: DeliveriesQuery,
        response: { 200: Type.Array(WebhookDelivery), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const caller = { partnerId: request.partner.id, environment: request.environment };
      reply.header(RETENTION_HEADER, retentionDays(deps));
      const circuit = await circuitHeader(deps, caller);
      if (circuit) reply.header(CIRCUIT_HEADER, circuit);
      return deliveries(deps, caller, request.query.limit, {
        status: request.query.status,
        eventId: request.query.event_id,
      });
    },
  );

  r.post(
    v1('/api/v1/webhooks/deliveries/:delivery_id/resend'),
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

  r.post(
    v1('/api/v1/webhooks/test'),
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
};
