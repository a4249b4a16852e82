/** Webhook configuration, the delivery log, resend, test events and the CSV report. */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import { csvOptions, type ExportAnswer } from '../../http/csv.js';
import { yieldToEventLoop } from '../../lib/loop.js';
import { errors } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { DAY_MS, iso, isoOrNull, utcDay } from '../../lib/time.js';
import { enqueueEvent, type EventType } from './outbox.js';
import {
  claimEvent,
  deleteEndpoint,
  deleteUserDeliveries,
  deleteUserEvents,
  getDelivery,
  getEndpoint,
  getEvent,
  insertEndpoint,
  listDeliveries,
  updateEndpoint,
  type DeliveryFilter,
  type DeliveryRow,
  type EndpointRow,
  endpointStateOf,
} from './repo.js';
import { webhookResolver } from './runtime.js';
import { CLOSED, circuitOf, visibleCircuit } from './circuit.js';
import type { WebhookCircuit, WebhookConfig, WebhookConfigBody, WebhookConfigCreated, WebhookDelivery } from './schemas.js';
import { generateSigningSecret, secretHint } from './signing.js';
import { checkWebhookUrl, SsrfError } from './ssrf.js';
import { deliverOne, leaseMs, writeSettlements, type DeliveryDeps } from './worker.js';

export interface Caller {
  partnerId: string;
  environment: Environment;
}

/** How long deliveries stay signed with the previous secret after a rotation. */
export const ROTATION_OVERLAP_MS = DAY_MS;

export function circuitView(ep: Pick<EndpointRow, 'circuit_state' | 'circuit_failures' | 'circuit_trips' | 'circuit_retry_at' | 'circuit_probe_until'>, now: number): WebhookCircuit {
  const v = visibleCircuit(circuitOf(ep), now);
  return { state: v.state, failures: v.failures, retry_at: isoOrNull(v.retry_at) };
}

function toConfig(ep: EndpointRow, now: number): WebhookConfig {
  return {
    url: ep.url,
    events: JSON.parse(ep.events) as string[],
    enabled: Number(ep.enabled) === 1,
    environment: ep.environment,
    secret_hint: ep.secret_hint,
    disabled_reason: ep.disabled_reason,
    created_at: iso(Number(ep.created_at)),
    updated_at: iso(Number(ep.updated_at)),
    circuit: circuitView(ep, now),
  };
}

function previousExpiry(ep: EndpointRow, now: number): string | null {
  const at = ep.previous_secret_expires_at === null ? null : Number(ep.previous_secret_expires_at);
  return at !== null && at > now && ep.previous_secret_enc ? iso(at) : null;
}

export function toDelivery(d: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type,
    url: d.url,
    attempt: Number(d.attempt),
    status: d.status as WebhookDelivery['status'],
    status_code: d.status_code === null ? null : Number(d.status_code),
    duration_ms: Number(d.duration_ms),
    error: d.error,
    response_excerpt: d.response_excerpt,
    created_at: iso(Number(d.created_at)),
    next_attempt_at: isoOrNull(d.next_attempt_at === null ? null : Number(d.next_attempt_at)),
  };
}

async function requireEndpoint(deps: Pick<Deps, 'database'>, caller: Caller): Promise<EndpointRow> {
  const ep = await getEndpoint(deps.database.db, caller.partnerId, caller.environment);
  if (!ep) throw errors.notFound(`No webhook configured for the ${caller.environment} environment`);
  return ep;
}

/** The endpoint's URL and whether it is enabled, for the partner profile; undefined when none is configured. */
export async function endpointState(deps: Pick<Deps, 'database'>, caller: Caller): Promise<{ url: string; enabled: boolean } | undefined> {
  const row = await endpointStateOf(deps.database.db, caller.partnerId, caller.environment);
  return row ? { url: row.url, enabled: Number(row.enabled) === 1 } : undefined;
}

