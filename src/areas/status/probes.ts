/**
 * Self-probes: the service measures its own components and records each result,
 * so the status page shows what really happened over time.
 *
 *   partner_api  a real POST /api/v1/calculate/safe-to-spend through this process's own HTTP
 *                application (routing, key guard, rate limit, validation, handler, serialization;
 *                not the socket), with the process's probe credential (src/http/self-probe.ts:
 *                never metered or billed); the answer's figures are checked on a known input
 *                (outage on any other answer or a wrong figure, degraded above 500 ms). A process
 *                that serves no API (the standalone worker) records none.
 *   database     `select 1` round trip (outage when it fails, degraded above 500 ms)
 *   ingest       the ingest write path: computes a known safe-to-spend figure and writes
 *                a row in a transaction that is rolled back (outage when the database
 *                refuses writes or the figure is wrong; degraded when the platform
 *                ingest secret is not configured, since /api/ingest then answers 503)
 *   webhooks     the delivery pipeline: age of the oldest outbox event that is due and
 *                not yet delivered (degraded above 2 minutes, outage above 15 minutes)
 *
 * Durations are measured in microseconds: most probes take well under a millisecond.
 */
import type { Deps } from '../../context.js';
import { computeSafeToSpend } from '../../domain/safe-to-spend.js';
import type { ComponentStatus } from '../../domain/status.js';
import { newId } from '../../lib/ids.js';
import { roundTrip } from '../../db/database.js';
import { dueEventsSummary } from '../webhooks/repo.js';
import { insertProbes, insertStatusCheck } from './repo.js';
import type { COMPONENT_IDS } from './schemas.js';

/** What a probe run reads: the probes' own reach (self-probe, database, ingest settings, clock) and the log. */
export type ProbeDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'log' | 'selfProbe'>;

export interface ComponentDef {
  id: (typeof COMPONENT_IDS)[number];
  name: string;
  description: string;
}

export const COMPONENTS: ComponentDef[] = [
  { id: 'partner_api', name: 'Partner API', description: 'Safe-to-spend calculations (POST /v1/calculate/safe-to-spend), through the same request path partners use.' },
  { id: 'database', name: 'Database', description: 'Primary data store behind every API operation.' },
  { id: 'ingest', name: 'Ingest', description: 'Safe-to-spend ingest and usage-event ingestion (write path).' },
  { id: 'webhooks', name: 'Webhooks', description: 'Outgoing webhook delivery (calculation.updated, usage alerts).' },
];

export interface ProbeResult {
  component: string;
  status: ComponentStatus;
  /** Microseconds. */
  response_us: number;
  detail: string;
}

const SLOW_MS = 500;
const WEBHOOK_DEGRADED_LAG_MS = 2 * 60_000;
const WEBHOOK_OUTAGE_LAG_MS = 15 * 60_000;

class RollbackProbe extends Error {}

/** Microseconds since `start` (a performance.now() reading). */
function elapsed(start: number): number {
  return Math.max(0, Math.round((performance.now() - start) * 1000));
}

