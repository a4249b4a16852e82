/**
 * A healthy partner's webhook deliveries beside receivers that answer 200, but only after seconds (no circuit
 * ever opens for them), on one database, in process (noisy-neighbour.bench.ts runs it on both, for the sandbox
 * pool and the live pool):
 *   alone: the healthy partner's ingest-to-arrival latency (it is then an endpoint known to answer fast);
 *   beside: BENCH_SLOW_RECEIVERS (8; live: BENCH_SLOW_LIVE_RECEIVERS, 24) partners of the same environment whose
 *     receivers answer 200 after BENCH_SLOW_MS (12 s, under the 15 s timeout), each fed BENCH_SLOW_EVENTS (40),
 *     with every default (time budget on); the healthy samples are sent twice: while their first attempts
 *     are in flight ("first wave": they are not timed yet) and once every one of them has answered and the
 *     requests sent before that are answered too (the slots they took while not timed yet are back), without
 *     waiting for the first window's deliveries; "held" is what the slow receivers held while a window was sent;
 *   control: the same with the time budget off (WEBHOOK_SLOW_MS=600000, WEBHOOK_FAST_RESERVE=0: the claim as
 *     it was before, 4 slots per endpoint and nothing kept from slow ones).
 * Each window is BENCH_SLOW_SAMPLES (100) ingests 20 ms apart; the ratio is the window's p50 and p99 over alone's.
 * On PostgreSQL the same runs again with two server processes (test/helpers/cluster.ts: src/server.ts with its
 * workers, each with its own slots), the healthy ingests sent to both in turn (BENCH_SLOW_PROCESSES=0 skips it).
 */
import os from 'node:os';
import type { buildTestApp, keyHeaders, TestApp } from '../../test/helpers/app.js';
import { createPartner } from '../../src/areas/partners/service.js';
import type { Deps } from '../../src/context.js';
import { enqueueEvent } from '../../src/areas/webhooks/outbox.js';
import { startWebhookWorker } from '../../src/areas/webhooks/worker.js';
import { callWithSecret, startCluster } from '../../test/helpers/cluster.js';
import type { ServerProcess } from '../../test/helpers/process.js';
import { startReceiver, startSlowReceiver, type SlowReceiver } from '../../test/webhooks/receiver.js';
import { percentile } from './util.js';

const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 12_000);
const SAMPLES = Number(process.env.BENCH_SLOW_SAMPLES ?? 100);
const EVENTS = Number(process.env.BENCH_SLOW_EVENTS ?? 40);
const RECEIVERS = { test: Number(process.env.BENCH_SLOW_RECEIVERS ?? 8), live: Number(process.env.BENCH_SLOW_LIVE_RECEIVERS ?? 24) };
/** Which pools to run (BENCH_SLOW_POOLS=test,live; both by default). */
const POOLS = (process.env.BENCH_SLOW_POOLS ?? 'test,live').split(',') as ('test' | 'live')[];
const CONTROL = process.env.BENCH_NOISY_CONTROL !== '0';
const PROCESSES = process.env.BENCH_SLOW_PROCESSES !== '0';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Helpers {
  buildTestApp: typeof buildTestApp;
  keyHeaders: typeof keyHeaders;
}

export interface Window {
  p50: number;
  p99: number;
  max: number;
  samples: number;
  /** During the window: the most requests one slow receiver held at once, and all of them together. */
  each: number;
  together: number;
}

export interface SlowRun {
  /** While the slow receivers' first attempts were in flight, and after each answered once. */
  firstWave: Window;
  steady: Window;
  /** The slow receivers' answers over the run. */
  answered: number;
  /** Load average (1 min) at the start and end of the run. */
  load: [number, number];
}

export interface SlowResult {
  dialect: string;
  environment: 'test' | 'live';
  receivers: number;
  alone: Window;
  budget: SlowRun;
  control: SlowRun | null;
}

