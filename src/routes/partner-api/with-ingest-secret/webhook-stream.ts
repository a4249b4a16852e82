/** The webhook event stream (key + ingest secret; also under /v1): GET /api/v1/webhooks/stream (Server-Sent Events). */
import { Type } from 'typebox';
import { errors } from '../../../http/errors.js';
import { presentedApiKey } from '../../../http/auth.js';
import { errorResponses, security } from '../../../http/schemas.js';
import { openStream } from '../../../areas/webhooks/stream.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';

const StreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The id of the last event received: the stream replays the events written after it' })),
});

export const webhookStreamRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);

  r.get(
    v1('/api/v1/webhooks/stream'),
    {
      schema: {
        operationId: 'streamWebhookEvents',
        tags: ['webhooks'],
        summary: "The test environment's webhook events as Server-Sent Events (for a developer's machine: svc listen)",
        description:
          'Test keys only (a live key: 403 environment_mismatch). Ask with `Accept: text/event-stream` (400 otherwise). Each event: `id:` the event id, `event:` its type, ' +
          '`data:` a JSON object with `payload` (the body exactly as an endpoint receives it) and `headers` (the headers it would receive, the signatures made with the ' +
          "environment's webhook signing secret when one is configured). Events are streamed whether or not a webhook is configured. Send `Last-Event-ID` to replay " +
          'the events written after that one. A comment every 15 s keeps the stream open. The stream ends (`event: stream.closed`) when the key is rotated away or the ingest ' +
          'secret replaced. One key holds at most WEBHOOK_STREAMS_PER_KEY (3) streams at once (429 too_many_streams).',
        security: security.keyAndSecret,
        headers: StreamHeaders,
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'text/event-stream' }), ...errorResponses(400, 401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (!accept.includes('text/event-stream')) throw errors.badRequest('This is a Server-Sent Events stream: ask with Accept: text/event-stream');
      const run = await openStream(deps, {
        partnerId: request.partner.id,
        keyId: request.apiKeyId,
        environment: request.environment,
        presentedKey: presentedApiKey(request) ?? '',
        presentedSecret: String(request.headers['x-service-ingest-secret'] ?? ''),
        lastEventId: request.headers['last-event-id'] ?? null,
      });
      reply.hijack();
      const res = reply.raw;
      // A stream is idle between events and heartbeats: no socket timeout applies to it.
      request.raw.socket.setTimeout(0);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      run(
        {
          write: (chunk) => {
            if (!res.destroyed && !res.writableEnded) res.write(chunk);
          },
          end: () => {
            if (!res.writableEnded) res.end();
          },
        },
        (cb) => res.once('close', cb),
      );
    },
  );
};
