/**
 * Which due events a delivery pass claims, so no partner can slow another's deliveries.
 *
 * - Slots: a process keeps at most `total` attempts in flight; one endpoint (a partner's
 *   webhook in one environment) holds at most `perEndpoint` of them, and sandbox (test)
 *   endpoints together at most `sandbox`, so live deliveries always find free slots.
 *   Events of an endpoint at its bound stay queued: not claimed, not attempted, not failed.
 * - Order: live endpoints are served before test ones; within an environment the claim
 *   walks the endpoints with due events round-robin (it resumes after the last endpoint it
 *   served when the slots ran out), so the oldest backlog does not take every free slot.
 * - Circuit: an endpoint whose circuit is open is passed over until its retry time; then
 *   one process takes its probe and claims one event for it (circuit.ts).
 */
import type { Deps } from '../../context.js';
import type { Environment } from '../../db/schema/index.js';
import { claimable, circuitOf } from './circuit.js';
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

export function endpointKey(partnerId: string, environment: string): string {
  return `${environment}|${partnerId}`;
}

/** The delivery slots of one worker: what is in flight, per endpoint and per environment, and where each walk resumes. */
export class DeliverySlots {
  private inFlight = 0;
  private sandboxInFlight = 0;
  private readonly byEndpoint = new Map<string, number>();
  /** Per environment: the partner after which the next walk starts (round-robin); null = from the first. */
  readonly cursor: Record<Environment, string | null> = { live: null, test: null };

  constructor(readonly limits: SlotLimits) {}

  free(): number {
    return Math.max(0, this.limits.total - this.inFlight);
  }

  /** Slots an environment may still take (test: within its share). */
  freeFor(environment: Environment): number {
    const free = this.free();
    return environment === 'test' ? Math.min(free, Math.max(0, this.limits.sandbox - this.sandboxInFlight)) : free;
  }

  heldBy(partnerId: string, environment: string): number {
    return this.byEndpoint.get(endpointKey(partnerId, environment)) ?? 0;
  }

  take(partnerId: string, environment: string): void {
    const key = endpointKey(partnerId, environment);
    this.byEndpoint.set(key, (this.byEndpoint.get(key) ?? 0) + 1);
    this.inFlight++;
    if (environment === 'test') this.sandboxInFlight++;
  }

  release(partnerId: string, environment: string): void {
    const key = endpointKey(partnerId, environment);
    const n = (this.byEndpoint.get(key) ?? 1) - 1;
    if (n <= 0) this.byEndpoint.delete(key);
    else this.byEndpoint.set(key, n);
    this.inFlight--;
    if (environment === 'test') this.sandboxInFlight--;
  }

  /** In flight now: total, test, and the most any endpoint holds (tests, logs). */
  snapshot(): { total: number; sandbox: number; maxPerEndpoint: number } {
    return { total: this.inFlight, sandbox: this.sandboxInFlight, maxPerEndpoint: Math.max(0, ...this.byEndpoint.values()) };
  }
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

/** Whether the endpoint is enabled and takes events of this type (`webhook.test` goes whatever it subscribes to). */
export function subscribed(ep: EndpointRow | null | undefined, type: string): ep is EndpointRow {
  if (!ep || Number(ep.enabled) !== 1) return false;
  if (type === 'webhook.test') return true;
  try {
    return (JSON.parse(ep.events) as string[]).includes(type);
  } catch {
    return false;
  }
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

/** Walks one environment's endpoints with due events and adds what to claim from each to the plan. */
async function planEnvironment(
  deps: Deps,
  slots: DeliverySlots,
  environment: Environment,
  first: FirstPages,
  ctx: { now: number; probeLeaseMs: number; plan: Plan; budget: { free: number; skipEndpoints: number } },
): Promise<void> {
  const { now, plan, budget } = ctx;
  const start = slots.cursor[environment];
  let after = start;
  let wrapped = start === null;
  const seen = new Set<string>();
  let envFree = Math.min(budget.free, slots.freeFor(environment));
  for (let page = 0; page < WALK_PAGES; page++) {
    let rows: PendingEndpoint[];
    if (page === 0) rows = first.fromCursor;
    else if (after === null && first.fromStart) rows = first.fromStart;
    // No slot left for this environment: what was read is all this claim looks at (skipped events included).
    else if (envFree <= 0) return;
    else rows = await pendingEndpoints(deps.database.db, { walks: [{ environment, after }], now, limit: WALK_PAGE, cap: slots.limits.perEndpoint });
    if (after === null) first.fromStart = null;
    for (const r of rows) {
      if (seen.has(r.partner_id)) {
        // Around once: every endpoint with due events was visited.
        slots.cursor[environment] = null;
        return;
      }
      seen.add(r.partner_id);
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
      let room = Math.min(slots.limits.perEndpoint - slots.heldBy(r.partner_id, environment), r.due, envFree);
      if (room <= 0) continue;
      if (circuit === 'probe') {
        const until = now + ctx.probeLeaseMs;
        if (!(await acquireProbe(deps.database.db, ep.id, now, until))) continue;
        plan.probes.set(ep.id, until);
        room = 1;
      }
      plan.claims.push({ partnerId: r.partner_id, environment, limit: room });
      plan.endpoints.set(endpointKey(r.partner_id, environment), ep);
      envFree -= room;
      budget.free -= room;
      if (envFree <= 0) {
        // Out of slots: the next walk starts after the last endpoint served.
        slots.cursor[environment] = r.partner_id;
        return;
      }
    }
    if (rows.length < WALK_PAGE) {
      if (!wrapped) {
        // The end of the list: go on from the first endpoint up to where this walk started.
        wrapped = true;
        after = null;
        continue;
      }
      slots.cursor[environment] = null;
      return;
    }
    after = rows[rows.length - 1].partner_id;
  }
  // Many endpoints with nothing to take: the next walk goes on from here.
  slots.cursor[environment] = after;
}

/**
 * Claims due events for the free slots of `slots`, fairly (see the top of this file). Events
 * no enabled configuration takes are marked skipped here; the rest are returned with their
 * endpoint, and the caller takes a slot for each.
 */
export async function claimFairly(deps: Deps, slots: DeliverySlots, opts: { token: string; leaseMs: number }): Promise<ClaimResult> {
  const now = deps.clock.now();
  const plan: Plan = { claims: [], endpoints: new Map(), probes: new Map() };
  const budget = { free: slots.free(), skipEndpoints: SKIP_ENDPOINTS };
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
      if (subscribed(ep, ev.type)) deliver.push({ ev, ep });
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