export async function getConfig(deps: Pick<Deps, 'clock' | 'database'>, caller: Caller): Promise<WebhookConfig> {
  return toConfig(await requireEndpoint(deps, caller), deps.clock.now());
}

/**
 * Creates or replaces the configuration of the caller's environment. A new
 * configuration gets a signing secret (returned once); an update keeps the
 * secret (so receivers keep verifying) and answers `secret: null`. Enabling
 * clears a 410 disablement.
 */
export async function setConfig(deps: Pick<Deps, 'clock' | 'config' | 'database' | 'secrets' | 'webhooks'>, caller: Caller, body: WebhookConfigBody): Promise<WebhookConfigCreated> {
  const url = body.url.trim();
  try {
    await checkWebhookUrl(url, deps.config.webhookAllowPrivate, webhookResolver(deps));
  } catch (err) {
    if (err instanceof SsrfError) throw errors.invalid(['body', 'url'], `Value error, ${err.message}`, body.url, 'value_error', { error: err.message });
    throw err;
  }
  const events = [...new Set(body.events)];
  const enabled = body.enabled ?? true;
  const now = deps.clock.now();
  return deps.database.tx(async (trx) => {
    const existing = await getEndpoint(trx, caller.partnerId, caller.environment);
    if (existing) {
      await updateEndpoint(trx, existing.id, {
        url,
        events: JSON.stringify(events),
        enabled: enabled ? 1 : 0,
        disabled_reason: enabled ? null : existing.disabled_reason,
        updated_at: now,
        // Another receiver starts with a closed circuit; the same URL keeps its state.
        ...(url !== existing.url ? CLOSED : {}),
      });
      const ep = (await getEndpoint(trx, caller.partnerId, caller.environment))!;
      return { ...toConfig(ep, now), secret: null, previous_secret_expires_at: previousExpiry(ep, now) };
    }
    const secret = generateSigningSecret();
    const row = {
      id: newId('whe', now),
      partner_id: caller.partnerId,
      environment: caller.environment,
      url,
      events: JSON.stringify(events),
      enabled: enabled ? 1 : 0,
      secret_enc: deps.secrets.seal(secret),
      secret_hint: secretHint(secret),
      previous_secret_enc: null,
      previous_secret_expires_at: null,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
      ...CLOSED,
      // Not timed yet (its first recorded attempt sets it).
      latency_ms: null,
    };
    await insertEndpoint(trx, row);
    return { ...toConfig(row, now), secret, previous_secret_expires_at: null };
  });
}

export async function removeConfig(deps: Pick<Deps, 'database'>, caller: Caller) {
  const n = await deleteEndpoint(deps.database.db, caller.partnerId, caller.environment);
  if (n === 0) throw errors.notFound(`No webhook configured for the ${caller.environment} environment`);
  return { deleted: true, environment: caller.environment };
}

/** New secret, returned once; the previous one keeps signing for 24 hours. */
export async function rotateSecret(deps: Pick<Deps, 'clock' | 'database' | 'secrets'>, caller: Caller): Promise<WebhookConfigCreated> {
  const now = deps.clock.now();
  return deps.database.tx(async (trx) => {
    const ep = await getEndpoint(trx, caller.partnerId, caller.environment);
    if (!ep) throw errors.notFound(`No webhook configured for the ${caller.environment} environment`);
    const secret = generateSigningSecret();
    await updateEndpoint(trx, ep.id, {
      secret_enc: deps.secrets.seal(secret),
      secret_hint: secretHint(secret),
      previous_secret_enc: ep.secret_enc,
      previous_secret_expires_at: now + ROTATION_OVERLAP_MS,
      updated_at: now,
    });
    const updated = (await getEndpoint(trx, caller.partnerId, caller.environment))!;
    return { ...toConfig(updated, now), secret, previous_secret_expires_at: iso(now + ROTATION_OVERLAP_MS) };
  });
}

/**
 * The endpoint's circuit as the delivery log's `Webhook-Circuit` header states it
 * (`closed`, or `open; failures=5; retry_at=…`); null when no webhook is configured.
 */
