/**
 * The delivery worker. Events come from the outbox (webhook_events); a pass
 * claims due events fairly across endpoints (claim.ts: per-endpoint and sandbox
 * slot bounds, slot time budgeted by each endpoint's pace (pace.ts), live first,
 * round-robin, circuit breakers; FOR UPDATE SKIP LOCKED
 * on PostgreSQL, a single-statement claim on SQLite), sends each to its partner's
 * endpoint, and writes one delivery record per attempt together with the event's
 * new state, the endpoint's circuit and its mean attempt time.
 *
 *   runDeliveryPass(deps)      one pass, awaited to the end (tests, the CLI)
 *   startWebhookWorker(deps)   the background loop: keeps up to WEBHOOK_SLOTS
 *                              deliveries in flight, wakes on new events in this
 *                              process and polls for the rest
 */
import { EventEmitter } from 'node:events';
import type { Deps } from '../../context.js';
import type { WorkerHandle } from '../../lib/loop.js';
import type { Executor } from '../../db/database.js';
import type { WebhookDeliveriesTable } from '../../db/schema/webhooks.js';
import { newId } from '../../lib/ids.js';
import { attemptDelivery, nextAttemptAt, type AttemptResult } from './delivery.js';
import { claimFairly, deliverySlots, recordedLatency, type DeliverySlots } from './claim.js';
import { afterAttempt, circuitOf, CLOSED, isBreakerFailure, sameCircuit, type Circuit } from './circuit.js';
import { latencyUpdate, shouldRecordLatency } from './pace.js';
import {
  closeCircuits,
  disableEndpoint,
  insertDeliveries,
  lockCircuits,
  lockExistingEvents,
  recordEndpointLatency,
  settleDelivered,
  settleEvent,
  writeCircuit,
  type EndpointRow,
  type EventOutcome,
  type EventRow,
} from './repo.js';
import { webhookAgent } from './runtime.js';

/** What writing settlements reads: the circuit and latency settings, the database and the log. */
type SettlementWriteDeps = Pick<Deps, 'config' | 'database' | 'log'>;
/** What a delivery pass reads: claiming, sending (agent, signing secrets, metrics) and writing the settlements. */
export type DeliveryDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'log' | 'metrics' | 'secrets' | 'webhooks'>;

/** How long a claim holds an event: longer than one attempt can take, short enough to recover from a crash. */
export function leaseMs(deps: Pick<Deps, 'config'>): number {
  return 2 * deps.config.webhookTimeoutMs + 10_000;
}

/** The secrets a delivery is signed with: the current one, then the previous one during its 24 h overlap. */
export function signingSecrets(deps: Pick<Deps, 'secrets'>, ep: EndpointRow, now: number): string[] {
  const out = [deps.secrets.open(ep.secret_enc)];
  if (ep.previous_secret_enc && ep.previous_secret_expires_at !== null && Number(ep.previous_secret_expires_at) > now) {
    out.push(deps.secrets.open(ep.previous_secret_enc));
  }
  return out;
}

/** What one attempt leads to: the delivery record and the event's next state. */
export interface Settlement {
  delivery: WebhookDeliveriesTable;
  outcome: EventOutcome;
  /** Endpoint to disable (the receiver answered 410). */
  disable: { id: string; reason: string } | null;
  /** A manual resend (settled by its exact values, never grouped). */
  manual: boolean;
  /** Whether the attempt counts against the endpoint's circuit (no answer, 5xx, 429); any other answer closes it. */
  breakerFailure: boolean;
  /** The endpoint's circuit as the claim read it: an answer to a circuit seen closed writes nothing. */
  circuitSeen: Circuit;
  /** The endpoint's mean attempt duration as the claim read it (null: never timed): a fast one that stays fast writes nothing. */
  latencySeen: number | null;
}

export function settle(deps: Pick<Deps, 'config' | 'metrics'>, ev: EventRow, ep: EndpointRow, token: string, result: AttemptResult, at: number, manual = false): Settlement {
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
      request_headers: JSON.stringify(result.requestHeaders),
      response_headers: result.responseHeaders === null ? null : JSON.stringify(result.responseHeaders),
      response_body_excerpt: result.bodyExcerpt,
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
    breakerFailure: isBreakerFailure(result),
    circuitSeen: circuitOf(ep),
    latencySeen: recordedLatency(ep),
  };
}

/** Sends one claimed event to its endpoint. */
export async function deliverOne(deps: Pick<Deps, 'clock' | 'config' | 'metrics' | 'secrets' | 'webhooks'>, ev: EventRow, ep: EndpointRow, token: string, manual = false): Promise<Settlement> {
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
export async function writeSettlements(deps: SettlementWriteDeps, list: Settlement[]): Promise<void> {
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

async function writeSettlementGroup(deps: SettlementWriteDeps, all: Settlement[]): Promise<void> {
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
    await recordCircuits(deps, trx, list);
    await recordLatencies(deps, trx, list);
    const disabled = new Set<string>();
    for (const s of list) {
      if (s.disable && !disabled.has(s.disable.id)) {
        disabled.add(s.disable.id);
        await disableEndpoint(trx, s.disable.id, s.disable.reason, s.delivery.created_at);
      }
    }
  });
}

