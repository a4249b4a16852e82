/**
 * The bodies the service POSTs to a partner's webhook URL, one schema per event type of
 * EVENT_TYPES (outbox.ts): `{id, type, created_at, data}`. The OpenAPI document lists them
 * under `webhooks` (src/http/openapi-webhooks.ts); the typed client returns them from verifyWebhook.
 */
import { Type, type TSchema } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { CalculateResponse } from '../calculations/schemas.js';
import type { EventType } from './outbox.js';

function envelope<T extends EventType, D extends TSchema>(type: T, title: string, data: D, description: string) {
  return Type.Object(
    {
      id: Type.String({ description: 'The event id (evt_…): the same on every retry; use it to ignore a repeat' }),
      type: Type.Literal(type),
      created_at: Type.String({ description: 'When the event happened (ISO 8601 UTC)' }),
      data: data,
      fired: Type.Optional(
        Type.Literal(true, {
          description: 'Present (true) only on an event fired by POST /api/v1/sandbox/webhooks/fire: its data is made up, nothing happened. Absent on every real event.',
        }),
      ),
    },
    { title, description },
  );
}

export const CalculationUpdatedEvent = envelope(
  'calculation.updated',
  'CalculationUpdatedEvent',
  Type.Object({ end_user_id: Type.String(), calculation: CalculateResponse }, { title: 'CalculationUpdatedData' }),
  'Sent after POST /api/v1/ingest stored an end-user result.',
);

export const UsageThresholdReachedEvent = envelope(
  'usage.threshold_reached',
  'UsageThresholdReachedEvent',
  Type.Object(
    {
      threshold: Type.Union([Type.Literal('calls_threshold'), Type.Literal('unique_users_threshold'), Type.Literal('bill_threshold_usd')]),
      level: Type.Union([Type.Literal('warning'), Type.Literal('reached')], { description: 'warning at 80 % of the threshold, reached at 100 %' }),
      limit: Type.Number({ description: 'The threshold (USD for bill_threshold_usd)' }),
      value: Type.Number({ description: 'The usage of the month when it fired (USD for bill_threshold_usd)' }),
      percent: Type.Integer({ description: 'value as a whole percentage of limit' }),
      month: Type.String({ description: 'YYYY-MM (UTC)' }),
      environment: Type.Union([Type.Literal('test'), Type.Literal('live')]),
    },
    { title: 'UsageThresholdData' },
  ),
  'Sent once per month and level when a usage alert threshold (PUT /api/v1/usage/alerts) reaches 80 % (warning) and 100 % (reached).',
);

export const WebhookTestEvent = envelope(
  'webhook.test',
  'WebhookTestEvent',
  Type.Object(
    { message: Type.String(), url: Type.String({ description: 'The configured URL' }), environment: Type.Union([Type.Literal('test'), Type.Literal('live')]) },
    { title: 'WebhookTestData' },
  ),
  'Sent on demand by POST /api/v1/webhooks/test, to check a receiver; delivered like any other event.',
);

/** What both transfer events say about the transfer (sandbox transfers: src/areas/sandbox/settlement.ts). */
const transferFields = {
  transfer_id: Type.String({ description: 'The transfer: `transfer_id` (shape A) or `id` (shape B) of POST /api/v1/transfers' }),
  account_id: Type.String({ description: 'Shape A: the account; shape B: the account debited (from_account_id)' }),
  to_account_id: Nullable(Type.String({ description: 'Shape B: the account credited; null for shape A' })),
  amount_cents: Type.Integer({ description: 'The amount, in cents' }),
  direction: Type.Union([Type.Literal('debit'), Type.Literal('credit')], { description: 'debit: money out of account_id; credit: money into it' }),
};

export const TransferSettledEvent = envelope(
  'transfer.settled',
  'TransferSettledEvent',
  Type.Object(
    {
      ...transferFields,
      status: Type.Literal('settled'),
      settled_at: Type.String({ description: 'When it settled (ISO 8601 UTC): the start of its settlement date, the date POST /api/v1/transfers gave' }),
    },
    { title: 'TransferSettledData' },
  ),
  'Sent when a sandbox transfer (test key) reaches its settlement date: its movements are posted from then on.',
);

export const TransferFailedEvent = envelope(
  'transfer.failed',
  'TransferFailedEvent',
  Type.Object(
    {
      ...transferFields,
      status: Type.Literal('failed'),
      failed_at: Type.String({ description: 'When it failed (ISO 8601 UTC)' }),
      failure_reason: Type.Object({ code: Type.String({ description: 'e.g. insufficient_funds' }), description: Type.String() }, { title: 'TransferFailureReason' }),
    },
    { title: 'TransferFailedData' },
  ),
  'Sent when a sandbox transfer (test key) fails: when POST /api/v1/transfers refused it for insufficient funds (its answer says `failed` too), or when a failure is simulated (POST /api/v1/sandbox/transfers/{transfer_id}/simulate). A failed transfer moves no money and never settles.',
);

export const TransferReturnedEvent = envelope(
  'transfer.returned',
  'TransferReturnedEvent',
  Type.Object(
    {
      ...transferFields,
      status: Type.Literal('returned'),
      settled_at: Type.String({ description: 'When it had settled (ISO 8601 UTC)' }),
      returned_at: Type.String({ description: 'When it was returned (ISO 8601 UTC)' }),
      return_reason: Type.Object({ code: Type.String({ description: 'e.g. account_closed' }), description: Type.String() }, { title: 'TransferReturnReason' }),
    },
    { title: 'TransferReturnedData' },
  ),
  'Sent when a settled sandbox transfer (test key) is returned: its money goes back, and its movements leave the transactions. Today a return is simulated (POST /api/v1/sandbox/transfers/{transfer_id}/simulate).',
);

/** Every event schema, by type. */
export const EVENT_SCHEMAS = {
  'calculation.updated': CalculationUpdatedEvent,
  'usage.threshold_reached': UsageThresholdReachedEvent,
  'webhook.test': WebhookTestEvent,
  'transfer.settled': TransferSettledEvent,
  'transfer.failed': TransferFailedEvent,
  'transfer.returned': TransferReturnedEvent,
} satisfies Record<EventType, TSchema>;
