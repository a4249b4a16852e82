/** Platform usage-event ingest (server to server): /api/ingest/event, /api/ingest/events/batch, /api/ingest/ping. */
import { errorResponses, security } from '../../http/schemas.js';
import { iso } from '../../lib/time.js';
import { IngestBatch, IngestEvent, IngestResponse, PingResponse } from '../../areas/usage-events/schemas.js';
import { ingestEvents } from '../../areas/usage-events/service.js';
import { typed, type Routes } from '../scope.js';

export const usageEventRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const errs = errorResponses(400, 401, 413, 422, 503);

  r.post(
    '/api/ingest/event',
    {
      schema: {
        operationId: 'ingestUsageEvent',
        tags: ['ingest'],
        summary: 'Record one usage event (server to server)',
        description:
          'Unknown partner_id: 400 with `missing`, nothing stored. An optional `id` makes the call idempotent: the same id from the same partner within 32 days is stored once (`duplicates` says so).',
        security: security.platformSecret,
        body: IngestEvent,
        response: { 200: IngestResponse, ...errs },
      },
    },
    async (request) => ingestEvents(deps, [request.body], ['body'], () => []),
  );

  r.post(
    '/api/ingest/events/batch',
    {
      schema: {
        operationId: 'ingestUsageEventsBatch',
        tags: ['ingest'],
        summary: 'Record 1 to 500 usage events, all or nothing',
        description:
          'One transaction: either every event is stored (less duplicates) or none is. Any unknown partner_id: 400 with every missing id in `missing`. A field out of bounds: 422 with `loc` naming the item, e.g. ["body","events",17,"amount_cents"].',
        security: security.platformSecret,
        body: IngestBatch,
        response: { 200: IngestResponse, ...errs },
      },
    },
    async (request) => ingestEvents(deps, request.body.events, ['body'], (i) => ['events', i]),
  );

  r.get(
    '/api/ingest/ping',
    {
      schema: {
        operationId: 'ingestPing',
        tags: ['ingest'],
        summary: 'Connectivity and secret check',
        security: security.platformSecret,
        response: { 200: PingResponse, ...errorResponses(401, 503) },
      },
    },
    async () => ({ ok: true, service: 'ingest', time: iso(deps.clock.now()) }),
  );
};
