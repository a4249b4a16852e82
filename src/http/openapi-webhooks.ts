/** The `webhooks` of the OpenAPI document: one entry per event type the service sends. */
import type { TSchema } from 'typebox';
import { EVENT_SCHEMAS } from '../areas/webhooks/event-schemas.js';
import type { EventType } from '../areas/webhooks/outbox.js';

export interface WebhookEventDoc {
  type: EventType;
  operationId: string;
  summary: string;
  description: string;
  schema: TSchema;
  example: unknown;
}

const CALCULATION = {
  safe_to_spend_today: 18.03,
  daily_allowance: 18.03,
  monthly_safe_to_spend: 540.9,
  breakdown: { cash_after_buffer: 1640.75, upcoming_bills_total: 950, savings_commitments: 150, debt_commitments: 0, discretionary_pool: 540.75, days_in_period: 30 },
  calculation_id: 'calc_01jd3m2a7k9m1n3p5q7r9s1t3v',
  calculated_at: '2026-11-21T10:05:00.000Z',
  partner_id: 'ptr_01jd3k2m4n5p6q7r8s9t0v1w2x',
  is_sandbox: true,
};

const SIGNING =
  ' Verify one of the signature headers over the raw body before parsing it (the typed client: verifyWebhook). ' +
  'Deliveries are at-least-once: ignore an id you have processed. Events about one end-user arrive in order.';

export const WEBHOOK_EVENTS: WebhookEventDoc[] = [
  {
    type: 'calculation.updated',
    operationId: 'onCalculationUpdated',
    summary: 'An end-user result was stored',
    description: 'Sent after POST /api/v1/ingest stored (replaced) an end-user result.' + SIGNING,
    schema: EVENT_SCHEMAS['calculation.updated'],
    example: {
      id: 'evt_01jd3m2a7k9m1n3p5q7r9s1t3v',
      type: 'calculation.updated',
      created_at: '2026-11-21T10:05:00.000Z',
      data: { end_user_id: 'user_123', calculation: CALCULATION },
    },
  },
  {
    type: 'usage.threshold_reached',
    operationId: 'onUsageThresholdReached',
    summary: 'A usage alert threshold was reached (or 80 % of it)',
    description: 'Sent once per month and level when a threshold of PUT /api/v1/usage/alerts reaches 80 % (warning) and 100 % (reached).' + SIGNING,
    schema: EVENT_SCHEMAS['usage.threshold_reached'],
    example: {
      id: 'evt_01jd3q7c2v4w6x8y0z2a4b6c8d',
      type: 'usage.threshold_reached',
      created_at: '2026-11-21T14:00:00.000Z',
      data: { threshold: 'calls_threshold', level: 'warning', limit: 100000, value: 80012, percent: 80, month: '2026-11', environment: 'live' },
    },
  },
  {
    type: 'webhook.test',
    operationId: 'onWebhookTest',
    summary: 'A test event',
    description: 'Sent on demand by POST /api/v1/webhooks/test, to check a receiver.' + SIGNING,
    schema: EVENT_SCHEMAS['webhook.test'],
    example: {
      id: 'evt_01jd3r0a1b2c3d4e5f6g7h8j9k',
      type: 'webhook.test',
      created_at: '2026-11-21T10:10:00.000Z',
      data: { message: 'A test event from the webhook settings', url: 'https://partner.example/webhooks/svc', environment: 'test' },
    },
  },
  {
    type: 'transfer.settled',
    operationId: 'onTransferSettled',
    summary: 'A sandbox transfer settled',
    description:
      'Sent when a sandbox transfer (test key) reaches its settlement date (`expected_settlement` / `estimated_settlement` of POST /api/v1/transfers, ' +
      'the next business day): its movements are posted from then on. Every transfer that did not fail settles; each sends this once.' +
      SIGNING,
    schema: EVENT_SCHEMAS['transfer.settled'],
    example: {
      id: 'evt_01jd5v2b8m0n2p4q6r8s0t2v4w',
      type: 'transfer.settled',
      created_at: '2026-11-23T00:00:41.000Z',
      data: {
        transfer_id: 'tr_0cdd339605e5810b99167c9d',
        account_id: 'acc_61d1cc09d54631afbc45f3f5',
        to_account_id: null,
        amount_cents: 2500,
        direction: 'debit',
        status: 'settled',
        settled_at: '2026-11-23T00:00:00.000Z',
      },
    },
  },
  {
    type: 'transfer.failed',
    operationId: 'onTransferFailed',
    summary: 'A sandbox transfer failed',
    description:
      'Sent when a sandbox transfer (test key) fails: when POST /api/v1/transfers refuses it for insufficient funds (the answer says `failed` too), ' +
      'or when POST /api/v1/sandbox/transfers/{transfer_id}/simulate makes it fail. ' +
      'A failed transfer moves no money and never settles.' +
      SIGNING,
    schema: EVENT_SCHEMAS['transfer.failed'],
    example: {
      id: 'evt_01jd3s4d6f8g0h2j4k6m8n0p2q',
      type: 'transfer.failed',
      created_at: '2026-11-21T10:30:00.000Z',
      data: {
        transfer_id: 'tr_ee92c67a42fec417935d7385',
        account_id: 'acc_61d1cc09d54631afbc45f3f5',
        to_account_id: null,
        amount_cents: 100000000,
        direction: 'debit',
        status: 'failed',
        failed_at: '2026-11-21T10:30:00.000Z',
        failure_reason: {
          code: 'insufficient_funds',
          description: "The account's available balance ($2743.50) is less than the transfer amount ($1000000.00)",
        },
      },
    },
  },
  {
    type: 'transfer.returned',
    operationId: 'onTransferReturned',
    summary: 'A settled sandbox transfer was returned',
    description:
      'Sent when a settled sandbox transfer (test key) is returned (today on demand: POST /api/v1/sandbox/transfers/{transfer_id}/simulate with outcome `returned`): ' +
      'its money goes back and its movements leave the transactions. A returned transfer changes no more.' +
      SIGNING,
    schema: EVENT_SCHEMAS['transfer.returned'],
    example: {
      id: 'evt_01jd6a1c3e5g7j9l1n3q5s7u9w',
      type: 'transfer.returned',
      created_at: '2026-11-24T09:12:00.000Z',
      data: {
        transfer_id: 'tr_0cdd339605e5810b99167c9d',
        account_id: 'acc_61d1cc09d54631afbc45f3f5',
        to_account_id: null,
        amount_cents: 2500,
        direction: 'debit',
        status: 'returned',
        settled_at: '2026-11-23T00:00:00.000Z',
        returned_at: '2026-11-24T09:12:00.000Z',
        return_reason: { code: 'account_closed', description: 'The receiving account is closed' },
      },
    },
  },
];
