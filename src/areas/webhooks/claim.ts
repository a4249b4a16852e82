/**
 * Which due events a delivery pass claims, so no partner can slow another's deliveries.
 *
 * - Slots: a process keeps at most `total` attempts in flight; one endpoint (a partner's
 *   webhook in one environment) holds at most `perEndpoint` of them, and sandbox (test)
 *   endpoints together at most `sandbox`, so live deliveries always find free slots.
 *   Events of an endpoint at its bound stay queued: not claimed, not attempted, not failed.
 * - Time (pace.ts): a slot held for seconds counts, whether the receiver then answers or not.
 *   An endpoint whose attempts take WEBHOOK_SLOW_MS or longer holds fewer slots (its slot time
 *   is budgeted; at least one) and never the reserve of a pool, the part kept for endpoints that
 *   answer fast; endpoints not timed yet never take the reserve's last half.
 * - Order: live endpoints are served before test ones; within an environment the claim
 *   walks the endpoints with due events round-robin (it resumes after the last endpoint it
 *   served when the slots ran out), so the oldest backlog does not take every free slot.
 * - Circuit: an endpoint whose circuit is open is passed over until its retry time; then
 *   one process takes its probe and claims one event for it (circuit.ts).
 */
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import { claimable, circuitOf } from './circuit.js';
import { attemptsAllowed, effectiveLatency, nextLatency, paceOf, poolCaps, type Pace, type PaceConfig, type PoolCaps } from './pace.js';
import {
  acquireProbe,
  claimEndpointEvents,
  pendingEndpoints,
  releaseProbe,
  skipEvents,
  type EndpointClaim,
  type PendingEndpoint,
  type WalkStart,
  type EndpointRow,
  type EventRow,
} from './repo.js';

export interface SlotLimits {
  /** Attempts in flight at once. */
  total: number;
  /** Attempts in flight for one endpoint. */
  perEndpoint: number;
  /** Attempts in flight for test-environment endpoints together. */
  sandbox: number;
}

export function slotLimits(config: Pick<Deps['config'], 'webhookSlotsPerEndpoint' | 'webhookSandboxShare'>, total: number): SlotLimits {
  return {
    total,
    perEndpoint: Math.min(total, config.webhookSlotsPerEndpoint),
    sandbox: Math.max(1, Math.floor(total * config.webhookSandboxShare)),
  };
}

/** The time budget of a process's slots (pace.ts): the threshold, and what slow and new endpoints may hold of each pool. */
export interface TimeBudget extends PaceConfig {
  /** Every slot of the process. */
  all: PoolCaps;
  /** The sandbox share. */
  sandbox: PoolCaps;
}

/** The service's defaults, for slots made without a configuration (tests). */
const DEFAULT_PACE = { webhookSlowMs: 1000, webhookFastReserve: 0.25 };

export function timeBudget(limits: SlotLimits, config: Pick<Deps['config'], 'webhookSlowMs' | 'webhookFastReserve'> = DEFAULT_PACE): TimeBudget {
  return {
    slowMs: config.webhookSlowMs,
    perEndpoint: limits.perEndpoint,
    all: poolCaps(limits.total, config.webhookFastReserve),
    sandbox: poolCaps(limits.sandbox, config.webhookFastReserve),
  };
}

export function endpointKey(partnerId: string, environment: string): string {
  return `${environment}|${partnerId}`;
}

/** One endpoint's attempts in flight in this process: when each started, and its latency as last read. */
interface EndpointSlots {
  partnerId: string;
  environment: string;
  /** Slot handle → when its attempt started (performance.now()). */
  started: Map<number, number>;
  /** Its recorded mean latency as the claim last read it (null: never timed). */
  latency: number | null;
}

/**
 * How long this process remembers the durations of an endpoint's attempts that ended: long enough for their
 * outcomes to be written (group commit), so the claim that follows an endpoint's first answer does not take
 * it for one never timed.
 */
const ENDED_MEMORY_MS = 10_000;
/** The most endpoints remembered so (the oldest are forgotten first). */
const ENDED_MEMORY_SIZE = 4096;

