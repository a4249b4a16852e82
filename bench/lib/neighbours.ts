/**
 * Pieces the noisy-neighbour benchmarks share (noisy-neighbour.bench.ts, sandbox-cost.bench.ts): the environment
 * of a child server, a healthy partner's paced calculate load, and one key sending the costliest sandbox request
 * at its rate limit.
 */
import { setMaxListeners } from 'node:events';
import { request, type Dispatcher } from 'undici';
import type { Config } from '../../src/config.js';
import { databaseEnv } from '../../test/helpers/app.js';
import { percentile } from './util.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a child server (spawnServer) needs to open `config`'s database, workers off, plus `extra`. */
export function serverEnv(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  const e: Record<string, string> = { PATH: process.env.PATH ?? '', RUN_WORKERS: 'false', SEED_DEMO_PARTNER: 'false', LOG_LEVEL: 'info', ...extra };
  for (const [k, v] of Object.entries(databaseEnv(config))) if (typeof v === 'string' && k !== 'INGEST_SECRET') e[k] = v;
  return e;
}

export const CALCULATE_BODY = { end_user_id: 'u', cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }], savings_commitments: 100, debt_commitments: 50.25, cash_buffer: 300 };

export interface PacedRun {
  /** calls sent, and answered 200 */
  sent: number;
  ok: number;
  /** the others, by status code or error code */
  failed: Record<string, number>;
  /** latency of the calls answered 200 (ms, from the moment each was sent) */
  p50: number;
  p99: number;
  max: number;
}

export function failures(run: PacedRun): number {
  return run.sent - run.ok;
}

/**
 * A healthy partner's calculate load, open loop: call i is sent at start + i / perSecond whatever the answers'
 * latency (a slow server is not given a slower pace), over the keep-alive connections of `dispatcher`, cycling
 * through 50 end-users. A call with no answer within 10 s counts as failed, as does any status other than 200.
 */
export async function pacedCalculate(base: string, key: string, opts: { perSecond: number; seconds: number; dispatcher: Dispatcher }): Promise<PacedRun> {
  const lat: number[] = [];
  const failed: Record<string, number> = {};
  const total = Math.round(opts.perSecond * opts.seconds);
  const gap = 1000 / opts.perSecond;
  const one = async (i: number) => {
    const t0 = performance.now();
    try {
      const r = await request(`${base}/api/v1/calculate/safe-to-spend`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ ...CALCULATE_BODY, end_user_id: `u${i % 50}` }),
        dispatcher: opts.dispatcher,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      await r.body.text();
      if (r.statusCode === 200) lat.push(performance.now() - t0);
      else failed[r.statusCode] = (failed[r.statusCode] ?? 0) + 1;
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as Error).name;
      failed[code] = (failed[code] ?? 0) + 1;
    }
  };
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + i * gap - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(one(i));
  }
  await Promise.all(inflight);
  lat.sort((x, y) => x - y);
  return { sent: total, ok: lat.length, failed, p50: percentile(lat, 50), p99: percentile(lat, 99), max: lat[lat.length - 1] ?? NaN };
}

export interface CostlyCounts {
  /** answered 200; answered 429 by the weighted rate limit; answered 429 because the key's costly requests in progress were at their bound; anything else by status or error code */
  ok: number;
  limited: number;
  inProgress: number;
  other: Record<string, number>;
}

/**
 * One key sending `path(i)` `perSecond` times a second (default 60, the default limit), open loop, whatever the
 * answers say: a noisy neighbour at its rate. Runs until stop().
 */
export function startHammer(base: string, key: string, opts: { path: (i: number) => string; dispatcher: Dispatcher; perSecond?: number }): { stop(): Promise<CostlyCounts> } {
  const counts: CostlyCounts = { ok: 0, limited: 0, inProgress: 0, other: {} };
  const gap = 1000 / (opts.perSecond ?? 60);
  let stopped = false;
  // At stop(), what is still unanswered is abandoned: on a starved server the open loop builds a backlog.
  const abandon = new AbortController();
  setMaxListeners(0, abandon.signal); // one listener per request in flight
  const loop = (async () => {
    const inflight: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; !stopped; i++) {
      const wait = start + i * gap - performance.now();
      if (wait > 0) await sleep(wait);
      inflight.push(
        request(`${base}${opts.path(i)}`, { headers: { 'x-api-key': key }, dispatcher: opts.dispatcher, signal: abandon.signal })
          .then(async (r) => {
            const text = await r.body.text();
            if (r.statusCode === 200) counts.ok++;
            else if (r.statusCode === 429 && text.includes('costly_request_in_progress')) counts.inProgress++;
            else if (r.statusCode === 429) counts.limited++;
            else counts.other[r.statusCode] = (counts.other[r.statusCode] ?? 0) + 1;
          })
          .catch((err: { code?: string; name?: string }) => {
            const code = abandon.signal.aborted ? 'unanswered at the end' : (err.code ?? err.name ?? 'error');
            counts.other[code] = (counts.other[code] ?? 0) + 1;
          }),
      );
    }
    await Promise.all(inflight);
  })();
  return {
    async stop() {
      stopped = true;
      abandon.abort();
      await loop;
      return counts;
    },
  };
}

/**
 * One key sending the costliest sandbox request (a new end-user each time, `since=2020-01-01&limit=500`: a
 * ledger generated and 500 usage events written) `perSecond` times a second, open loop, as fast as its rate
 * limit lets it: the weighted limit answers most of them 429. Runs until stop().
 */
export function startCostliest(base: string, key: string, opts: { tag: string; dispatcher: Dispatcher; perSecond?: number }): { stop(): Promise<CostlyCounts> } {
  return startHammer(base, key, { ...opts, path: (i) => `/v1/transactions?user_id=noisy-${opts.tag}-${i}&since=2020-01-01&limit=500` });
}
