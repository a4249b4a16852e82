import { Type, type Static } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { EVENT_TYPES } from './outbox.js';

export const EventTypeSchema = Type.Enum([...EVENT_TYPES], { description: `One of: ${EVENT_TYPES.join(', ')}` });

export const WebhookConfigBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'https URL on a public address (http and private addresses only with WEBHOOK_ALLOW_PRIVATE=true)' }),
    events: Type.Array(EventTypeSchema, { minItems: 1, maxItems: 20, description: 'Event types to receive (duplicates are ignored)' }),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { title: 'WebhookConfigBody' },
);
export type WebhookConfigBody = Static<typeof WebhookConfigBody>;

export const WebhookCircuit = Type.Object(
  {
    state: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('half_open')], {
      description:
        'closed: deliveries flow. open: after WEBHOOK_BREAKER_FAILURES failed attempts in a row (no answer, 5xx, 429) nothing is sent until retry_at; ' +
        'due events wait and their attempts are not spent. half_open: retry_at has come, one probe delivery goes; its success closes the circuit, its failure opens it again for twice as long.',
    }),
    failures: Type.Integer({ minimum: 0, description: 'Failed attempts in a row' }),
    retry_at: Nullable(Type.String({ description: 'While open or half-open: when the probe delivery goes (ISO 8601)' })),
  },
  { title: 'WebhookCircuit' },
);
export type WebhookCircuit = Static<typeof WebhookCircuit>;

const configFields = {
  url: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
  secret_hint: Type.String({ description: 'The end of the signing secret, to tell secrets apart' }),
  disabled_reason: Nullable(Type.String({ description: 'Why the service disabled the endpoint (e.g. the receiver answered 410)' })),
  created_at: Type.String(),
  updated_at: Type.String(),
  circuit: WebhookCircuit,
};

export const WebhookConfig = Type.Object(configFields, { title: 'WebhookConfig' });
export type WebhookConfig = Static<typeof WebhookConfig>;

export const WebhookConfigCreated = Type.Object(
  {
    ...configFields,
    secret: Nullable(
      Type.String({
        description:
          'The signing secret (whsec_…), shown this one time: on creation and on rotation. null when an existing configuration was updated (its secret is unchanged).',
      }),
    ),
    previous_secret_expires_at: Nullable(Type.String({ description: 'After a rotation: until when deliveries are also signed with the previous secret' })),
  },
  { title: 'WebhookConfigCreated' },
);
export type WebhookConfigCreated = Static<typeof WebhookConfigCreated>;

export const DeliveryStatus = Type.Union([Type.Literal('delivered'), Type.Literal('failed')]);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String(),
    event_id: Type.String(),
    event_type: Type.String(),
    url: Type.String(),
    attempt: Type.Integer({ minimum: 1 }),
    status: DeliveryStatus,
    status_code: Nullable(Type.Integer()),
    duration_ms: Type.Integer(),
    error: Nullable(Type.String()),
    response_excerpt: Nullable(Type.String({ description: 'The first 1 KiB of the response body' })),
    created_at: Type.String(),
    next_attempt_at: Nullable(Type.String({ description: 'When the next automatic attempt of this event is due; null when none follows' })),
  },
  { title: 'WebhookDelivery' },
);
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const DeliveriesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 1000, default: 100 }),
  status: Type.Optional(DeliveryStatus),
  event_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only the attempts of this event' })),
  event_type: Type.Optional(EventTypeSchema),
});

export const DeliveryParams = Type.Object({ delivery_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const WebhookDeleted = Type.Object(
  { deleted: Type.Boolean(), environment: Type.String() },
  { title: 'WebhookDeleted', additionalProperties: true },
);

export const WebhookTestQueued = Type.Object(
  {
    event_id: Type.String(),
    type: Type.Literal('webhook.test'),
    created_at: Type.String(),
    status: Type.Literal('queued'),
  },
  { title: 'WebhookTestQueued' },
);

export const WebhooksCsvQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 date or date-time; attempts at or after it' })),
  until: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 date-time (attempts before it) or date (attempts up to the end of that UTC day)' })),
  status: Type.Optional(DeliveryStatus),
});

// ---------------------------------------------------------------- the event inspector

export const EventState = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('exhausted'), Type.Literal('skipped')], {
  description:
    'pending: waiting for its next attempt. delivered: an attempt succeeded. exhausted: every attempt failed (or the receiver answered 410). ' +
    'skipped: no enabled configuration of the environment took its type when it was due.',
});

export const WebhookEventSummary = Type.Object(
  {
    id: Type.String(),
    type: Type.String(),
    state: EventState,
    attempts: Type.Integer({ minimum: 0, description: 'Attempts made (a resend counts too)' }),
    created_at: Type.String(),
    next_attempt_at: Nullable(Type.String({ description: 'While pending: when its next attempt is due' })),
  },
  { title: 'WebhookEventSummary' },
);
export type WebhookEventSummary = Static<typeof WebhookEventSummary>;

export const WebhookEventList = Type.Object(
  {
    data: Type.Array(WebhookEventSummary),
    next_cursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next (older) page; null on the last' })),
  },
  { title: 'WebhookEventList' },
);

export const WebhookAttempt = Type.Object(
  {
    ...WebhookDelivery.properties,
    request_headers: Nullable(
      Type.Record(Type.String(), Type.String(), {
        description: 'The headers sent, the signature headers included (a signature, never the secret); null for attempts made before they were kept',
      }),
    ),
    response_headers: Nullable(Type.Record(Type.String(), Type.String(), { description: "The answer's headers (at most 50, each value up to 512 characters); null without an answer" })),
    response_body_excerpt: Nullable(
      Type.String({ description: "The first 4 KiB of the answer's body, decoded as UTF-8 (invalid bytes as U+FFFD), control characters shown as Control Pictures" }),
    ),
  },
  { title: 'WebhookAttempt' },
);
export type WebhookAttempt = Static<typeof WebhookAttempt>;

/**
 * How many attempts one event's answer lists at most (the newest ones): each carries headers and up to 4 KiB of
 * body, and every resend adds one. The delivery log filtered by the event (`event_id`) lists the others.
 */
export const EVENT_ATTEMPTS_SHOWN = 50;

export const WebhookEventDetail = Type.Object(
  {
    ...WebhookEventSummary.properties,
    payload: Type.String({ description: 'The body as delivered (JSON text, byte for byte what the signatures cover)' }),
    deliveries: Type.Array(WebhookAttempt, {
      maxItems: EVENT_ATTEMPTS_SHOWN,
      description: `The newest ${EVENT_ATTEMPTS_SHOWN} attempts, oldest first (every attempt: GET /api/v1/webhooks/deliveries?event_id=…)`,
    }),
    deliveries_total: Type.Integer({ minimum: 0, description: 'Every attempt of the event, those not listed included' }),
  },
  { title: 'WebhookEventDetail' },
);
export type WebhookEventDetail = Static<typeof WebhookEventDetail>;

export const EventsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: '`next_cursor` of the previous page' })),
  type: Type.Optional(EventTypeSchema),
  status: Type.Optional(EventState),
  since: Type.Optional(Type.String({ maxLength: 40, description: 'ISO 8601 date or date-time: events created at or after it' })),
});

export const EventParams = Type.Object({ event_id: Type.String({ minLength: 1, maxLength: 64 }) });