/** What slow and new endpoints hold now, of all slots and of the sandbox share. */
export interface PaceHeld {
  slow: number;
  unproven: number;
  slowSandbox: number;
  unprovenSandbox: number;
}

/** The delivery slots of one worker: what is in flight, per endpoint and per environment, and where each walk resumes. */
export class DeliverySlots {
  private inFlight = 0;
  private sandboxInFlight = 0;
  private nextHandle = 1;
  private readonly byEndpoint = new Map<string, EndpointSlots>();
  /** Endpoints whose attempts ended here lately: their mean as those durations make it, and when (performance.now()). */
  private readonly ended = new Map<string, { latency: number; at: number }>();
  /** Per environment: the partner after which the next walk starts (round-robin); null = from the first. */
  readonly cursor: Record<Environment, string | null> = { live: null, test: null };

  constructor(
    readonly limits: SlotLimits,
    readonly budget: TimeBudget = timeBudget(limits),
  ) {}

  free(): number {
    return Math.max(0, this.limits.total - this.inFlight);
  }

  /** Slots an environment may still take (test: within its share). */
  freeFor(environment: Environment): number {
    const free = this.free();
    return environment === 'test' ? Math.min(free, Math.max(0, this.limits.sandbox - this.sandboxInFlight)) : free;
  }

  heldBy(partnerId: string, environment: string): number {
    return this.byEndpoint.get(endpointKey(partnerId, environment))?.started.size ?? 0;
  }

  /**
   * Takes a slot for an attempt to the endpoint that starts now; `latency` is its recorded mean as the
   * claim read it. The handle gives this very slot back (`release`).
   */
  take(partnerId: string, environment: string, latency: number | null = null, at = performance.now()): number {
    const key = endpointKey(partnerId, environment);
    let e = this.byEndpoint.get(key);
    if (!e) this.byEndpoint.set(key, (e = { partnerId, environment, started: new Map(), latency }));
    else e.latency = latency;
    const handle = this.nextHandle++;
    e.started.set(handle, at);
    this.inFlight++;
    if (environment === 'test') this.sandboxInFlight++;
    return handle;
  }

  /**
   * Gives a slot back: the one of `handle`, or (without one) the endpoint's oldest. `durationMs`: how long its
   * attempt took, remembered until its outcome is surely written (the endpoint's row says nothing before).
   */
  release(partnerId: string, environment: string, handle?: number, durationMs?: number, now = performance.now()): void {
    const key = endpointKey(partnerId, environment);
    const e = this.byEndpoint.get(key);
    if (!e || e.started.size === 0) return;
    const h = handle !== undefined && e.started.has(handle) ? handle : e.started.keys().next().value!;
    e.started.delete(h);
    if (e.started.size === 0) this.byEndpoint.delete(key);
    this.inFlight--;
    if (environment === 'test') this.sandboxInFlight--;
    if (durationMs !== undefined) {
      const before = this.endedLatency(key, now) ?? e.latency;
      this.ended.delete(key);
      this.ended.set(key, { latency: nextLatency(before, [durationMs]), at: now });
      if (this.ended.size > ENDED_MEMORY_SIZE) this.ended.delete(this.ended.keys().next().value!);
    }
  }

  private endedLatency(key: string, now: number): number | null {
    const m = this.ended.get(key);
    if (!m) return null;
    if (now - m.at > ENDED_MEMORY_MS) {
      this.ended.delete(key);
      return null;
    }
    return m.latency;
  }

  /** How long the endpoint's oldest attempt in flight here has lasted (0 when none is). */
  oldestInFlight(partnerId: string, environment: string, now = performance.now()): number {
    const e = this.byEndpoint.get(endpointKey(partnerId, environment));
    if (!e) return 0;
    let oldest = now;
    for (const at of e.started.values()) oldest = Math.min(oldest, at);
    return now - oldest;
  }

