/**
 * The event inspector (key + ingest secret; also under /v1): GET /api/v1/webhooks/events,
 * GET /api/v1/webhooks/events/{event_id}, POST /api/v1/webhooks/events/{event_id}/resend.
 */
import { errorResponses, security } from '../../../http/schemas.js';
import { EventParams, EventsQuery, WebhookDelivery, WebhookEventDetail, WebhookEventList } from '../../../areas/webhooks/schemas.js';
import { eventDetail, listEventsOf } from '../../../areas/webhooks/events.js';
import { resendEvent } from '../../../areas/webhooks/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../../webhook-retention.js';

const TAG = ['webhooks'];

export const webhookEventRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  const secured = security.keyAndSecret;

  r.get(
    v1('/api/v1/webhooks/events'),
    {
      schema: {
        operationId: 'listWebhookEvents',
        tags: TAG,
        summary: "The key's environment's webhook events, newest first (keyset pages)",
        description:
          'Every event the service wrote for the environment, whether or not an endpoint took it (`skipped` when none did). ' +
          'Filter by `type`, `status` (the event state) and `since` (created at or after). ' +
          RETENTION_NOTE,
        security: secured,
        querystring: EventsQuery,
        response: { 200: WebhookEventList, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      reply.header(RETENTION_HEADER, retentionDays(deps));
      return listEventsOf(deps, { partnerId: request.partner.id, environment: request.environment }, request.query);
    },
  );

  r.get(
    v1('/api/v1/webhooks/events/:event_id'),
    {
      schema: {
        operationId: 'getWebhookEvent',
        tags: TAG,
        summary: 'One event: the payload as delivered and every attempt with the headers sent and the answer received',
        description:
          'The request headers of each attempt include its signature headers (signatures, never the signing secret); the answer is kept as its status, ' +
          'headers and the first 4 KiB of its body. 404 for an event of another partner or environment.',
        security: secured,
        params: EventParams,
        response: { 200: WebhookEventDetail, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => eventDetail(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.event_id),
  );

  r.post(
    v1('/api/v1/webhooks/events/:event_id/resend'),
    {
      schema: {
        operationId: 'resendWebhookEvent',
        tags: TAG,
        summary: 'Send an event again, now, and answer the new attempt',
        description:
          'As POST /api/v1/webhooks/deliveries/{delivery_id}/resend, by event: also for an event never attempted (skipped, or still waiting). ' +
          'A success marks the event delivered; a failure leaves its retry schedule unchanged. 409 while the event is being delivered or when the endpoint is disabled.',
        security: secured,
        params: EventParams,
        response: { 200: WebhookDelivery, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => resendEvent(deps, { partnerId: request.partner.id, environment: request.environment }, request.params.event_id),
  );
};
