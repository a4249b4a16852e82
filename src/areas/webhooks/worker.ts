/**
 * The delivery worker. Events come from the outbox (webhook_events); a pass
 * claims due events (claimDueEvents: FOR UPDATE SKIP LOCKED on PostgreSQL, a
 * single-statement claim on SQLite), sends each to its partner's endpoint, and
 * writes one delivery record per attempt together with the event's new state.
 *
 *   runDeliveryPass(deps)      one pass, awaited to the end (tests, the CLI)
 *   startWebhookWorker(deps)   the background loop: keeps up to `concurrency`
 *                              deliveries in flight, wakes on new events in this
 *                              process and polls for the rest
 */
import { EventEmitter } from 'node:events';
import type { Deps } from '../../context.js';
import type { WorkerHandle } from '../../lib/loop.js';
import type { Environment } from '../../db/schema/index.js';
import type { WebhookDeliveriesTable } from '../../db/schema/webhooks.js';
import { newId } from '../../lib/ids.js';
import { attemptDelivery, nextAttemptAt, type AttemptResult } from './delivery.js';
import {
  claimDueEvents,
  disableEndpoint,
  endpointsFor,
  insertDeliveries,
  lockExistingEvents,
  settleDelivered,
  settleEvent,
  skipEvents,
  type EndpointRow,
  type EventOutcome,
  type EventRow,
} from './repo.js';
import { webhookAgent } from './runtime.js';

/** How long a claim holds an event: longer than one attempt can take, short enough to recover from a crash. */
export function leaseMs(deps: Deps): number {
  return 2 * deps.config.webhookTimeoutMs + 10_000;
}

/** The secrets a delivery is signed with: the current one, then the previous one during its 24 h overlap. */
export function signingSecrets(deps: Deps, ep: EndpointRow, now: number): string[] {
  const out = [deps.secrets.open(ep.secret_enc)];
  if (ep.previous_secret_enc && ep.previous_secret_expires_at !== null && Number(ep.previous_secret_expires_at) > now) {
    out.push(deps.secrets.open(ep.previous_secret_enc));
  }
  return out;
}

export function subscribed(ep: EndpointRow | undefined, type: string): ep is EndpointRow {
  if (!ep || Number(ep.enabled) !== 1) return false;
  if (type === 'webhook.test') return true;
  try {
    return (JSON.parse(ep.events) as string[]).includes(type);
  } catch {
    return false;
  }
}

/** What one attempt leads to: the delivery record and the event's next state. */
export interface Settlement {
  delivery: WebhookDeliveriesTable;
  outcome: EventOutcome;
  /** Endpoint to disable (the receiver answered 410). */
  disable: { id: string; reason: string } | null;
  /** A manual resend (settled by its exact values, never grouped). */
  manual: boolean;
}

export function settle(deps: Deps, ev: EventRow, ep: EndpointRow, token: string, result: AttemptResult, at: number, manual = false): Settlement {
  const attempt = Number(ev.attempts) + 1;
  let state: EventOutcome['state'];
  let next: number | null = null;
  if (result.ok) state = 'delivered';
  else if (result.gone) state = 'exhausted';
  else if (manual) {
    // A manual resend that fails leaves the event where it was (its schedule is unchanged).
    state = ev.state as EventOutcome['state'];
    next = ev.state === 'pending' ? Number(ev.next_attempt_at) : null;
  } else {
    next = nextAttemptAt(deps.config.webhookRetryScheduleMs, attempt, at, result.retryAfterMs);
    state = next === null ? 'exhausted' : 'pending';
  }
  deps.metrics.webhookAttempt(result, state === 'exhausted' && ev.state !== 'exhausted');
  return {
    delivery: {
      id: newId('whd', at),
      partner_id: ev.partner_id,
      environment: ev.environment,
      event_id: ev.id,
      event_type: ev.type,
      endpoint_id: ep.id,
      url: ep.url,
      attempt,
      status: result.ok ? 'delivered' : 'failed',
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      error: result.error,
      response_excerpt: result.excerpt,
      created_at: at,
      next_attempt_at: next,
    },
    outcome: {
      id: ev.id,
      token,
      state,
      attempts: attempt,
      nextAttemptAt: next ?? Number(ev.next_attempt_at),
      completedAt: state === 'pending' ? null : at,
    },
    disable: result.gone ? { id: ep.id, reason: `the receiver answered 410 Gone at ${new Date(at).toISOString()}` } : null,
    manual,
  };
}