  /**
   * The endpoint's latency as the claim judges it (`recorded`: as just read from its configuration; by default
   * as read when it last took a slot; when that says never timed, what its attempts that ended here say),
   * raised by an attempt in flight here that has already lasted longer.
   */
  latencyOf(partnerId: string, environment: string, recorded?: number | null, now = performance.now()): number | null {
    const key = endpointKey(partnerId, environment);
    const e = this.byEndpoint.get(key);
    if (e && recorded !== undefined) e.latency = recorded;
    const known = (recorded !== undefined ? recorded : (e?.latency ?? null)) ?? this.endedLatency(key, now);
    return effectiveLatency(known, this.oldestInFlight(partnerId, environment, now), this.budget.slowMs);
  }

  /** What slow and new endpoints hold now (their pace judged as the claim judges it). */
  paceHeld(now = performance.now()): PaceHeld {
    const held: PaceHeld = { slow: 0, unproven: 0, slowSandbox: 0, unprovenSandbox: 0 };
    for (const e of this.byEndpoint.values()) {
      const environment = e.environment;
      const pace = paceOf(this.latencyOf(e.partnerId, environment, undefined, now), this.budget.slowMs);
      if (pace === 'fast') continue;
      const n = e.started.size;
      held.unproven += n;
      if (environment === 'test') held.unprovenSandbox += n;
      if (pace === 'slow') {
        held.slow += n;
        if (environment === 'test') held.slowSandbox += n;
      }
    }
    return held;
  }

  /** In flight now: total, test, and the most any endpoint holds (tests, logs). */
  snapshot(): { total: number; sandbox: number; maxPerEndpoint: number } {
    let most = 0;
    for (const e of this.byEndpoint.values()) most = Math.max(most, e.started.size);
    return { total: this.inFlight, sandbox: this.sandboxInFlight, maxPerEndpoint: most };
  }
}

/** A worker's slots with the service's bounds and time budget: `total` attempts in flight. */
export function deliverySlots(
  config: Pick<Deps['config'], 'webhookSlotsPerEndpoint' | 'webhookSandboxShare' | 'webhookSlowMs' | 'webhookFastReserve'>,
  total: number,
): DeliverySlots {
  const limits = slotLimits(config, total);
  return new DeliverySlots(limits, timeBudget(limits, config));
}

/** Live first: its endpoints are served before any test endpoint in every claim. */
const ENVIRONMENTS = ['live', 'test'] as const;

/** Endpoints read per step of a walk, and steps per environment in one claim. */
const WALK_PAGE = 64;
const WALK_PAGES = 8;
/** Events of an endpoint with no enabled configuration claimed at once (to be marked skipped; they take no slot). */
const SKIP_BATCH = 100;
/** Endpoints with no enabled configuration handled in one claim. */
const SKIP_ENDPOINTS = 16;

/**
 * Whether the endpoint is enabled and takes events of this type (`webhook.test`, and an event fired on demand by
 * POST /api/v1/sandbox/webhooks/fire, go whatever it subscribes to). `payload` is read only for an unsubscribed type.
 */
export function subscribed(ep: EndpointRow | null | undefined, type: string, payload?: string): ep is EndpointRow {
  if (!ep || Number(ep.enabled) !== 1) return false;
  if (type === 'webhook.test') return true;
  try {
    if ((JSON.parse(ep.events) as string[]).includes(type)) return true;
    return payload !== undefined && isFired(payload);
  } catch {
    return false;
  }
}

/** Whether an event's payload is one fired on demand (`"fired": true` at its top level, written by the service only). */
function isFired(payload: string): boolean {
  return payload.includes('"fired":true') && (JSON.parse(payload) as { fired?: unknown }).fired === true;
}

export interface ClaimedEvent {
  ev: EventRow;
  ep: EndpointRow;
}

export interface ClaimResult {
  /** Events to send now, each with its endpoint: the caller takes a slot for each. */
  deliver: ClaimedEvent[];
  /** Events claimed and marked skipped (no enabled configuration, or a type it does not take). */
  skipped: number;
}

interface Plan {
  claims: EndpointClaim[];
  endpoints: Map<string, EndpointRow>;
  /** Probes taken in this claim: endpoint id → the probe lease's end. */
  probes: Map<string, number>;
}

/** What the claim's first round trip found for one environment: the walk from its cursor, and from its start when the cursor is set. */
interface FirstPages {
  fromCursor: PendingEndpoint[];
  fromStart: PendingEndpoint[] | null;
}