export async function circuitHeader(deps: Pick<Deps, 'database' | 'clock'>, caller: Caller): Promise<string | null> {
  const ep = await getEndpoint(deps.database.db, caller.partnerId, caller.environment);
  if (!ep) return null;
  const c = circuitView(ep, deps.clock.now());
  return c.state === 'closed' ? 'closed' : `${c.state}; failures=${c.failures}${c.retry_at ? `; retry_at=${c.retry_at}` : ''}`;
}

export async function deliveries(deps: Pick<Deps, 'database'>, caller: Caller, limit: number, filter: DeliveryFilter): Promise<WebhookDelivery[]> {
  const rows = await listDeliveries(deps.database.db, caller.partnerId, caller.environment, limit, filter);
  return rows.map(toDelivery);
}

/**
 * The delivery log as an operation answers it: the records, the retention (days) its header states, and
 * (when asked: the key form) the endpoint's circuit as its `Webhook-Circuit` header states it.
 */
export async function deliveryLog(
  deps: Pick<Deps, 'database' | 'clock' | 'config'>,
  caller: Caller,
  limit: number,
  filter: DeliveryFilter,
  with_: { circuit: boolean },
): Promise<{ deliveries: WebhookDelivery[]; retentionDays: string; circuit: string | null }> {
  const retentionDays = String(deps.config.webhookRetentionDays);
  const circuit = with_.circuit ? await circuitHeader(deps, caller) : null;
  return { deliveries: await deliveries(deps, caller, limit, filter), retentionDays, circuit };
}

/**
 * Sends the event of a delivery record again, now, to the current endpoint, and
 * answers the new attempt's record. A success marks the event delivered (ending
 * its retries); a failure leaves the event's schedule as it was.
 */
export async function resend(deps: DeliveryDeps, caller: Caller, deliveryId: string): Promise<WebhookDelivery> {
  const d = await getDelivery(deps.database.db, caller.partnerId, caller.environment, deliveryId);
  if (!d) throw errors.notFound(`No delivery '${deliveryId}'`);
  return resendEvent(deps, caller, d.event_id, `The event of delivery '${deliveryId}' no longer exists`);
}

/**
 * Sends one of the caller's events again, now, to the current endpoint, and answers the new attempt's record
 * (the rules of `resend`). `gone` is the 404's message when the event does not exist (or not for this caller).
 */
export async function resendEvent(deps: DeliveryDeps, caller: Caller, eventId: string, gone = `No event '${eventId}'`): Promise<WebhookDelivery> {
  const known = await getEvent(deps.database.db, caller.partnerId, caller.environment, eventId);
  if (!known) throw errors.notFound(gone);
  const ep = await requireEndpoint(deps, caller);
  if (Number(ep.enabled) !== 1) throw errors.conflict('The webhook endpoint is disabled: enable it with POST /api/v1/webhooks first');
  const token = newId('clm', deps.clock.now());
  const ev = await claimEvent(deps.database.db, eventId, { now: deps.clock.now(), leaseMs: leaseMs(deps), token });
  if (!ev) {
    const exists = await getEvent(deps.database.db, caller.partnerId, caller.environment, eventId);
    if (!exists) throw errors.notFound(gone);
    throw errors.inProgress('This event is being delivered right now; try again in a moment');
  }
  const s = await deliverOne(deps, ev, ep, token, true);
  await writeSettlements(deps, [s]);
  return toDelivery(s.delivery);
}

/** Queues a `webhook.test` event to the caller's endpoint (delivered like any other event). */
export async function sendTestEvent(deps: Pick<Deps, 'clock' | 'database' | 'webhooks'>, caller: Caller) {
  const ep = await requireEndpoint(deps, caller);
  if (Number(ep.enabled) !== 1) throw errors.conflict('The webhook endpoint is disabled: enable it with POST /api/v1/webhooks first');
  const now = deps.clock.now();
  const id = await deps.database.tx((trx) =>
    enqueueEvent(deps, trx, {
      partnerId: caller.partnerId,
      environment: caller.environment,
      type: 'webhook.test',
      data: { message: 'A test event from the webhook settings', url: ep.url, environment: caller.environment },
      orderingKey: null,
      now,
    }),
  );
  return { event_id: id, type: 'webhook.test' as const, created_at: iso(now), status: 'queued' as const };
}