function window(lat: number[], held = { each: 0, together: 0 }): Window {
  const s = [...lat].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1], samples: s.length, ...held };
}

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`slow receivers: timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Where the partners live and how they are driven: one in-process app, or two server processes. */
interface Target {
  deps: Deps;
  /** A new partner; its webhook in `environment` to `url`. */
  partnerWith(environment: 'test' | 'live', url: string): Promise<Partner>;
  ingest(p: Partner, environment: 'test' | 'live', user: string, i: number): Promise<void>;
}

interface Partner {
  id: string;
  testKey: string;
  liveKey: string;
  ingestSecret: string;
}

function inProcess(t: TestApp, helpers: Helpers): Target {
  return {
    deps: t.deps,
    async partnerWith(environment, url) {
      const p = await t.partner();
      const cfg = await t.inject({ method: 'POST', url: '/api/v1/webhooks', headers: helpers.keyHeaders(p, { secret: true, env: environment }), payload: { url, events: ['calculation.updated'] } });
      if (cfg.statusCode !== 200) throw new Error(cfg.body);
      return p;
    },
    async ingest(p, environment, user, i) {
      const headers = { 'x-api-key': environment === 'live' ? p.liveKey : p.testKey, 'x-service-ingest-secret': p.ingestSecret };
      const r = await t.inject({ method: 'POST', url: '/api/v1/ingest', headers, payload: { end_user_id: user, cash_balance: i } });
      if (r.statusCode !== 201) throw new Error(r.body);
    },
  };
}

function twoProcesses(deps: Deps, servers: ServerProcess[]): Target {
  let n = 0;
  return {
    deps,
    async partnerWith(environment, url) {
      const c = await deps.database.tx((trx) => createPartner(deps, trx, { email: `p${Date.now()}_${n++}@example.com`, company: 'Partner', activated: true }));
      const p = { id: c.id, testKey: c.testKey!, liveKey: c.liveKey!, ingestSecret: c.ingestSecret };
      const res = await callWithSecret(servers[n % 2], 'POST', '/api/v1/webhooks', environment === 'live' ? p.liveKey : p.testKey, p.ingestSecret, { url, events: ['calculation.updated'] });
      if (res.status !== 200) throw new Error(await res.text());
      return p;
    },
    async ingest(p, environment, user, i) {
      const res = await callWithSecret(servers[i % 2], 'POST', '/api/v1/ingest', environment === 'live' ? p.liveKey : p.testKey, p.ingestSecret, { end_user_id: user, cash_balance: i });
      if (res.status !== 201) throw new Error(await res.text());
    },
  };
}

/**
 * A healthy partner of `environment` with its receiver. `send(tag)` ingests SAMPLES times, 20 ms apart, and returns
 * when each was sent; `latencies(sent)` waits for those deliveries and returns ingest-to-arrival times. The two are
 * apart so that a window can start before the previous one's deliveries arrived (beside slow receivers without the
 * budget they take minutes).
 */
async function healthyPartner(target: Target, environment: 'test' | 'live') {
  const rx = await startReceiver();
  const p = await target.partnerWith(environment, rx.url);
  const arrived = new Map<string, number>();
  const arrivals = () => {
    for (const r of rx.received.slice(arrived.size)) arrived.set((JSON.parse(r.body) as { data: { end_user_id: string } }).data.end_user_id, r.at);
    return arrived;
  };
  return {
    rx,
    async send(tag: string): Promise<Map<string, number>> {
      const sent = new Map<string, number>();
      for (let i = 0; i < SAMPLES; i++) {
        const user = `${tag}_${i}`;
        sent.set(user, performance.now() + performance.timeOrigin);
        await target.ingest(p, environment, user, i);
        await sleep(20);
      }
      return sent;
    },
    async latencies(sent: Map<string, number>): Promise<number[]> {
      await until('the healthy deliveries', () => [...sent.keys()].every((u) => arrivals().has(u)), 20 * SLOW_MS + 120_000);
      const at = arrivals();
      return [...sent].map(([u, t]) => at.get(u)! - t);
    },
  };
}

/** The slow receivers, configured and fed; then the healthy samples in both windows. */
async function besideSlow(target: Target, environment: 'test' | 'live', healthy: Awaited<ReturnType<typeof healthyPartner>>, tag: string): Promise<SlowRun> {
  const load0 = os.loadavg()[0];
  const slow: SlowReceiver[] = [];
  let together = 0;
  const sampler = setInterval(() => (together = Math.max(together, slow.reduce((n, s) => n + s.open(), 0))), 5);
  try {
    for (let i = 0; i < RECEIVERS[environment]; i++) {
      const rx = await startSlowReceiver(SLOW_MS);
      slow.push(rx);
      const p = await target.partnerWith(environment, rx.url);
      const deps = target.deps;
      await deps.database.tx(async (trx) => {
        for (let j = 0; j < EVENTS; j++) {
          await enqueueEvent(deps, trx, { partnerId: p.id, environment, type: 'calculation.updated', data: { end_user_id: `s${j}` }, orderingKey: `s${j}`, now: Date.now() });
        }
      });
    }
    // They take their slots first.
    await until('the slow receivers to hold their first requests', () => slow.reduce((n, s) => n + s.open(), 0) >= Math.min(8, RECEIVERS[environment]), 10_000);
    await sleep(300);
    const held = () => {
      const h = { each: Math.max(0, ...slow.map((s) => s.maxOpen())), together };
      for (const s of slow) s.resetMax();
      together = 0;
      return h;
    };
    held();
    const firstSent = await healthy.send(`${tag}_first`);
    const firstHeld = held();
    await until('an answer from every slow receiver', () => slow.every((s) => s.answered() > 0), 10 * SLOW_MS + 60_000);
    // And every request sent before that answered: the slots taken while they were not timed yet are back.
    const sentBefore = slow.map((s) => s.received.length);
    await until('the slow receivers to answer what came before', () => slow.every((s, i) => s.answered() >= sentBefore[i]), 10 * SLOW_MS + 60_000);
    held();
    const steadySent = await healthy.send(`${tag}_steady`);
    const steadyHeld = held();
    const firstWave = window(await healthy.latencies(firstSent), firstHeld);
    const steady = window(await healthy.latencies(steadySent), steadyHeld);
    return { firstWave, steady, answered: slow.reduce((n, s) => n + s.answered(), 0), load: [load0, os.loadavg()[0]] };
  } finally {
    clearInterval(sampler);
    for (const s of slow) await s.close();
  }
}

/** The budget run (with alone first) and the control, each on a fresh database and partners. */
async function runPool(dialect: string, environment: 'test' | 'live', start: (extra: Record<string, string>) => Promise<{ target: Target; stop: () => Promise<void> }>): Promise<SlowResult> {
  const run = async (extra: Record<string, string>, tag: string) => {
    const { target, stop } = await start(extra);
    try {
      const healthy = await healthyPartner(target, environment);
      try {
        // Alone first: the healthy partner is then an endpoint known to answer fast (as the control's is).
        const alone = window(await healthy.latencies(await healthy.send(`${tag}_alone`)));
        const beside = await besideSlow(target, environment, healthy, tag);
        return { alone, beside };
      } finally {
        await healthy.rx.close();
      }
    } finally {
      await stop();
    }
  };
  const budget = await run({}, 'budget');
  const control = CONTROL ? (await run({ WEBHOOK_SLOW_MS: '600000', WEBHOOK_FAST_RESERVE: '0' }, 'control')).beside : null;
  return { dialect, environment, receivers: RECEIVERS[environment], alone: budget.alone, budget: budget.beside, control };
}

export async function slowReceivers(dialect: 'sqlite' | 'postgres', helpers: Helpers, pgUrl: string): Promise<SlowResult[]> {
  const out: SlowResult[] = [];
  const env = { RATE_LIMIT_PER_SECOND: '1000000', LOG_LEVEL: 'silent' };
  const inProc = async (extra: Record<string, string>) => {
    const t = await helpers.buildTestApp({ env: { ...env, ...extra } });
    const w = startWebhookWorker(t.deps);
    return {
      target: inProcess(t, helpers),
      stop: async () => {
        await w.stop();
        await t.close();
      },
    };
  };
  for (const environment of POOLS) out.push(await runPool(dialect, environment, inProc));
  if (dialect === 'postgres' && PROCESSES) {
    const cluster = async (extra: Record<string, string>) => {
      const c = await startCluster(2, { RUN_WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', ...extra }, { poolSize: 3, databaseUrl: pgUrl });
      return { target: twoProcesses(c.deps, c.servers), stop: () => c.close() };
    };
    for (const environment of POOLS) out.push(await runPool('postgres, 2 processes', environment, cluster));
  }
  return out;
}

export function printSlow(results: SlowResult[], machineLine: string): void {
  const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);
  console.log(`slow-but-successful receivers: ${machineLine}`);
  console.log(`${SAMPLES} healthy ingests (20 ms apart) per window; receivers answer 200 after ${SLOW_MS} ms (timeout 15 s), ${EVENTS} events each`);
  console.log('database              | pool    | phase                                 | healthy p50 | healthy p99 | max       | p50 / alone | p99 / alone | slow held: each / together | load 1 min (run)');
  for (const r of results) {
    const row = (name: string, w: Window, run?: SlowRun) =>
      console.log(
        `${r.dialect.padEnd(21)} | ${(r.environment === 'test' ? 'sandbox' : 'live').padEnd(7)} | ${name.padEnd(37)} | ${ms(w.p50).padStart(11)} | ${ms(w.p99).padStart(11)} | ${ms(w.max).padStart(9)} | ${(w.p50 / r.alone.p50).toFixed(2).padStart(11)} | ${(w.p99 / r.alone.p99).toFixed(2).padStart(11)} | ${run ? `${w.each} / ${w.together}`.padStart(26) : ''.padStart(26)} | ${run ? `${run.load[0].toFixed(1)}-${run.load[1].toFixed(1)}` : ''}`,
      );
    row('alone', r.alone);
    row(`beside ${r.receivers} slow: first wave`, r.budget.firstWave, r.budget);
    row(`beside ${r.receivers} slow: after their answers`, r.budget.steady, r.budget);
    if (r.control) {
      row('control (no budget): first wave', r.control.firstWave, r.control);
      row('control (no budget): after answers', r.control.steady, r.control);
    }
  }
}