/** Settlements by the endpoint they were sent to (those of a deleted configuration have none). */
function settlementsByEndpoint(list: Settlement[]): Map<string, Settlement[]> {
  const byEndpoint = new Map<string, Settlement[]>();
  for (const s of list) {
    const id = s.delivery.endpoint_id;
    if (id === null) continue;
    const g = byEndpoint.get(id) ?? [];
    g.push(s);
    byEndpoint.set(id, g);
  }
  return byEndpoint;
}

/**
 * The endpoints' circuits after these attempts, in the transaction that records them (so an
 * outcome written twice is impossible, and one rolled back leaves its circuit as it was). An
 * endpoint whose attempts all got an answer is closed by one statement that writes nothing
 * when it already is; one with a failure is read under its row lock (PostgreSQL) and its
 * attempts applied in the order they ended.
 */
async function recordCircuits(deps: Pick<Deps, 'config' | 'database' | 'log'>, trx: Executor, list: Settlement[]): Promise<void> {
  const byEndpoint = settlementsByEndpoint(list);
  const answered: string[] = [];
  const failing: string[] = [];
  for (const [id, g] of byEndpoint) {
    if (g.some((s) => s.breakerFailure)) failing.push(id);
    // The common case, a healthy endpoint whose circuit the claim saw closed, costs no statement.
    else if (g.some((s) => !sameCircuit(s.circuitSeen, CLOSED))) answered.push(id);
  }
  await closeCircuits(trx, answered);
  if (failing.length === 0) return;
  for (const row of await lockCircuits(trx, deps.database, failing)) {
    const before = circuitOf(row);
    let c = before;
    const attempts = byEndpoint.get(row.id)!.sort((a, b) => a.delivery.created_at - b.delivery.created_at);
    for (const s of attempts) c = afterAttempt(c, s.breakerFailure, s.delivery.created_at, deps.config);
    if (sameCircuit(before, c)) continue;
    await writeCircuit(trx, row.id, c);
    if (c.circuit_state === 'open' && before.circuit_state !== 'open') {
      deps.log.warn(
        { endpoint: row.id, partner: attempts[0].delivery.partner_id, environment: attempts[0].delivery.environment, failures: c.circuit_failures, retry_at: c.circuit_retry_at },
        'webhook endpoint circuit opened: its deliveries wait until the retry time',
      );
    }
  }
}

/**
 * The endpoints' mean attempt durations after these attempts (pace.ts), in the transaction that records
 * them. Each is one statement that applies the attempts, in the order they ended, to the mean as the row
 * holds it then (another process may have moved it meanwhile). An endpoint that was timed fast and stays
 * fast costs no statement.
 */
async function recordLatencies(deps: Pick<Deps, 'config'>, trx: Executor, list: Settlement[]): Promise<void> {
  const byEndpoint = settlementsByEndpoint(list);
  // In id order, as the circuits are locked: two processes' transactions take the rows in one order.
  for (const id of [...byEndpoint.keys()].sort()) {
    const g = byEndpoint.get(id)!.sort((a, b) => a.delivery.created_at - b.delivery.created_at);
    const durations = g.map((s) => s.delivery.duration_ms);
    if (!shouldRecordLatency(g[0].latencySeen, durations, deps.config.webhookSlowMs)) continue;
    await recordEndpointLatency(trx, id, latencyUpdate(durations));
  }
}

export interface PassResult {
  claimed: number;
  delivered: number;
  failed: number;
  skipped: number;
  exhausted: number;
}

/**
 * One delivery pass: claim up to `limit` due events with the worker's fairness rules (at most
 * WEBHOOK_SLOTS_PER_ENDPOINT of one endpoint, fewer for a slow one, the sandbox share, the reserve
 * kept from slow endpoints, live first, circuits), send
 * them all, write the outcomes.
 */
export async function runDeliveryPass(deps: DeliveryDeps, opts: { limit?: number } = {}): Promise<PassResult> {
  const token = newId('clm', deps.clock.now());
  const slots = deliverySlots(deps.config, opts.limit ?? 100);
  const { deliver, skipped } = await claimFairly(deps, slots, { token, leaseMs: leaseMs(deps) });
  const settlements = await Promise.all(deliver.map(({ ev, ep }) => deliverOne(deps, ev, ep, token)));
  await writeSettlements(deps, settlements);
  return {
    claimed: deliver.length + skipped,
    delivered: settlements.filter((s) => s.delivery.status === 'delivered').length,
    failed: settlements.filter((s) => s.delivery.status === 'failed').length,
    skipped,
    exhausted: settlements.filter((s) => s.outcome.state === 'exhausted').length,
  };
}

/** Runs passes until nothing is due (tests; `maxPasses` bounds it). */
export async function drainDeliveries(deps: DeliveryDeps, maxPasses = 50): Promise<PassResult> {
  const total: PassResult = { claimed: 0, delivered: 0, failed: 0, skipped: 0, exhausted: 0 };
  for (let i = 0; i < maxPasses; i++) {
    const r = await runDeliveryPass(deps);
    for (const k of Object.keys(total) as (keyof PassResult)[]) total[k] += r[k];
    if (r.claimed === 0) break;
  }
  return total;
}