/** A duration for people: 0.214 ms, 3.1 ms, 42 ms. */
export function formatDuration(us: number): string {
  const ms = us / 1000;
  return `${ms < 1 ? ms.toFixed(3) : ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** What `response_ms` holds: whole milliseconds, rounded to the nearest, and at least 1 since every probe takes some time. */
export function wholeMs(us: number): number {
  return Math.max(1, Math.round(us / 1000));
}

const SLOW_US = SLOW_MS * 1000;

/** The input the calculate and ingest probes compute, and the figures it must give. */
const KNOWN_INPUT = { cash_balance: 2500, upcoming_bills: [{ amount: 1200 }], savings_commitments: 100, debt_commitments: 50, cash_buffer: 300 };
const KNOWN_POOL = 850;
const KNOWN_DAILY = 28.33;
export const PARTNER_API_PROBE_PATH = '/api/v1/calculate/safe-to-spend';

async function probePartnerApi(deps: Pick<Deps, 'selfProbe'>): Promise<ProbeResult | null> {
  const start = performance.now();
  let answer;
  try {
    answer = deps.selfProbe.inject({ method: 'POST', url: PARTNER_API_PROBE_PATH, payload: { end_user_id: 'status-probe', ...KNOWN_INPUT } });
    if (answer === null) return null;
    const res = await answer;
    const us = elapsed(start);
    if (res.statusCode !== 200) {
      let code = '';
      try {
        code = String((res.json() as { code?: unknown }).code ?? '');
      } catch {
        // not JSON: the status code says enough
      }
      return { component: 'partner_api', status: 'outage', response_us: us, detail: `calculate answered ${res.statusCode}${code ? ` (${code})` : ''}` };
    }
    const body = res.json() as { daily_allowance?: unknown; breakdown?: { discretionary_pool?: unknown } };
    if (body.daily_allowance !== KNOWN_DAILY || body.breakdown?.discretionary_pool !== KNOWN_POOL) {
      return { component: 'partner_api', status: 'outage', response_us: us, detail: 'calculate answered a wrong figure for a known input' };
    }
    return { component: 'partner_api', status: us > SLOW_US ? 'degraded' : 'operational', response_us: us, detail: `calculate answered in ${formatDuration(us)}` };
  } catch (err) {
    return { component: 'partner_api', status: 'outage', response_us: elapsed(start), detail: `calculate failed: ${(err as Error).message.slice(0, 200)}` };
  }
}

async function probeDatabase(deps: Pick<Deps, 'database'>): Promise<ProbeResult> {
  const start = performance.now();
  try {
    await roundTrip(deps.database.db);
    const us = elapsed(start);
    return { component: 'database', status: us > SLOW_US ? 'degraded' : 'operational', response_us: us, detail: `${deps.database.dialect} answered in ${formatDuration(us)}` };
  } catch (err) {
    return { component: 'database', status: 'outage', response_us: elapsed(start), detail: `unreachable: ${(err as Error).message.slice(0, 200)}` };
  }
}

async function probeIngest(deps: Pick<Deps, 'clock' | 'config' | 'database'>): Promise<ProbeResult> {
  const start = performance.now();
  const figures = computeSafeToSpend(KNOWN_INPUT);
  if (figures.breakdown.discretionary_pool !== KNOWN_POOL || figures.daily_allowance !== KNOWN_DAILY) {
    return { component: 'ingest', status: 'outage', response_us: elapsed(start), detail: 'safe-to-spend self-check returned a wrong figure' };
  }
  try {
    await deps.database.tx(async (trx) => {
      await insertStatusCheck(trx, { id: newId('probe'), client_name: 'ingest-write-probe', created_at: deps.clock.now() });
      throw new RollbackProbe();
    });
  } catch (err) {
    if (!(err instanceof RollbackProbe)) {
      return { component: 'ingest', status: 'outage', response_us: elapsed(start), detail: `write path failed: ${(err as Error).message.slice(0, 200)}` };
    }
  }
  const us = elapsed(start);
  if (!deps.config.ingestSecret) {
    return { component: 'ingest', status: 'degraded', response_us: us, detail: 'platform ingest secret not configured: /api/ingest answers 503' };
  }
  return { component: 'ingest', status: us > SLOW_US ? 'degraded' : 'operational', response_us: us, detail: `write path ok in ${formatDuration(us)}` };
}

async function probeWebhooks(deps: Pick<Deps, 'clock' | 'database'>): Promise<ProbeResult> {
  const start = performance.now();
  const now = deps.clock.now();
  try {
    const { oldest, due } = await dueEventsSummary(deps.database.db, now);
    const us = elapsed(start);
    const lag = oldest === null ? 0 : Math.max(0, now - oldest);
    const status: ComponentStatus = lag > WEBHOOK_OUTAGE_LAG_MS ? 'outage' : lag > WEBHOOK_DEGRADED_LAG_MS ? 'degraded' : 'operational';
    return { component: 'webhooks', status, response_us: us, detail: `${due} due event(s), oldest waiting ${Math.round(lag / 1000)} s` };
  } catch (err) {
    return { component: 'webhooks', status: 'outage', response_us: elapsed(start), detail: `outbox unreadable: ${(err as Error).message.slice(0, 200)}` };
  }
}

/** The components this process can probe: the partner API only where it serves one. */
export function probedHere(deps: Pick<Deps, 'selfProbe'>): ComponentDef[] {
  return deps.selfProbe.serving ? COMPONENTS : COMPONENTS.filter((c) => c.id !== 'partner_api');
}

/** Runs every probe once and records the results (a database outage is recorded when it can be). */
export async function runProbes(deps: ProbeDeps): Promise<ProbeResult[]> {
  const api = await probePartnerApi(deps);
  const results = [...(api ? [api] : []), await probeDatabase(deps), await probeIngest(deps), await probeWebhooks(deps)];
  const at = deps.clock.now();
  try {
    await insertProbes(
      deps.database.db,
      results.map((r) => ({
        id: newId('prb', at),
        component: r.component,
        at,
        status: r.status,
        response_ms: wholeMs(r.response_us),
        response_us: r.response_us,
        detail: r.detail,
      })),
    );
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'status probes could not be recorded');
  }
  return results;
}