/** The endpoint's recorded mean attempt duration (null: never timed). */
export function recordedLatency(ep: Pick<EndpointRow, 'latency_ms'>): number | null {
  return ep.latency_ms === null || ep.latency_ms === undefined ? null : Number(ep.latency_ms);
}

/** What slow and new endpoints may still take in this claim, of all slots and of the sandbox share. */
type PaceRoom = PaceHeld;

function paceRoom(room: PaceRoom, pace: Pace, environment: Environment): number {
  if (pace === 'fast') return Infinity;
  let n = room.unproven;
  if (environment === 'test') n = Math.min(n, room.unprovenSandbox);
  if (pace === 'slow') {
    n = Math.min(n, room.slow);
    if (environment === 'test') n = Math.min(n, room.slowSandbox);
  }
  return Math.max(0, n);
}

function spendPaceRoom(room: PaceRoom, pace: Pace, environment: Environment, n: number): void {
  if (pace === 'fast') return;
  room.unproven -= n;
  if (environment === 'test') room.unprovenSandbox -= n;
  if (pace === 'slow') {
    room.slow -= n;
    if (environment === 'test') room.slowSandbox -= n;
  }
}

/** What slow and new endpoints may still take: each cap less what they hold now. */
function paceRoomOf(slots: DeliverySlots): PaceRoom {
  const held = slots.paceHeld();
  const { all, sandbox } = slots.budget;
  return {
    slow: all.slow - held.slow,
    unproven: all.unproven - held.unproven,
    slowSandbox: sandbox.slow - held.slowSandbox,
    unprovenSandbox: sandbox.unproven - held.unprovenSandbox,
  };
}

/** Walks one environment's endpoints with due events and adds what to claim from each to the plan. */
async function planEnvironment(
  deps: Pick<Deps, 'database'>,
  slots: DeliverySlots,
  environment: Environment,
  first: FirstPages,
  ctx: { now: number; probeLeaseMs: number; plan: Plan; budget: { free: number; skipEndpoints: number; pace: PaceRoom } },
): Promise<void> {
  const { now, plan, budget } = ctx;
  const at = performance.now();
  const start = slots.cursor[environment];
  let after = start;
  let wrapped = start === null;
  const seen = new Set<string>();
  let envFree = Math.min(budget.free, slots.freeFor(environment));
  // The endpoint visited before the current one, and (once an endpoint with due events was refused for the
  // slow or new endpoints' share) where the next walk resumes, so that one is first in line.
  let previous = start;
  let resumeAfter: string | null | undefined;
  const setCursor = (otherwise: string | null) => {
    slots.cursor[environment] = resumeAfter !== undefined ? resumeAfter : otherwise;
  };
  for (let page = 0; page < WALK_PAGES; page++) {
    let rows: PendingEndpoint[];
    if (page === 0) rows = first.fromCursor;
    else if (after === null && first.fromStart) rows = first.fromStart;
    // No slot left for this environment: what was read is all this claim looks at (skipped events included).
    else if (envFree <= 0) return;
    else rows = await pendingEndpoints(deps.database.db, { walks: [{ environment, after }], now, limit: WALK_PAGE, cap: slots.limits.perEndpoint });
    if (after === null) {
      first.fromStart = null;
      previous = null;
    }
    for (const r of rows) {
      if (seen.has(r.partner_id)) {
        // Around once: every endpoint with due events was visited.
        return setCursor(null);
      }
      seen.add(r.partner_id);
      const visitedAfter = previous;
      previous = r.partner_id;
      if (r.due === 0) continue;
      const ep = r.endpoint;
      if (!ep || Number(ep.enabled) !== 1) {
        // No enabled configuration: its events are claimed to be marked skipped (no slot, no attempt).
        if (budget.skipEndpoints > 0) {
          budget.skipEndpoints--;
          plan.claims.push({ partnerId: r.partner_id, environment, limit: SKIP_BATCH });
        }
        continue;
      }
      const circuit = claimable(circuitOf(ep), now);
      if (circuit === 'no') continue;
      const latency = slots.latencyOf(r.partner_id, environment, recordedLatency(ep), at);
      const pace = paceOf(latency, slots.budget.slowMs);
      const own = Math.min(attemptsAllowed(latency, slots.budget) - slots.heldBy(r.partner_id, environment), r.due, envFree);
      if (own <= 0) continue;
      let room = Math.min(own, paceRoom(budget.pace, pace, environment));
      if (room <= 0) {
        // Its share of slow (or new) endpoints is taken: first in line at the next walk.
        if (resumeAfter === undefined) resumeAfter = visitedAfter;
        continue;
      }
      if (circuit === 'probe') {
        const until = now + ctx.probeLeaseMs;
        if (!(await acquireProbe(deps.database.db, ep.id, now, until))) continue;
        plan.probes.set(ep.id, until);
        room = 1;
      }
      plan.claims.push({ partnerId: r.partner_id, environment, limit: room });
      plan.endpoints.set(endpointKey(r.partner_id, environment), ep);
      spendPaceRoom(budget.pace, pace, environment, room);
      envFree -= room;
      budget.free -= room;
      if (envFree <= 0) {
        // Out of slots: the next walk starts after the last endpoint served.
        return setCursor(r.partner_id);
      }
    }
    if (rows.length < WALK_PAGE) {
      if (!wrapped) {
        // The end of the list: go on from the first endpoint up to where this walk started.
        wrapped = true;
        after = null;
        continue;
      }
      return setCursor(null);
    }
    after = rows[rows.length - 1].partner_id;
  }
  // Many endpoints with nothing to take: the next walk goes on from here.
  setCursor(after);
}

