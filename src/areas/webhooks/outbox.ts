/**
 * The webhook outbox. A change that causes an event writes the event row in its
 * own transaction, so an acknowledged change always has its event; the delivery
 * workers take it from there.
 */
import { EventEmitter } from 'node:events';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import { newId } from '../../lib/ids.js';
import { iso } from '../../lib/time.js';

/** Every event type the service can send (the closed list webhook configurations choose from). */
export const EVENT_TYPES = ['calculation.updated', 'usage.threshold_reached', 'webhook.test'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface OutboxEvent {
  partnerId: string;
  environment: Environment;
  type: EventType;
  data: Record<string, unknown>;
  /** Deliveries with the same key (e.g. the end-user id) keep their order. */
  orderingKey?: string | null;
  now: number;
}

/**
 * Emits `enqueued` when an event row is written in this process, so the delivery
 * worker of this process looks for it at once instead of at its next poll (the
 * row becomes visible when the caller's transaction commits).
 */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(100);

export function eventRow(ev: OutboxEvent) {
  const id = newId('evt', ev.now);
  const payload = JSON.stringify({ id, type: ev.type, created_at: iso(ev.now), data: ev.data });
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
export async function enqueueEvent(trx: Executor, ev: OutboxEvent): Promise<string> {
  return (await enqueueEvents(trx, [ev]))[0];
}

/** Writes several event rows in one statement, ids in the order given; returns the ids. */
export async function enqueueEvents(trx: Executor, evs: OutboxEvent[]): Promise<string[]> {
  if (evs.length === 0) return [];
  const rows = evs.map(eventRow);
  await trx.insertInto('webhook_events').values(rows).execute();
  outboxSignal.emit('enqueued');
  return rows.map((r) => r.id);
}
