/**
 * The time budget of webhook delivery, as pure rules: how long an endpoint's attempts take
 * decides how many slots it may hold and which slots it may take.
 *
 * A slot held for seconds costs what a timeout costs, whether the receiver then answers 200 or
 * not (a circuit never opens for a slow success). So the claim budgets slot *time*:
 *
 *   latency    each endpoint's recent mean attempt duration, an exponentially weighted mean kept on
 *              its configuration row (every process reads it; the worker writes it in the
 *              transaction that records the attempts), raised in this process by an attempt still
 *              in flight that has already lasted longer
 *   pace       fast (latency below WEBHOOK_SLOW_MS), slow (at or above it), or new (never timed)
 *   budget     the slot time an endpoint may have committed at once is WEBHOOK_SLOTS_PER_ENDPOINT ×
 *              WEBHOOK_SLOW_MS: a fast endpoint holds up to its bound of slots, one whose attempts
 *              take twice that long half as many, a slow one at least one (it always makes progress)
 *   reserve    of each pool (all slots; the sandbox share) a part, WEBHOOK_FAST_RESERVE (a quarter),
 *              is never taken by slow endpoints, and its last half never by new ones either: an
 *              endpoint known to answer fast always finds a slot there, however many slow ones wait
 */

export type Pace = 'fast' | 'new' | 'slow';

/** How much a new attempt's duration moves an endpoint's mean (the older ones keep the rest). */
export const LATENCY_WEIGHT = 0.3;

export interface PaceConfig {
  /** An endpoint whose attempts take this long or longer (ms) is slow; also the unit of its budget. */
  slowMs: number;
  /** Slots one endpoint may hold when it is fast (WEBHOOK_SLOTS_PER_ENDPOINT within the process's slots). */
  perEndpoint: number;
}

/**
 * An endpoint's latency as the claim judges it: its recorded mean, or the age of its oldest attempt in
 * flight in this process when that is longer and already past the threshold (a receiver that turned
 * slow, or a new one, is treated as slow from that moment, before its answer is recorded).
 */
export function effectiveLatency(recorded: number | null, oldestInFlightMs: number, slowMs: number): number | null {
  if (oldestInFlightMs >= slowMs) return Math.max(recorded ?? 0, oldestInFlightMs);
  return recorded;
}

export function paceOf(latency: number | null, slowMs: number): Pace {
  if (latency === null) return 'new';
  return latency >= slowMs ? 'slow' : 'fast';
}

/** Attempts an endpoint may have in flight at once in a process: its share of slot time, at least one. */
export function attemptsAllowed(latency: number | null, cfg: PaceConfig): number {
  if (latency === null || latency < cfg.slowMs) return cfg.perEndpoint;
  return Math.max(1, Math.min(cfg.perEndpoint, Math.floor((cfg.perEndpoint * cfg.slowMs) / latency)));
}

/** What one pool (every slot of a process, or the sandbox share) lets slow and new endpoints hold. */
export interface PoolCaps {
  /** Slots slow endpoints may hold together. */
  slow: number;
  /** Slots slow and new endpoints may hold together. */
  unproven: number;
}

/**
 * The caps of a pool of `size` slots with `reserve` of them (a share) kept from slow endpoints and half
 * of those from new ones too. A pool of one slot keeps no reserve (slow endpoints must make progress).
 */
export function poolCaps(size: number, reserve: number): PoolCaps {
  const kept = Math.min(size - 1, Math.floor(size * reserve));
  const slow = Math.max(1, size - kept);
  return { slow, unproven: Math.max(slow, size - Math.floor(kept / 2)) };
}

/**
 * An endpoint's mean after `durations` (in the order the attempts ended): applied by the database to
 * whatever mean another process may have written meanwhile, as `first` when none was recorded, else
 * `mean × factor + add`.
 */
export interface LatencyUpdate {
  factor: number;
  add: number;
  /** The mean when none was recorded: the first duration, then the others applied. */
  first: number;
}

export function latencyUpdate(durations: number[]): LatencyUpdate {
  if (durations.length === 0) throw new Error('latencyUpdate: no duration');
  let factor = 1;
  let add = 0;
  for (const d of durations) {
    factor *= 1 - LATENCY_WEIGHT;
    add = add * (1 - LATENCY_WEIGHT) + LATENCY_WEIGHT * d;
  }
  let first = durations[0];
  for (const d of durations.slice(1)) first = first + LATENCY_WEIGHT * (d - first);
  return { factor, add, first: Math.round(first) };
}

/** The mean `latencyUpdate` leads to from `recorded` (what the database computes, for tests and logs). */
export function nextLatency(recorded: number | null, durations: number[]): number {
  const u = latencyUpdate(durations);
  return recorded === null ? u.first : Math.round(recorded * u.factor + u.add);
}

/**
 * Whether these attempts' durations are worth a write: the endpoint was never timed, or it is or may
 * become slow (its mean or one of the durations at half the threshold or more). A fast endpoint that
 * stays fast costs no statement; its small drift below half the threshold changes nothing the claim decides.
 */
export function shouldRecordLatency(recorded: number | null, durations: number[], slowMs: number): boolean {
  if (recorded === null) return true;
  const half = slowMs / 2;
  return recorded >= half || durations.some((d) => d >= half);
}