/** Sends one claimed event to its endpoint. */
export async function deliverOne(deps: Deps, ev: EventRow, ep: EndpointRow, token: string, manual = false): Promise<Settlement> {
  const now = deps.clock.now();
  const result = await attemptDelivery(
    webhookAgent(deps),
    { url: ep.url, eventId: ev.id, eventType: ev.type, body: ev.payload, attempt: Number(ev.attempts) + 1, secrets: signingSecrets(deps, ep, now), now },
    deps.config.webhookTimeoutMs,
  );
  return settle(deps, ev, ep, token, result, deps.clock.now(), manual);
}

/**
 * Writes settlements in one transaction (records, event states, disabled endpoints).
 * An outcome whose event no longer exists (its end-user was erased while the attempt
 * was in flight) is dropped alone; when the transaction fails all the same, each
 * settlement is written on its own, so one cannot cost the others their records (and
 * their partners a second delivery).
 */
export async function writeSettlements(deps: Deps, list: Settlement[]): Promise<void> {
  if (list.length === 0) return;
  try {
    await writeSettlementGroup(deps, list);
  } catch (err) {
    if (list.length === 1) throw err;
    deps.log.warn({ err, count: list.length }, 'recording webhook deliveries together failed: recording them one by one');
    let failed: unknown = null;
    for (const s of list) {
      try {
        await writeSettlementGroup(deps, [s]);
      } catch (one) {
        failed ??= one;
        deps.log.error({ err: one, event: s.outcome.id }, 'could not record a webhook delivery');
      }
    }
    if (failed) throw failed;
  }
}

async function writeSettlementGroup(deps: Deps, all: Settlement[]): Promise<void> {
  await deps.database.tx(async (trx) => {
    const alive = await lockExistingEvents(trx, deps.database, [...new Set(all.map((s) => s.outcome.id))]);
    const list = all.filter((s) => alive.has(s.outcome.id));
    if (list.length < all.length) deps.log.info({ dropped: all.length - list.length }, 'delivery outcomes of erased events dropped');
    await insertDeliveries(
      trx,
      list.map((s) => s.delivery),
    );
    // Delivered events of one claim: one statement per claim; the others one by one.
    const delivered = new Map<string, { ids: string[]; at: number }>();
    for (const s of list) {
      const o = s.outcome;
      if (o.state === 'delivered' && o.attempts === s.delivery.attempt && !s.manual) {
        const g = delivered.get(o.token) ?? { ids: [], at: 0 };
        g.ids.push(o.id);
        g.at = Math.max(g.at, o.completedAt ?? 0);
        delivered.set(o.token, g);
      } else {
        await settleEvent(trx, o);
      }
    }
    for (const [token, g] of delivered) await settleDelivered(trx, token, g.ids, g.at);
    const disabled = new Set<string>();
    for (const s of list) {
      if (s.disable && !disabled.has(s.disable.id)) {
        disabled.add(s.disable.id);
        await disableEndpoint(trx, s.disable.id, s.disable.reason, s.delivery.created_at);
      }
    }
  });
}

/** Splits claimed events into deliverable (with their endpoint) and skipped (no enabled endpoint subscribed). */
async function routeClaimed(deps: Deps, events: EventRow[], token: string): Promise<{ ev: EventRow; ep: EndpointRow }[]> {
  const eps = await endpointsFor(
    deps.database.db,
    events.map((e) => ({ partnerId: e.partner_id, environment: e.environment as Environment })),
  );
  const byPair = new Map(eps.map((e) => [`${e.partner_id}|${e.environment}`, e]));
  const deliver: { ev: EventRow; ep: EndpointRow }[] = [];
  const skip: string[] = [];
  for (const ev of events) {
    const ep = byPair.get(`${ev.partner_id}|${ev.environment}`);
    if (subscribed(ep, ev.type)) deliver.push({ ev, ep });
    else skip.push(ev.id);
  }
  await skipEvents(deps.database.db, skip, token, deps.clock.now());
  return deliver;
}

export interface PassResult {
  claimed: number;
  delivered: number;
  failed: number;
  skipped: number;
  exhausted: number;
}

/** One delivery pass: claim up to `limit` due events, send them all, write the outcomes. */
export async function runDeliveryPass(deps: Deps, opts: { limit?: number } = {}): Promise<PassResult> {
  const token = newId('clm', deps.clock.now());
  const claimed = await claimDueEvents(deps.database.db, deps.database, {
    now: deps.clock.now(),
    limit: opts.limit ?? 100,
    leaseMs: leaseMs(deps),
    token,
  });
  const deliver = await routeClaimed(deps, claimed, token);
  const settlements = await Promise.all(deliver.map(({ ev, ep }) => deliverOne(deps, ev, ep, token)));
  await writeSettlements(deps, settlements);
  return {
    claimed: claimed.length,
    delivered: settlements.filter((s) => s.delivery.status === 'delivered').length,
    failed: settlements.filter((s) => s.delivery.status === 'failed').length,
    skipped: claimed.length - deliver.length,
    exhausted: settlements.filter((s) => s.outcome.state === 'exhausted').length,
  };
}

