/**
 * The circuit breaker of a webhook endpoint (a partner's configuration in one
 * environment), as pure rules. Its state lives on the configuration row, so every
 * process honours it; the worker writes each change in the transaction that records
 * the attempts that caused it.
 *
 *   closed     deliveries flow; failed attempts in a row are counted
 *   open       after `threshold` failures in a row: nothing is claimed until retry_at
 *              (the due events wait, their attempts are not spent)
 *   half_open  retry_at has come: one process holds the probe and sends one event;
 *              its success closes the circuit, its failure opens it again for twice
 *              as long (capped)
 */
import type { Config } from '../../config.js';
import type { AttemptResult } from './delivery.js';

export type CircuitState = 'closed' | 'open' | 'half_open';

export interface Circuit {
  circuit_state: CircuitState;
  circuit_failures: number;
  circuit_trips: number;
  circuit_retry_at: number | null;
  circuit_probe_until: number | null;
}

export type BreakerConfig = Pick<Config, 'webhookBreakerFailures' | 'webhookBreakerOpenMs' | 'webhookBreakerMaxOpenMs'>;

export const CLOSED: Circuit = { circuit_state: 'closed', circuit_failures: 0, circuit_trips: 0, circuit_retry_at: null, circuit_probe_until: null };

/** The circuit columns of a configuration row, with the defaults of a row written before they existed. */
export function circuitOf(row: {
  circuit_state?: string | null;
  circuit_failures?: number | string | null;
  circuit_trips?: number | string | null;
  circuit_retry_at?: number | string | null;
  circuit_probe_until?: number | string | null;
}): Circuit {
  const state = row.circuit_state === 'open' || row.circuit_state === 'half_open' ? row.circuit_state : 'closed';
  const n = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return {
    circuit_state: state,
    circuit_failures: n(row.circuit_failures) ?? 0,
    circuit_trips: n(row.circuit_trips) ?? 0,
    circuit_retry_at: n(row.circuit_retry_at),
    circuit_probe_until: n(row.circuit_probe_until),
  };
}

/**
 * Whether an attempt speaks against the receiver: no answer (timeout, connection
 * refused or reset, a refused address), a 5xx, or 429 (it asks for less). Any other
 * answer, 4xx included, shows a receiver that answers.
 */
export function isBreakerFailure(r: Pick<AttemptResult, 'ok' | 'statusCode'>): boolean {
  if (r.ok) return false;
  return r.statusCode === null || r.statusCode >= 500 || r.statusCode === 429;
}

/** How long the circuit stays open after its `trips`-th opening in a row (0-based): doubling, capped. */
export function openPeriodMs(cfg: BreakerConfig, trips: number): number {
  const ms = cfg.webhookBreakerOpenMs * 2 ** Math.min(trips, 30);
  return Math.min(ms, cfg.webhookBreakerMaxOpenMs);
}

/** The circuit after one attempt's outcome at `at`. */
export function afterAttempt(c: Circuit, failed: boolean, at: number, cfg: BreakerConfig): Circuit {
  if (!failed) return CLOSED;
  const failures = c.circuit_failures + 1;
  const open = (): Circuit => ({
    circuit_state: 'open',
    circuit_failures: failures,
    circuit_trips: c.circuit_trips + 1,
    circuit_retry_at: at + openPeriodMs(cfg, c.circuit_trips),
    circuit_probe_until: null,
  });
  switch (c.circuit_state) {
    case 'half_open':
      // The probe failed: open again, for longer.
      return open();
    case 'open':
      // An attempt that started before the circuit opened: counted, the open period stays.
      return { ...c, circuit_failures: failures };
    default:
      return failures >= cfg.webhookBreakerFailures ? open() : { ...c, circuit_failures: failures };
  }
}

export function sameCircuit(a: Circuit, b: Circuit): boolean {
  return (
    a.circuit_state === b.circuit_state &&
    a.circuit_failures === b.circuit_failures &&
    a.circuit_trips === b.circuit_trips &&
    a.circuit_retry_at === b.circuit_retry_at &&
    a.circuit_probe_until === b.circuit_probe_until
  );
}

/** What the partner sees: an open circuit whose retry time has come is half-open (its probe goes at the next pass). */
export function visibleCircuit(c: Circuit, now: number): { state: CircuitState; failures: number; retry_at: number | null } {
  let state = c.circuit_state;
  if (state === 'open' && c.circuit_retry_at !== null && c.circuit_retry_at <= now) state = 'half_open';
  return { state, failures: c.circuit_failures, retry_at: state === 'closed' ? null : c.circuit_retry_at };
}

/** Whether the claim may take events of this endpoint now: closed, or a probe is due (open past retry_at, or a lost probe). */
export function claimable(c: Circuit, now: number): 'yes' | 'probe' | 'no' {
  if (c.circuit_state === 'closed') return 'yes';
  if (c.circuit_state === 'open') return c.circuit_retry_at === null || c.circuit_retry_at <= now ? 'probe' : 'no';
  // half_open: a probe is out; another may go only when its holder's lease ran out (a crashed process).
  return c.circuit_probe_until === null || c.circuit_probe_until <= now ? 'probe' : 'no';
}
