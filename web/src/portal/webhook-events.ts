/** What the Webhooks and Events pages share: the event types in words, and the address of an event's own page. */
import type { Environment } from '../api/client';
import type { EventType } from './api/webhooks';

export const EVENT_TYPES: { type: EventType; label: string }[] = [
  { type: 'calculation.updated', label: 'calculation.updated: an end-user’s cached calculation changed' },
  { type: 'usage.threshold_reached', label: 'usage.threshold_reached: a usage alert threshold fired' },
  { type: 'webhook.test', label: 'webhook.test: a test event you send from this page' },
  { type: 'transfer.settled', label: 'transfer.settled: a sandbox transfer settled' },
  { type: 'transfer.failed', label: 'transfer.failed: a sandbox transfer failed' },
  { type: 'transfer.returned', label: 'transfer.returned: a settled sandbox transfer was returned' },
];

/** The address of an event's own page (under the router's /portal), in the environment shown. */
export function eventHref(env: Environment, id: string): string {
  return `/events/${encodeURIComponent(id)}?env=${env}`;
}