/**
 * Claims due events for the free slots of `slots`, fairly (see the top of this file). Events
 * no enabled configuration takes are marked skipped here; the rest are returned with their
 * endpoint, and the caller takes a slot for each.
 */
export async function claimFairly(deps: Pick<Deps, 'clock' | 'database'>, slots: DeliverySlots, opts: { token: string; leaseMs: number }): Promise<ClaimResult> {
  const now = deps.clock.now();
  const plan: Plan = { claims: [], endpoints: new Map(), probes: new Map() };
  const budget = { free: slots.free(), skipEndpoints: SKIP_ENDPOINTS, pace: paceRoomOf(slots) };
  if (budget.free <= 0) return { deliver: [], skipped: 0 };
  const deliver: ClaimedEvent[] = [];
  const skip: string[] = [];
  try {
    // One round trip walks both environments (from each cursor, and from the start where a cursor is set).
    const walks: WalkStart[] = [];
    for (const environment of ENVIRONMENTS) {
      walks.push({ environment, after: slots.cursor[environment] });
      if (slots.cursor[environment] !== null) walks.push({ environment, after: null });
    }
    const found = await pendingEndpoints(deps.database.db, { walks, now, limit: WALK_PAGE, cap: slots.limits.perEndpoint });
    for (const environment of ENVIRONMENTS) {
      if (budget.free <= 0) break;
      const of = (after: string | null) => {
        const i = walks.findIndex((w) => w.environment === environment && w.after === after);
        return i < 0 ? null : found.filter((r) => r.walk === i);
      };
      const cursor = slots.cursor[environment];
      await planEnvironment(deps, slots, environment, { fromCursor: of(cursor) ?? [], fromStart: cursor === null ? null : of(null) }, { now, probeLeaseMs: opts.leaseMs, plan, budget });
    }
    const events = await claimEndpointEvents(deps.database.db, deps.database, { now, leaseMs: opts.leaseMs, token: opts.token, claims: plan.claims });
    for (const ev of events) {
      const ep = plan.endpoints.get(endpointKey(ev.partner_id, ev.environment));
      if (subscribed(ep, ev.type, ev.payload)) deliver.push({ ev, ep });
      else skip.push(ev.id);
    }
    await skipEvents(deps.database.db, skip, opts.token, deps.clock.now());
  } finally {
    // A probe with no event to send (none claimable, or only skipped ones) is given back at once.
    const probed = new Set(deliver.map((d) => d.ep.id));
    for (const [id, until] of plan.probes) {
      if (!probed.has(id)) await releaseProbe(deps.database.db, id, until).catch(() => {});
    }
  }
  return { deliver, skipped: skip.length };
}
