/**
 * The session forms of the event inspector: /api/partners/me/webhooks/events,
 * /api/partners/me/webhooks/events/{event_id}[/resend]. Same services, same rules.
 */
import { Type } from 'typebox';
import { errorResponses, security } from '../../http/schemas.js';
import { EventParams, EventsQuery, WebhookDelivery, WebhookEventDetail, WebhookEventList } from '../../areas/webhooks/schemas.js';
import { eventDetail, listEventsOf } from '../../areas/webhooks/events.js';
import { resendEvent } from '../../areas/webhooks/service.js';
import { RETENTION_HEADER, RETENTION_NOTE, retentionDays } from '../webhook-retention.js';
import { typed, type Routes } from '../scope.js';
import { EnvironmentParam, EnvironmentQuery, reader, writer } from './environment.js';

const TAG = ['portal'];
const SEE = (path: string) => `The session form of ${path}: the same rules, in the environment the \`environment\` query parameter names.`;

const MyEventsQuery = Type.Object({ ...EventsQuery.properties, environment: EnvironmentParam });

export const myWebhookEventRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const secured = security.partnerSession;

  r.get(
    '/api/partners/me/webhooks/events',
    {
      schema: {
        operationId: 'listMyWebhookEvents',
        tags: TAG,
        summary: 'Webhook events, newest first (keyset pages)',
        description: `${SEE('GET /api/v1/webhooks/events')} ${RETENTION_NOTE}`,
        security: secured,
        querystring: MyEventsQuery,
        response: { 200: WebhookEventList, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      reply.header(RETENTION_HEADER, retentionDays(deps));
      const { environment, ...q } = request.query;
      return listEventsOf(deps, reader(request, environment), q);
    },
  );

  r.get(
    '/api/partners/me/webhooks/events/:event_id',
    {
      schema: {
        operationId: 'getMyWebhookEvent',
        tags: TAG,
        summary: 'One event: the payload as delivered and every attempt with the headers sent and the answer received',
        description: SEE('GET /api/v1/webhooks/events/{event_id}'),
        security: secured,
        querystring: EnvironmentQuery,
        params: EventParams,
        response: { 200: WebhookEventDetail, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => eventDetail(deps, reader(request, request.query.environment), request.params.event_id),
  );

  r.post(
    '/api/partners/me/webhooks/events/:event_id/resend',
    {
      schema: {
        operationId: 'resendMyWebhookEvent',
        tags: TAG,
        summary: 'Send an event again, now, and answer the new attempt',
        description:
          `${SEE('POST /api/v1/webhooks/events/{event_id}/resend')} 409 while the event is being delivered or when the endpoint is disabled. ` +
          'A live-environment resend needs production access (403 production_not_enabled), as with the live key.',
        security: secured,
        querystring: EnvironmentQuery,
        params: EventParams,
        response: { 200: WebhookDelivery, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => resendEvent(deps, writer(request, request.query.environment), request.params.event_id),
  );
};
