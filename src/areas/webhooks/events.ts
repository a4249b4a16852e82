/** The event inspector: a partner's webhook events, each with the payload as delivered and its newest attempts. */
import type { Deps } from '../../context.js';
import { errors } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { parseDateRange } from '../../http/date-range.js';
import { iso, isoOrNull } from '../../lib/time.js';
import { countEventDeliveries, eventDeliveries, getEvent, listEvents, type DeliveryRow } from './repo.js';
import { EVENT_ATTEMPTS_SHOWN, type WebhookAttempt, type WebhookEventDetail, type WebhookEventSummary } from './schemas.js';
import { toDelivery, type Caller } from './service.js';

export interface EventsQuery {
  limit: number;
  cursor?: string;
  type?: string;
  status?: string;
  since?: string;
}

function toSummary(r: { id: string; type: string; state: string; attempts: number; created_at: number; next_attempt_at: number }): WebhookEventSummary {
  return {
    id: r.id,
    type: r.type,
    state: r.state as WebhookEventSummary['state'],
    attempts: Number(r.attempts),
    created_at: iso(Number(r.created_at)),
    next_attempt_at: r.state === 'pending' ? isoOrNull(Number(r.next_attempt_at)) : null,
  };
}

function headersOf(text: string | null): Record<string, string> | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}

export function toAttempt(d: DeliveryRow): WebhookAttempt {
  return {
    ...toDelivery(d),
    request_headers: headersOf(d.request_headers),
    response_headers: headersOf(d.response_headers),
    response_body_excerpt: d.response_body_excerpt,
  };
}

/** The caller's events, newest first, filtered by type, state and creation time; keyset pages. */
export async function listEventsOf(deps: Pick<Deps, 'database'>, caller: Caller, q: EventsQuery): Promise<{ data: WebhookEventSummary[]; next_cursor: string | null }> {
  const before = q.cursor ? decodeCursor(q.cursor, ['number', 'string']) : undefined;
  const { since } = parseDateRange({ since: q.since });
  const rows = await listEvents(deps.database.db, caller.partnerId, caller.environment, q.limit + 1, {
    type: q.type,
    state: q.status,
    since: since ?? undefined,
    before: before as [number, string] | undefined,
  });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    data: page.map(toSummary),
    next_cursor: rows.length > q.limit && last ? encodeCursor([Number(last.created_at), last.id]) : null,
  };
}

/**
 * One event: its payload as delivered, its newest `EVENT_ATTEMPTS_SHOWN` attempts (oldest first among them) and how
 * many it has in all; 404 for another partner's or environment's.
 */
export async function eventDetail(deps: Pick<Deps, 'database'>, caller: Caller, eventId: string): Promise<WebhookEventDetail> {
  const db = deps.database.db;
  const ev = await getEvent(db, caller.partnerId, caller.environment, eventId);
  if (!ev) throw errors.notFound(`No event '${eventId}'`);
  const [newest, total] = await Promise.all([
    eventDeliveries(db, caller.partnerId, caller.environment, eventId, EVENT_ATTEMPTS_SHOWN),
    countEventDeliveries(db, caller.partnerId, caller.environment, eventId),
  ]);
  return {
    ...toSummary({ ...ev, created_at: Number(ev.created_at), attempts: Number(ev.attempts), next_attempt_at: Number(ev.next_attempt_at) }),
    payload: ev.payload,
    deliveries: newest.reverse().map(toAttempt),
    // An attempt recorded between the two reads: never fewer than those listed.
    deliveries_total: Math.max(total, newest.length),
  };
}
