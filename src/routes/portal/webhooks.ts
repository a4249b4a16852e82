/**
 * The signed-in partner's webhook configuration and delivery log, the session form of /api/v1/webhooks*
 * (key + ingest secret, which a browser must never hold): /api/partners/me/webhooks,
 * /api/partners/me/webhooks/rotate-secret, /api/partners/me/webhooks/test,
 * /api/partners/me/webhooks/deliveries[/{delivery_id}/resend]. Same services, same rules.
 */
import { Type } from 'typebox';
import { errorResponses, security } from '../../http/schemas.js';
import { DeliveriesQuery, DeliveryParams, WebhookConfig, WebhookConfigBody, WebhookConfigCreated, WebhookDeleted, WebhookDelivery, WebhookTestQueued } from '../../areas/webhooks/schemas.js';
import { deliveries, getConfig, removeConfig, resend, rotateSecret, sendTestEvent, setConfig } from '../../areas/webhooks/service.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../webhook-retention.js';
import { typed, type Routes } from '../scope.js';
import { EnvironmentParam, EnvironmentQuery, reader, writer } from './environment.js';

const TAG = ['portal'];
const SEE = (path: string) => `The session form of ${path}: the same rules, in the environment the \`environment\` query parameter names.`;
const LIVE_WRITE = ' A live-environment change needs production access (403 production_not_enabled), as with the live key.';

const MyDeliveriesQuery = Type.Object({ ...DeliveriesQuery.properties, environment: EnvironmentParam });

export const myWebhookRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const secured = security.partnerSession;

  r.get(
    '/api/partners/me/webhooks',
    {
      schema: {
        operationId: 'getMyWebhookConfig',
        tags: TAG,
        summary: "The signed-in partner's webhook configuration of one environment",
        description: `${SEE('GET /api/v1/webhooks')} 404 when none is configured.`,
        security: secured,
        querystring: EnvironmentQuery,
        response: { 200: WebhookConfig, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => getConfig(deps, reader(request, request.query.environment)),
  );

  r.post(
    '/api/partners/me/webhooks',
    {
      config: { noStore: true },
      schema: {
        operationId: 'setMyWebhookConfig',
        tags: TAG,
        summary: 'Create or replace the webhook configuration (the signing secret is returned once)',
        description:
          `${SEE('POST /api/v1/webhooks')} The URL must be https and resolve to public addresses only. A new configuration answers its ` +
          'signing secret (whsec_…) in `secret`, this one time; updating an existing one keeps its secret (`secret` is null; rotate with ' +
          'POST /api/partners/me/webhooks/rotate-secret). Enabling clears a disablement caused by a 410 answer.' +
          LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        body: WebhookConfigBody,
        response: { 200: WebhookConfigCreated, ...errorResponses(401, 403, 413, 422) },
      },
    },
    async (request) => setConfig(deps, writer(request, request.query.environment), request.body),
  );

  r.delete(
    '/api/partners/me/webhooks',
    {
      schema: {
        operationId: 'deleteMyWebhookConfig',
        tags: TAG,
        summary: 'Remove the webhook configuration (events not yet delivered are dropped)',
        description: SEE('DELETE /api/v1/webhooks') + LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        response: { 200: WebhookDeleted, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => removeConfig(deps, writer(request, request.query.environment)),
  );

  r.post(
    '/api/partners/me/webhooks/rotate-secret',
    {
      config: { noStore: true },
      schema: {
        operationId: 'rotateMyWebhookSecret',
        tags: TAG,
        summary: 'New signing secret (returned once); the previous one also signs for 24 hours',
        description: SEE('POST /api/v1/webhooks/rotate-secret') + LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        response: { 200: WebhookConfigCreated, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => rotateSecret(deps, writer(request, request.query.environment)),
  );

  r.get(
    '/api/partners/me/webhooks/deliveries',
    {
      schema: {
        operationId: 'listMyWebhookDeliveries',
        tags: TAG,
        summary: 'The delivery log: one record per attempt, newest first',
        description: `${SEE('GET /api/v1/webhooks/deliveries')} ${RETENTION_NOTE}`,
        security: secured,
        querystring: MyDeliveriesQuery,
        response: { 200: Type.Array(WebhookDelivery), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const caller = reader(request, request.query.environment);
      reply.header(RETENTION_HEADER, retentionDays(deps));
      return deliveries(deps, caller, request.query.limit, { status: request.query.status, eventId: request.query.event_id });
    },
  );

  r.post(
    '/api/partners/me/webhooks/deliveries/:delivery_id/resend',
    {
      schema: {
        operationId: 'resendMyWebhookDelivery',
        tags: TAG,
        summary: "Send a delivery's event again, now, and answer the new attempt",
        description:
          `${SEE('POST /api/v1/webhooks/deliveries/{delivery_id}/resend')} The event goes to the current configuration, signed with the current secret(s). ` +
          'A success marks the event delivered; a failure leaves its retry schedule unchanged. 409 while the event is being delivered or when the endpoint is disabled.' +
          LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        params: DeliveryParams,
        response: { 200: WebhookDelivery, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => resend(deps, writer(request, request.query.environment), request.params.delivery_id),
  );

  r.post(
    '/api/partners/me/webhooks/test',
    {
      schema: {
        operationId: 'sendMyWebhookTestEvent',
        tags: TAG,
        summary: 'Queue a webhook.test event to the configured endpoint',
        description:
          `${SEE('POST /api/v1/webhooks/test')} Delivered like any other event (signed, retried, logged), whatever event types the configuration subscribes to. ` +
          '409 when the endpoint is disabled.' +
          LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        response: { 202: WebhookTestQueued, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => reply.status(202).send(await sendTestEvent(deps, writer(request, request.query.environment))),
  );
};
