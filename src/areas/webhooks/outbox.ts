/**
 * The webhook outbox. A change that causes an event writes the event row in its
 * own transaction, so an acknowledged change always has its event; the delivery
 * workers take it from there.
 */
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';
import { insertEvents } from './repo.js';
import type { WebhookRuntime } from './runtime.js';

/** Every event type the service can send (the closed list webhook configurations choose from). */
export const EVENT_TYPES = ['calculation.updated', 'usage.threshold_reached', 'webhook.test', 'transfer.settled', 'transfer.failed', 'transfer.returned'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface OutboxEvent {
  partnerId: string;
  environment: Environment;
  type: EventType;
  data: Record<string, unknown>;
  /** Deliveries with the same key (e.g. the end-user id) keep their order. */
  orderingKey?: string | null;
  now: number;
  /** Fired on demand with made-up data (POST /api/v1/sandbox/webhooks/fire): the payload says `"fired": true` and goes whatever the subscription. */
  fired?: boolean;
}

export function eventRow(ev: OutboxEvent) {
  const id = newId('evt', ev.now);
  const payload = JSON.stringify(ev.fired ? { id, type: ev.type, created_at: iso(ev.now), data: ev.data, fired: true } : { id, type: ev.type, created_at: iso(ev.now), data: ev.data });
  return {
    id,
    partner_id: ev.partnerId,
    environment: ev.environment,
    type: ev.type,
    ordering_key: ev.orderingKey ?? null,
    payload,
    created_at: ev.now,
    state: 'pending',
    attempts: 0,
    next_attempt_at: ev.now,
    locked_until: null,
  };
}

/** Writes one event row (state `pending`, due now) and returns its id. */
export async function enqueueEvent(deps: { webhooks: WebhookRuntime }, trx: Executor, ev: OutboxEvent): Promise<string> {
  return (await enqueueEvents(deps, trx, [ev]))[0];
}

/**
 * Writes several event rows in one statement, ids in the order given; returns the ids.
 * Tells this process's delivery worker (deps.webhooks.outbox), which looks for them at
 * once instead of at its next poll (the rows become visible when `trx` commits).
 */
export async function enqueueEvents(deps: { webhooks: WebhookRuntime }, trx: Executor, evs: OutboxEvent[]): Promise<string[]> {
  if (evs.length === 0) return [];
  const rows = evs.map(eventRow);
  await insertEvents(trx, rows);
  deps.webhooks.outbox.emit('enqueued');
  return rows.map((r) => r.id);
}
