/**
 * Self-probes: the service measures its own components and records each result,
 * so the status page shows what really happened over time.
 *
 *   database  `select 1` round trip (outage when it fails, degraded above 500 ms)
 *   ingest    the ingest write path: computes a known safe-to-spend figure and writes
 *             a row in a transaction that is rolled back (outage when the database
 *             refuses writes or the figure is wrong; degraded when the platform
 *             ingest secret is not configured, since /api/ingest then answers 503)
 *   webhooks  the delivery pipeline: age of the oldest outbox event that is due and
 *             not yet delivered (degraded above 2 minutes, outage above 15 minutes)
 */
import type { Deps } from '../../context.js';
import { computeSafeToSpend } from '../../domain/safe-to-spend.js';
import type { ComponentStatus } from '../../domain/status.js';
import { newId } from '../../lib/ids.js';
import { roundTrip } from '../../db/database.js';
import { dueEventsSummary } from '../webhooks/repo.js';
import { insertProbes, insertStatusCheck } from './repo.js';

export interface ComponentDef {
  id: string;
  name: string;
  description: string;
}

export const COMPONENTS: ComponentDef[] = [
  { id: 'database', name: 'Database', description: 'Primary data store behind every API operation.' },
  { id: 'ingest', name: 'Ingest', description: 'Safe-to-spend ingest and usage-event ingestion (write path).' },
  { id: 'webhooks', name: 'Webhooks', description: 'Outgoing webhook delivery (calculation.updated, usage alerts).' },
];

export interface ProbeResult {
  component: string;
  status: ComponentStatus;
  response_ms: number;
  detail: string;
}

const SLOW_DB_MS = 500;
const WEBHOOK_DEGRADED_LAG_MS = 2 * 60_000;
const WEBHOOK_OUTAGE_LAG_MS = 15 * 60_000;

class RollbackProbe extends Error {}

function elapsed(start: number): number {
  return Math.max(0, Math.round(performance.now() - start));
}

async function probeDatabase(deps: Deps): Promise<ProbeResult> {
  const start = performance.now();
  try {
    await roundTrip(deps.database.db);
    const ms = elapsed(start);
    return { component: 'database', status: ms > SLOW_DB_MS ? 'degraded' : 'operational', response_ms: ms, detail: `${deps.database.dialect} answered in ${ms} ms` };
  } catch (err) {
    return { component: 'database', status: 'outage', response_ms: elapsed(start), detail: `unreachable: ${(err as Error).message.slice(0, 200)}` };
  }
}

async function probeIngest(deps: Deps): Promise<ProbeResult> {
  const start = performance.now();
  const figures = computeSafeToSpend({ cash_balance: 2500, upcoming_bills: [{ amount: 1200 }], savings_commitments: 100, debt_commitments: 50, cash_buffer: 300 });
  if (figures.breakdown.discretionary_pool !== 850 || figures.daily_allowance !== 28.33) {
    return { component: 'ingest', status: 'outage', response_ms: elapsed(start), detail: 'safe-to-spend self-check returned a wrong figure' };
  }
  try {
    await deps.database.tx(async (trx) => {
      await insertStatusCheck(trx, { id: newId('probe'), client_name: 'ingest-write-probe', created_at: deps.clock.now() });
      throw new RollbackProbe();
    });
  } catch (err) {
    if (!(err instanceof RollbackProbe)) {
      return { component: 'ingest', status: 'outage', response_ms: elapsed(start), detail: `write path failed: ${(err as Error).message.slice(0, 200)}` };
    }
  }
  const ms = elapsed(start);
  if (!deps.config.ingestSecret) {
    return { component: 'ingest', status: 'degraded', response_ms: ms, detail: 'platform ingest secret not configured: /api/ingest answers 503' };
  }
  return { component: 'ingest', status: ms > SLOW_DB_MS ? 'degraded' : 'operational', response_ms: ms, detail: `write path ok in ${ms} ms` };
}

async function probeWebhooks(deps: Deps): Promise<ProbeResult> {
  const start = performance.now();
  const now = deps.clock.now();
  try {
    const { oldest, due } = await dueEventsSummary(deps.database.db, now);
    const ms = elapsed(start);
    const lag = oldest === null ? 0 : Math.max(0, now - oldest);
    const status: ComponentStatus = lag > WEBHOOK_OUTAGE_LAG_MS ? 'outage' : lag > WEBHOOK_DEGRADED_LAG_MS ? 'degraded' : 'operational';
    return { component: 'webhooks', status, response_ms: ms, detail: `${due} due event(s), oldest waiting ${Math.round(lag / 1000)} s` };
  } catch (err) {
    return { component: 'webhooks', status: 'outage', response_ms: elapsed(start), detail: `outbox unreadable: ${(err as Error).message.slice(0, 200)}` };
  }
}

/** Runs every probe once and records the results (a database outage is recorded when it can be). */
export async function runProbes(deps: Deps): Promise<ProbeResult[]> {
  const results = [await probeDatabase(deps), await probeIngest(deps), await probeWebhooks(deps)];
  const at = deps.clock.now();
  try {
    await insertProbes(
      deps.database.db,
      results.map((r) => ({ id: newId('prb', at), component: r.component, at, status: r.status, response_ms: r.response_ms, detail: r.detail })),
    );
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, 'status probes could not be recorded');
  }
  return results;
}
