/**
 * Webhook configuration and delivery log, declared once in two forms (dual-form.ts): key + ingest secret
 * (/api/v1/webhooks, /api/v1/webhooks/rotate-secret, /api/v1/webhooks/deliveries[/{delivery_id}/resend],
 * /api/v1/webhooks/test; also under /v1) and the portal's session form under /api/partners/me/webhooks*
 * (the ingest secret never reaches a browser). Same services, same rules.
 */
import { Type } from 'typebox';
import { DeliveriesQuery, DeliveryParams, WebhookConfig, WebhookConfigBody, WebhookConfigCreated, WebhookDeleted, WebhookDelivery, WebhookTestQueued } from '../../areas/webhooks/schemas.js';
import { deliveryLog, getConfig, removeConfig, resend, rotateSecret, sendTestEvent, setConfig } from '../../areas/webhooks/service.js';
import { operation } from '../dual-form.js';
import { RETENTION_HEADER, RETENTION_NOTE } from '../webhook-retention.js';

/** The endpoint's circuit breaker on the key form's delivery log (the same state as `circuit` in GET /api/v1/webhooks). */
const CIRCUIT_HEADER = 'Webhook-Circuit';

export const webhookOperations = [
  operation({
    method: 'GET',
    key: '/api/v1/webhooks',
    portal: '/api/partners/me/webhooks',
    write: false,
    summary: "The webhook configuration of the key's environment",
    portalDoc: { operationId: 'getMyWebhookConfig', summary: "The signed-in partner's webhook configuration of one environment", description: '404 when none is configured.' },
    keyDoc: { operationId: 'getWebhookConfig' },
    errors: [401, 403, 404],
    response: { 200: WebhookConfig },
    handler: ({ deps, caller }) => getConfig(deps, caller),
  }),

  operation({
    method: 'POST',
    key: '/api/v1/webhooks',
    portal: '/api/partners/me/webhooks',
    write: true,
    config: { noStore: true },
    summary: 'Create or replace the webhook configuration (the signing secret is returned once)',
    keyDoc: {
      operationId: 'setWebhookConfig',
      description:
        'The URL must be https and resolve to public addresses only. A new configuration answers its signing secret (whsec_…) in `secret`, this one time; ' +
        'updating an existing one keeps its secret (`secret` is null; rotate with POST /api/v1/webhooks/rotate-secret). Enabling clears a disablement caused by a 410 answer.',
    },
    portalDoc: {
      operationId: 'setMyWebhookConfig',
      description:
        'The URL must be https and resolve to public addresses only. A new configuration answers its ' +
        'signing secret (whsec_…) in `secret`, this one time; updating an existing one keeps its secret (`secret` is null; rotate with ' +
        'POST /api/partners/me/webhooks/rotate-secret). Enabling clears a disablement caused by a 410 answer.',
    },
    body: WebhookConfigBody,
    errors: [401, 403, 413, 422],
    response: { 200: WebhookConfigCreated },
    handler: ({ deps, caller, body }) => setConfig(deps, caller, body),
  }),

  operation({
    method: 'DELETE',
    key: '/api/v1/webhooks',
    portal: '/api/partners/me/webhooks',
    write: true,
    summary: 'Remove the webhook configuration (events not yet delivered are dropped)',
    keyDoc: { operationId: 'deleteWebhookConfig' },
    portalDoc: { operationId: 'deleteMyWebhookConfig' },
    errors: [401, 403, 404],
    response: { 200: WebhookDeleted },
    handler: ({ deps, caller }) => removeConfig(deps, caller),
  }),

  operation({
    method: 'POST',
    key: '/api/v1/webhooks/rotate-secret',
    portal: '/api/partners/me/webhooks/rotate-secret',
    write: true,
    config: { noStore: true },
    summary: 'New signing secret (returned once); the previous one also signs for 24 hours',
    keyDoc: { operationId: 'rotateWebhookSecret' },
    portalDoc: { operationId: 'rotateMyWebhookSecret' },
    errors: [401, 403, 404],
    response: { 200: WebhookConfigCreated },
    handler: ({ deps, caller }) => rotateSecret(deps, caller),
  }),

  operation({
    method: 'GET',
    key: '/api/v1/webhooks/deliveries',
    portal: '/api/partners/me/webhooks/deliveries',
    write: false,
    summary: 'The delivery log: one record per attempt, newest first',
    keyDoc: {
      operationId: 'listWebhookDeliveries',
      description:
        RETENTION_NOTE +
        ' The `Webhook-Circuit` response header states the endpoint\'s circuit breaker (`closed`, or `open; failures=5; retry_at=…` while deliveries wait), as `circuit` in GET /api/v1/webhooks.',
    },
    portalDoc: { operationId: 'listMyWebhookDeliveries', description: RETENTION_NOTE },
    query: DeliveriesQuery,
    errors: [401, 403, 422],
    response: { 200: Type.Array(WebhookDelivery) },
    handler: async ({ deps, caller, query, form, reply }) => {
      const log = await deliveryLog(deps, caller, query.limit, { status: query.status, eventId: query.event_id, eventType: query.event_type }, { circuit: form === 'key' });
      reply.header(RETENTION_HEADER, log.retentionDays);
      if (log.circuit) reply.header(CIRCUIT_HEADER, log.circuit);
      return log.deliveries;
    },
  }),

  operation({
    method: 'POST',
    key: '/api/v1/webhooks/deliveries/:delivery_id/resend',
    portal: '/api/partners/me/webhooks/deliveries/:delivery_id/resend',
    write: true,
    summary: "Send a delivery's event again, now, and answer the new attempt",
    keyDoc: {
      operationId: 'resendWebhookDelivery',
      description:
        'The event goes to the current configuration, signed with the current secret(s). A success marks the event delivered; a failure leaves its retry schedule unchanged. ' +
        '409 while the event is being delivered or when the endpoint is disabled.',
    },
    portalDoc: {
      operationId: 'resendMyWebhookDelivery',
      description:
        'The event goes to the current configuration, signed with the current secret(s). ' +
        'A success marks the event delivered; a failure leaves its retry schedule unchanged. 409 while the event is being delivered or when the endpoint is disabled.',
    },
    params: DeliveryParams,
    errors: [401, 403, 404, 409, 422],
    response: { 200: WebhookDelivery },
    handler: ({ deps, caller, params }) => resend(deps, caller, params.delivery_id),
  }),

  operation({
    method: 'POST',
    key: '/api/v1/webhooks/test',
    portal: '/api/partners/me/webhooks/test',
    write: true,
    summary: 'Queue a webhook.test event to the configured endpoint',
    keyDoc: {
      operationId: 'sendWebhookTestEvent',
      description: 'Delivered like any other event (signed, retried, logged), whatever event types the configuration subscribes to. 409 when the endpoint is disabled.',
    },
    portalDoc: {
      operationId: 'sendMyWebhookTestEvent',
      description: 'Delivered like any other event (signed, retried, logged), whatever event types the configuration subscribes to. 409 when the endpoint is disabled.',
    },
    errors: [401, 403, 404, 409],
    response: { 202: WebhookTestQueued },
    handler: async ({ deps, caller, reply }) => reply.status(202).send(await sendTestEvent(deps, caller)),
  }),
];