/**
 * Queues an event of any type with made-up data to the caller's endpoint, marked `"fired": true` and delivered
 * whatever the configuration subscribes to (POST /api/v1/sandbox/webhooks/fire). 404 with no endpoint, 409 when disabled.
 */
export async function queueFiredEvent(deps: Pick<Deps, 'clock' | 'database' | 'webhooks'>, caller: Caller, type: EventType, data: (now: number, url: string) => Record<string, unknown>) {
  const ep = await requireEndpoint(deps, caller);
  if (Number(ep.enabled) !== 1) throw errors.conflict('The webhook endpoint is disabled: enable it with POST /api/v1/webhooks first');
  const now = deps.clock.now();
  const id = await deps.database.tx((trx) =>
    enqueueEvent(deps, trx, { partnerId: caller.partnerId, environment: caller.environment, type, data: data(now, ep.url), orderingKey: null, now, fired: true }),
  );
  return { event_id: id, type, created_at: iso(now), status: 'queued' as const, url: ep.url };
}

/**
 * Registers this area's erasers: the delivery records of an end-user's events,
 * then the events themselves (the records would go with them by cascade; erasing
 * them first gives the erasure answer their real count).
 */
export function registerWebhookErasers(deps: Pick<Deps, 'erasers'>): void {
  deps.erasers.set('webhook_deliveries', (trx, p, env, u) => deleteUserDeliveries(trx, p, env, u));
  deps.erasers.set('webhook_events', (trx, p, env, u) => deleteUserEvents(trx, p, env, u));
}

export const CSV_COLUMNS = [
  'id',
  'created_at',
  'event_id',
  'event_type',
  'url',
  'attempt',
  'status',
  'status_code',
  'duration_ms',
  'error',
  'response_excerpt',
  'next_attempt_at',
] as const;

const PAGE = 500;

/**
 * GET …/reports/webhooks.csv: holds the caller's one export slot until `answer` closes (429 while another runs), then
 * streams the delivery log.
 */
export function deliveriesReport(
  deps: Pick<Deps, 'database' | 'exports' | 'clock'>,
  caller: Caller,
  filter: Omit<DeliveryFilter, 'before' | 'eventId'>,
  answer: ExportAnswer,
): { filename: string; stream: Readable } {
  deps.exports.hold(answer, `${caller.partnerId}|${caller.environment}`);
  return { filename: `webhook-deliveries-${caller.environment}-${utcDay(deps.clock.now())}.csv`, stream: deliveriesCsv(deps, caller, filter) };
}

/** The delivery log as a CSV stream, newest first, read page by page. */
export function deliveriesCsv(deps: Pick<Deps, 'database'>, caller: Caller, filter: Omit<DeliveryFilter, 'before' | 'eventId'>): Readable {
  async function* rows() {
    let before: [number, string] | undefined;
    for (;;) {
      const page = await listDeliveries(deps.database.db, caller.partnerId, caller.environment, PAGE, { ...filter, before });
      await yieldToEventLoop();
      for (const r of page) {
        const d = toDelivery(r);
        yield [
          d.id,
          d.created_at,
          d.event_id,
          d.event_type,
          d.url,
          d.attempt,
          d.status,
          d.status_code ?? '',
          d.duration_ms,
          d.error,
          d.response_excerpt,
          d.next_attempt_at ?? '',
        ];
      }
      if (page.length < PAGE) return;
      const last = page[page.length - 1];
      before = [Number(last.created_at), last.id];
    }
  }
  const source = Readable.from(rows());
  const csv = stringify({ ...csvOptions(), header: true, columns: [...CSV_COLUMNS] });
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