/** Runs passes until nothing is due (tests; `maxPasses` bounds it). */
export async function drainDeliveries(deps: Deps, maxPasses = 50): Promise<PassResult> {
  const total: PassResult = { claimed: 0, delivered: 0, failed: 0, skipped: 0, exhausted: 0 };
  for (let i = 0; i < maxPasses; i++) {
    const r = await runDeliveryPass(deps);
    for (const k of Object.keys(total) as (keyof PassResult)[]) total[k] += r[k];
    if (r.claimed === 0) break;
  }
  return total;
}

export interface WorkerOptions {
  /** Deliveries in flight at once (default 64). */
  concurrency?: number;
  /** Poll interval when idle, ms (default 500). New events in this process wake the loop at once. */
  pollMs?: number;
  name?: string;
}

/**
 * The background delivery loop. It claims as many due events as it has free
 * delivery slots, sends each as soon as it is claimed, and writes outcomes with
 * group commit (all outcomes that finished while the previous write ran go in
 * the next transaction). It wakes when an event is enqueued in this process or a
 * delivery finishes, and otherwise polls (other processes' events, retries).
 */
export function startWebhookWorker(deps: Deps, options: WorkerOptions = {}): WorkerHandle {
  const concurrency = options.concurrency ?? 64;
  const pollMs = options.pollMs ?? 500;
  const name = options.name ?? 'webhook-delivery';
  const log = deps.log.child({ worker: name });
  const wakeups = new EventEmitter();
  let stopped = false;
  let inFlight = 0;
  let burstUntil = 0;
  const queue: Settlement[] = [];
  let writing: Promise<void> | null = null;
  const inflightDone = new Set<Promise<void>>();

  const wake = () => wakeups.emit('wake');
  const onEnqueued = () => {
    // The event is written inside a transaction that commits just after: look
    // again every few ms for a short while rather than once.
    burstUntil = Date.now() + 100;
    wake();
  };
  deps.webhooks.outbox.on('enqueued', onEnqueued);

  function flush(): Promise<void> {
    if (writing) return writing;
    writing = (async () => {
      while (queue.length > 0) {
        const batch = queue.splice(0, queue.length);
        deps.metrics.groupCommit('webhook_outcomes', batch.length);
        try {
          await writeSettlements(deps, batch);
        } catch (err) {
          // The events stay leased and are attempted again when the lease runs out (at-least-once).
          log.error({ err, count: batch.length }, 'could not record webhook deliveries');
        }
      }
      writing = null;
      wake();
    })();
    return writing;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeups.off('wake', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeups.once('wake', done);
    });
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      const free = concurrency - inFlight;
      let claimed = 0;
      // Claim in batches: while deliveries are in flight, wait until a quarter of the slots is free.
      if (free > 0 && (inFlight === 0 || free >= Math.max(1, concurrency >> 2))) {
        try {
          const token = newId('clm', deps.clock.now());
          const events = await claimDueEvents(deps.database.db, deps.database, {
            now: deps.clock.now(),
            limit: free,
            leaseMs: leaseMs(deps),
            token,
          });
          claimed = events.length;
          if (events.length > 0) {
            const deliver = await routeClaimed(deps, events, token);
            for (const { ev, ep } of deliver) {
              inFlight++;
              const p: Promise<void> = deliverOne(deps, ev, ep, token)
                .then((s) => {
                  queue.push(s);
                  void flush();
                })
                .catch((err) => log.error({ err, event: ev.id }, 'webhook delivery failed unexpectedly'))
                .finally(() => {
                  inFlight--;
                  inflightDone.delete(p);
                });
              inflightDone.add(p);
            }
          }
        } catch (err) {
          if (stopped) break;
          log.error({ err }, 'webhook claim failed');
          await sleep(pollMs);
          continue;
        }
      }
      if (stopped) break;
      if (claimed > 0 && claimed >= free && inFlight < concurrency) continue; // more may be due
      await sleep(Date.now() < burstUntil ? 5 : pollMs);
    }
  }

  const running = loop();
  return {
    name,
    async stop() {
      stopped = true;
      deps.webhooks.outbox.off('enqueued', onEnqueued);
      wake();
      await running;
      // Let in-flight attempts finish (each is bounded by the timeout); record them.
      const grace = new Promise<void>((r) => setTimeout(r, Math.min(deps.config.webhookTimeoutMs, 5_000)).unref());
      await Promise.race([Promise.allSettled([...inflightDone]), grace]);
      await flush();
      // The delivery agent is closed with the other services (deps.close).
    },
  };
}