/** The shortest pause between two claims of a worker while fewer than a quarter of its slots came back. */
const CLAIM_EVERY_MS = 50;

export interface WorkerOptions {
  /** Deliveries in flight at once (default WEBHOOK_SLOTS, 64). */
  concurrency?: number;
  /** Poll interval when idle, ms (default 500). New events in this process wake the loop at once. */
  pollMs?: number;
  name?: string;
}

/**
 * The background delivery loop. It claims due events for its free delivery slots
 * (claim.ts decides which: no endpoint beyond its bound or its share of slot time, sandbox
 * within its share, slow endpoints never in the reserve, live first, round-robin, open
 * circuits passed over), sends each as soon as it is
 * claimed, and writes outcomes with group commit (all outcomes that finished while
 * the previous write ran go in the next transaction). It wakes when an event is
 * enqueued in this process or an outcome is written, and otherwise polls (other
 * processes' events, retries, circuits whose retry time comes).
 */
export function startWebhookWorker(deps: DeliveryDeps, options: WorkerOptions = {}): WorkerHandle & { slots: DeliverySlots } {
  const slots = deliverySlots(deps.config, options.concurrency ?? deps.config.webhookSlots);
  const pollMs = options.pollMs ?? 500;
  const name = options.name ?? 'webhook-delivery';
  const log = deps.log.child({ worker: name });
  const wakeups = new EventEmitter();
  let stopped = false;
  let burstUntil = 0;
  const queue: Settlement[] = [];
  let writing: Promise<void> | null = null;
  const inflightDone = new Set<Promise<void>>();

  const wake = () => wakeups.emit('wake');
  // Why the next claim may find something: the start, an event enqueued in this process, a poll
  // tick (retries, other processes' events, circuits whose time came), or slots released.
  let pending = true;
  let released = 0;
  let lastClaim = 0;
  const onEnqueued = () => {
    // The event is written inside a transaction that commits just after: look
    // again every few ms for a short while rather than once.
    burstUntil = Date.now() + 100;
    pending = true;
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

  /** Resolves true when the time ran out, false when woken. */
  function sleep(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (timedOut: boolean) => {
        clearTimeout(timer);
        wakeups.off('wake', onWake);
        resolve(timedOut);
      };
      const onWake = () => done(false);
      const timer = setTimeout(() => done(true), ms);
      wakeups.once('wake', onWake);
    });
  }

  // Claims come in batches: a claim is a write (an fsync on SQLite), and one claim per finished
  // delivery cost SQLite two thirds of its throughput. Released slots are claimed again once a
  // quarter of what was in flight came back (a quarter of the slots at most), or CLAIM_EVERY_MS
  // after the previous claim: never waiting on slots that slow receivers hold (a "quarter of the
  // slots free" rule alone left a healthy partner behind them), and one endpoint alone (4 slots)
  // refills as each attempt ends.
  const batch = Math.max(1, slots.limits.total >> 2);

  async function loop(): Promise<void> {
    while (!stopped) {
      const now = Date.now();
      const free = slots.free();
      const enough = Math.max(1, Math.min(batch, (slots.limits.total - free + released) >> 2));
      const ready = free > 0 && (pending || released >= enough || (released > 0 && now - lastClaim >= CLAIM_EVERY_MS));
      if (!ready) {
        const burst = now < burstUntil;
        const ms = burst ? 5 : free > 0 && released > 0 ? Math.max(1, lastClaim + CLAIM_EVERY_MS - now) : pollMs;
        const timedOut = await sleep(ms);
        if (timedOut && (burst || ms === pollMs)) pending = true;
        continue;
      }
      pending = false;
      released = 0;
      lastClaim = now;
      try {
        const token = newId('clm', deps.clock.now());
        const { deliver, skipped } = await claimFairly(deps, slots, { token, leaseMs: leaseMs(deps) });
        // Events skipped take no slot: more of them may be waiting.
        if (skipped > 0) pending = true;
        for (const { ev, ep } of deliver) {
          const slot = slots.take(ev.partner_id, ev.environment, recordedLatency(ep));
          let took: number | undefined;
          const p: Promise<void> = deliverOne(deps, ev, ep, token)
            .then((s) => {
              took = s.delivery.duration_ms;
              queue.push(s);
              void flush();
            })
            .catch((err) => log.error({ err, event: ev.id }, 'webhook delivery failed unexpectedly'))
            .finally(() => {
              // The slot comes back before the outcome is written: its duration goes with it, so the next claim
              // knows an endpoint whose first answer took seconds before its row says so.
              slots.release(ev.partner_id, ev.environment, slot, took);
              released++;
              inflightDone.delete(p);
              wake();
            });
          inflightDone.add(p);
        }
      } catch (err) {
        if (stopped) break;
        log.error({ err }, 'webhook claim failed');
        await sleep(pollMs);
        pending = true;
      }
    }
  }

  const running = loop();
  return {
    name,
    slots,
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
