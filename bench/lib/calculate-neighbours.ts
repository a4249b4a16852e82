/**
 * A healthy partner's calculate latency beside noisy neighbours, with the service in its own process as
 * `npm start` runs it (spawnServer), on one database (noisy-neighbour.bench.ts runs it on both):
 *   alone; beside four concurrent large exports of four other partners; beside one key at its limit on the
 *   costliest sandbox route; beside three keys at their limit on the /api/v1 form's costliest transactions page
 *   (`start_date=2020-01-01&limit=100`, a new end-user each); beside 5,000 stalled connections from one address;
 *   alone again (the drift of the machine over the run).
 * The healthy load is open loop (BENCH_CALC_RATE calls a second for BENCH_CALC_SECONDS, over keep-alive
 * connections from 127.0.0.2); every noisy neighbour comes from 127.0.0.1, so the per-address share of
 * connections is the one a hostile client meets. Client and server on their own cores (withPinnedClient).
 * Aims: exports: p99 < 100 ms; sandbox key: p99 < 50 ms; three keys: p99 under ten times alone; stalled
 * connections: no healthy call fails; and every healthy call succeeds in every phase.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { Agent, request, type Dispatcher } from 'undici';
import { createPartner } from '../../src/areas/partners/service.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { testConfig } from '../../test/helpers/app.js';
import { failures, pacedCalculate, serverEnv, startCostliest, startHammer, type CostlyCounts, type PacedRun } from './neighbours.js';
import { seedCalculations } from './seed.js';
import { cpuTicks, fmt, pinnedServerCpu, spawnServer, withPinnedClient } from './util.js';

const RATE = Number(process.env.BENCH_CALC_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CALC_SECONDS ?? 15);
const EXPORTERS = 4;
/** The keys of the `keys` phase: each sends the /api/v1 form's costliest transactions page at the default limit. */
const HAMMERERS = 3;
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 250_000);
const STALLED = Number(process.env.BENCH_STALLED ?? 5000);
/** Which neighbours to run (BENCH_CALC_PHASES=exports,sandbox,keys,stalled, all by default); alone always runs. */
const PHASES = (process.env.BENCH_CALC_PHASES ?? 'exports,sandbox,keys,stalled').split(',');
const HEALTHY_ADDRESS = '127.0.0.2';
const NOISY_ADDRESS = '127.0.0.1';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time of a process so far (ms): utime + stime from /proc (USER_HZ = 100). */
function processCpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * `fn` (a phase's healthy load) with what the server's CPU was doing meanwhile: the server's own CPU time, and how
 * busy its core was with everything (other processes of a shared machine included), both as % of the phase. On a
 * shared machine a slow phase whose server got little CPU while its core was full is the machine, not the service.
 */
async function withCpu(pid: number, cpu: number | null, fn: () => Promise<PacedRun>): Promise<{ run: PacedRun; serverCpu: number; coreBusy: number }> {
  const t0 = performance.now();
  const c0 = processCpuMs(pid);
  const k0 = cpu === null ? null : cpuTicks(cpu);
  const run = await fn();
  const wall = performance.now() - t0;
  const serverCpu = (100 * (processCpuMs(pid) - c0)) / wall;
  let coreBusy = NaN;
  if (k0 && cpu !== null) {
    const k1 = cpuTicks(cpu);
    coreBusy = (100 * (k1.total - k0.total - (k1.idle - k0.idle))) / Math.max(1, k1.total - k0.total);
  }
  return { run, serverCpu, coreBusy };
}

export interface CalcPhase {
  name: string;
  run: PacedRun;
  /** the server's CPU time over the phase, and everything's on its core (the server's included), as % of the phase */
  serverCpu: number;
  coreBusy: number;
  /** what the neighbours did meanwhile */
  detail: string;
  /** the aim of the phase beyond "every healthy call succeeds", and whether it was met */
  aim: string;
  met: boolean;
}

export interface CalcResult {
  dialect: 'sqlite' | 'postgres';
  phases: CalcPhase[];
  seeded: string;
  load: { before: number[]; after: number[] };
  pinned: string;
}

interface ExportStats {
  /** exports answered 200 and begun, and of those streamed to their end */
  started: number;
  finished: number;
  bytes: number;
  /** answers other than 200 (429 while the partner's previous export is still closing), and errors */
  refused: Record<string, number>;
  seconds: number;
}

/**
 * Each key downloads its calculations.csv again and again (a new one as soon as the last ended; a 429 while the
 * server still holds the previous one is retried 100 ms later), reading as fast as loopback carries it: no
 * back-pressure slows the server. stop() cuts the exports under way.
 */
function startExports(base: string, keys: string[], dispatcher: Dispatcher): { stop(): Promise<ExportStats> } {
  const stats: ExportStats = { started: 0, finished: 0, bytes: 0, refused: {}, seconds: 0 };
  const t0 = performance.now();
  let stopped = false;
  const controllers = new Set<AbortController>();
  const loops = keys.map(async (key) => {
    while (!stopped) {
      const ac = new AbortController();
      controllers.add(ac);
      try {
        const r = await request(`${base}/api/v1/reports/calculations.csv`, { headers: { 'x-api-key': key }, dispatcher, signal: ac.signal, bodyTimeout: 60_000 });
        if (r.statusCode !== 200) {
          await r.body.text();
          stats.refused[r.statusCode] = (stats.refused[r.statusCode] ?? 0) + 1;
          await sleep(100);
          continue;
        }
        stats.started++;
        for await (const chunk of r.body) stats.bytes += (chunk as Buffer).length;
        stats.finished++;
      } catch (err) {
        if (!stopped) {
          const code = (err as { code?: string }).code ?? (err as Error).name;
          stats.refused[code] = (stats.refused[code] ?? 0) + 1;
        }
      } finally {
        controllers.delete(ac);
      }
    }
  });
  return {
    async stop() {
      stopped = true;
      stats.seconds = (performance.now() - t0) / 1000;
      for (const ac of controllers) ac.abort();
      await Promise.all(loops);
      return stats;
    },
  };
}

interface StallStats {
  /** connection attempts (the first `count`, then one per held connection the server closed) */
  attempts: number;
  /** the TCP handshake failed */
  connectFailed: number;
  /** closed by the server without a byte: refused (the per-address share, the cap) */
  refused: number;
  /** closed by the server after an answer: 408 (the header or request timeout), or another first (e.g. 401 before the body) */
  closedAfterHeld: number;
  answered408: number;
  answeredOther: number;
  /** open now; the most open at once */
  open: number;
  maxOpen: number;
}

/**
 * The stalled client, a thread of its own (its thousands of sockets do not delay the healthy client's timers):
 * `count` connections from one address, half sending a request header that never ends, half whole headers
 * (POST calculate, Content-Length 1000) and a body that stops after 15 bytes. A held connection the server
 * closes is opened again at once, so the client keeps whatever share the server gives it for the whole phase;
 * a refused one is not retried (a retry loop of thousands of connections a second is a different attack).
 */
const STALL_JS = `
const { workerData, parentPort } = require('node:worker_threads');
const net = require('node:net');
const { host, port, localAddress, count } = workerData;
const HEAD = 'GET /api/v1/health HTTP/1.1\\r\\nHost: x\\r\\nX-Slow: ';
const BODY = 'POST /api/v1/calculate/safe-to-spend HTTP/1.1\\r\\nHost: x\\r\\nContent-Type: application/json\\r\\nContent-Length: 1000\\r\\n\\r\\n{"end_user_id":';
const stats = { attempts: 0, connectFailed: 0, refused: 0, closedAfterHeld: 0, answered408: 0, answeredOther: 0, open: 0, maxOpen: 0 };
const sockets = new Set();
let stopping = false;
function open(i) {
  stats.attempts++;
  return new Promise((resolve) => {
    const s = net.connect({ host, port, localAddress });
    let connectedAt = 0;
    let got = '';
    s.setNoDelay(true);
    s.on('connect', () => {
      connectedAt = Date.now();
      sockets.add(s);
      stats.open++;
      stats.maxOpen = Math.max(stats.maxOpen, stats.open);
      s.write(i % 2 ? BODY : HEAD);
      resolve();
    });
    s.on('data', (d) => { if (got.length < 64) got += d; });
    s.on('error', () => {});
    s.on('close', () => {
      if (!connectedAt) { stats.connectFailed++; resolve(); return; }
      sockets.delete(s);
      stats.open--;
      if (stopping) return;
      // The server writes nothing to a connection it refuses, and answers one it held before closing it (408).
      if (!got) { stats.refused++; return; }
      stats.closedAfterHeld++;
      if (got.startsWith('HTTP/1.1 408')) stats.answered408++;
      else if (got) stats.answeredOther++;
      open(i);
    });
  });
}
(async () => {
  let next = 0;
  // At most 500 handshakes under way at once.
  await Promise.all(Array.from({ length: 500 }, async () => { while (next < count) await open(next++); }));
  parentPort.postMessage({ ready: true, stats });
})();
parentPort.on('message', (m) => {
  if (m === 'stats') parentPort.postMessage({ stats });
  if (m === 'stop') {
    stopping = true;
    const final = { ...stats };
    for (const s of sockets) s.destroy();
    parentPort.postMessage({ stopped: true, stats: final });
  }
});
`;

async function startStalled(base: string, count: number): Promise<{ stats(): Promise<StallStats>; stop(): Promise<StallStats> }> {
  const { hostname, port } = new URL(base);
  const worker = new Worker(STALL_JS, { eval: true, workerData: { host: hostname, port: Number(port), localAddress: NOISY_ADDRESS, count } });
  const next = async (key: 'ready' | 'stats' | 'stopped'): Promise<StallStats> => {
    for (;;) {
      const [m] = (await once(worker, 'message')) as [{ ready?: true; stopped?: true; stats: StallStats }];
      if (key === 'stats' || m[key]) return m.stats;
    }
  };
  await next('ready');
  return {
    async stats() {
      worker.postMessage('stats');
      return next('stats');
    },
    async stop() {
      worker.postMessage('stop');
      const s = await next('stopped');
      await worker.terminate();
      return s;
    },
  };
}

function counts(c: Record<string, number>): string {
  const e = Object.entries(c);
  return e.length ? e.map(([k, v]) => `${v}× ${k}`).join(', ') : 'none';
}

function describeFailures(run: PacedRun): string {
  return failures(run) === 0 ? `all ${run.sent} answered 200` : `${failures(run)} of ${run.sent} failed (${counts(run.failed)})`;
}

export async function calculateNeighbours(dialect: 'sqlite' | 'postgres', pgUrl: string): Promise<CalcResult> {
  const { config, cleanup } = await testConfig({ LOG_LEVEL: 'silent' }, dialect === 'postgres' ? pgUrl : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  try {
    await migrate(deps.database);
    const mk = (n: string) => deps.database.tx((trx) => createPartner(deps, trx, { email: `${n}@bank.example`, company: n, activated: true }));
    const healthy = await mk('healthy');
    // The healthy partner's own limit (as an administrator sets one for a large partner): its paced load stays
    // far below it even when a busy client machine sends a second's calls in a burst. The noisy keys keep the default.
    await deps.database.db.updateTable('partners').set({ rate_limit_per_second: 1000 }).where('id', '=', healthy.id).execute();
    const sandbox = await mk('sandbox-noisy');
    const hammerers: Awaited<ReturnType<typeof mk>>[] = [];
    for (let i = 0; i < HAMMERERS; i++) hammerers.push(await mk(`keys-noisy-${i}`));
    const exporters: Awaited<ReturnType<typeof mk>>[] = [];
    for (let i = 0; i < EXPORTERS; i++) exporters.push(await mk(`exporter-${i}`));

    const t0 = performance.now();
    for (const p of exporters) if (PHASES.includes('exports')) await seedCalculations(deps, p.id, EXPORT_ROWS);
    // What autovacuum (PostgreSQL) or a maintenance window (SQLite) would have done after the load.
    if (deps.database.pgPool) await deps.database.pgPool.query('vacuum analyze calculations');
    else deps.database.sqlite!.exec('analyze');
    const seeded = PHASES.includes('exports')
      ? `${fmt(EXPORTERS * EXPORT_ROWS)} cached calculations (${fmt(EXPORT_ROWS)} for each of ${EXPORTERS} partners) in ${fmt((performance.now() - t0) / 1000, 1)} s`
      : 'nothing (no exports phase)';
    console.log(`[calculate, ${dialect}] seeded ${seeded}`);

    const before = os.loadavg();
    let pinned = 'unpinned';
    const phases = await withPinnedClient(async () => {
      const cpu = pinnedServerCpu();
      if (cpu !== null) pinned = `server on CPU ${cpu}, client on the other`;
      const server = await spawnServer('src/server.ts', serverEnv(config));
      const healthyAgent = new Agent({ connections: 16, localAddress: HEALTHY_ADDRESS });
      const noisyAgent = new Agent({ connections: 16, localAddress: NOISY_ADDRESS });
      const out: CalcPhase[] = [];
      const calc = () => withCpu(server.child.pid!, cpu, () => pacedCalculate(server.address, healthy.liveKey!, { perSecond: RATE, seconds: SECONDS, dispatcher: healthyAgent }));
      const log = (p: CalcPhase) => {
        out.push(p);
        console.log(
          `[calculate, ${dialect}] ${p.name}: p50 ${fmt(p.run.p50, 1)} ms, p99 ${fmt(p.run.p99, 1)} ms, ${describeFailures(p.run)}; ` +
            `server CPU ${fmt(p.serverCpu)}%, its core busy ${fmt(p.coreBusy)}%; ${p.detail}`,
        );
      };
      try {
        await pacedCalculate(server.address, healthy.liveKey!, { perSecond: RATE, seconds: 3, dispatcher: healthyAgent }); // warm
        const alone = await calc();
        log({ name: 'alone', ...alone, detail: 'no neighbour', aim: 'every call answered', met: failures(alone.run) === 0 });

        // a. Four large exports, begun just before the healthy load and restarted as each ends.
        if (PHASES.includes('exports')) {
          const exports = startExports(
            server.address,
            exporters.map((p) => p.liveKey!),
            noisyAgent,
          );
          await sleep(500);
          const besideExports = await calc();
          const ex = await exports.stop();
          log({
            name: `beside ${EXPORTERS} large exports`,
            ...besideExports,
            detail:
              `exports of ${fmt(EXPORT_ROWS)} rows: ${ex.started} begun, ${ex.finished} streamed to the end, ` +
              `${fmt(ex.bytes / 2 ** 20, 0)} MiB in ${fmt(ex.seconds, 1)} s (${fmt(ex.bytes / 2 ** 20 / ex.seconds, 1)} MiB/s); other answers: ${counts(ex.refused)}`,
            aim: 'p99 < 100 ms',
            met: failures(besideExports.run) === 0 && besideExports.run.p99 < 100 && ex.started >= EXPORTERS,
          });
          await sleep(2000);
        }

        // c. One key at its limit on the costliest sandbox route.
        if (PHASES.includes('sandbox')) {
          const costly = startCostliest(server.address, sandbox.testKey!, { tag: `${dialect}-${Date.now()}`, dispatcher: noisyAgent });
          await sleep(1000);
          const besideCostly = await calc();
          const c: CostlyCounts = await costly.stop();
          log({
            name: 'beside a key at its limit on the costliest sandbox route',
            ...besideCostly,
            detail: `the key's /v1/transactions since=2020-01-01 limit=500 at 60/s: ${c.ok} answered 200, ${c.limited} answered 429 rate_limited, ${c.inProgress} 429 costly_request_in_progress, other: ${counts(c.other)}`,
            aim: 'p99 < 50 ms',
            met: failures(besideCostly.run) === 0 && besideCostly.run.p99 < 50,
          });
          await sleep(2000);
        }

        // d. Three keys (three partners' free sandbox keys) each sending the /api/v1 form's costliest page at their rate.
        if (PHASES.includes('keys')) {
          const tag = `${dialect}-${Date.now()}`;
          const keys = hammerers.map((p, k) =>
            startHammer(server.address, p.testKey!, { path: (i) => `/api/v1/transactions?user_id=keys-${tag}-${k}-${i}&start_date=2020-01-01&limit=100`, dispatcher: noisyAgent }),
          );
          await sleep(1000);
          const besideKeys = await calc();
          const cs: CostlyCounts[] = await Promise.all(keys.map((k) => k.stop()));
          const sum = (f: (c: CostlyCounts) => number) => cs.reduce((n, c) => n + f(c), 0);
          log({
            name: `beside ${HAMMERERS} keys at their limit on /api/v1/transactions`,
            ...besideKeys,
            detail:
              `each key's /api/v1/transactions?start_date=2020-01-01&limit=100 (a new end-user each) at 60/s: ${sum((c) => c.ok)} answered 200, ` +
              `${sum((c) => c.limited)} answered 429 rate_limited, ${sum((c) => c.inProgress)} 429 costly_request_in_progress, other: ${counts(Object.assign({}, ...cs.map((c) => c.other)))}`,
            aim: 'p99 < 10 × alone',
            met: failures(besideKeys.run) === 0 && besideKeys.run.p99 < 10 * alone.run.p99,
          });
          await sleep(2000);
        }

        // b. Thousands of stalled connections from one address.
        if (PHASES.includes('stalled')) {
          const stalled = await startStalled(server.address, STALLED);
          // Until the server has refused what it refuses (a busy server accepts the kernel's backlog late).
          let atStart = await stalled.stats();
          for (let i = 0; i < 30; i++) {
            await sleep(500);
            const now = await stalled.stats();
            const settled = now.open === atStart.open;
            atStart = now;
            if (settled) break;
          }
          const besideStalled = await calc();
          const st = await stalled.stop();
          log({
            name: `beside ${fmt(STALLED)} stalled connections`,
            ...besideStalled,
            detail:
              `of the first ${fmt(STALLED)} connections from one address: ${fmt(atStart.open)} held, ${fmt(atStart.refused)} refused (closed without an answer), ${atStart.connectFailed} failed to connect; ` +
              `during the load the server closed ${st.closedAfterHeld} held ones after answering (${st.answered408} with 408, ${st.answeredOther} with another status first), each opened again, and refused ${st.refused - atStart.refused} more; ` +
              `${st.open} open at the end (at most ${st.maxOpen} at once)`,
            aim: 'no healthy call fails',
            met: failures(besideStalled.run) === 0,
          });
          await sleep(2000);
        }

        const again = await calc();
        log({ name: 'alone again (drift)', ...again, detail: 'no neighbour', aim: 'every call answered', met: failures(again.run) === 0 });
        return out;
      } finally {
        await healthyAgent.close();
        await noisyAgent.close();
        await server.stop();
      }
    });
    return { dialect, phases, seeded, load: { before, after: os.loadavg() }, pinned };
  } finally {
    await deps.database.close();
    await cleanup();
  }
}

/** The phases of each database as a table, with each phase's ratio to the first alone phase. */
export function printCalculate(results: CalcResult[], machineLine: string): void {
  const la = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  console.log(`\ncalculate beside noisy neighbours: ${machineLine}`);
  console.log(`healthy calculate: ${RATE}/s open loop for ${SECONDS} s per phase, keep-alive connections from ${HEALTHY_ADDRESS}; the neighbours from ${NOISY_ADDRESS}`);
  console.log('database  | phase                                                    | ok / sent  | p50 ms | p99 ms | max ms | p50 / alone | p99 / alone | server CPU | core busy | aim');
  for (const r of results) {
    console.log(`${r.dialect}: ${r.pinned}; load average ${la(r.load.before)} before, ${la(r.load.after)} after; seeded ${r.seeded}`);
    const alone = r.phases[0].run;
    for (const p of r.phases) {
      console.log(
        `${r.dialect.padEnd(9)} | ${p.name.padEnd(56)} | ${`${p.run.ok} / ${p.run.sent}`.padStart(10)} | ${fmt(p.run.p50, 1).padStart(6)} | ${fmt(p.run.p99, 1).padStart(6)} | ${fmt(p.run.max, 1).padStart(6)} | ${fmt(p.run.p50 / alone.p50, 2).padStart(11)} | ${fmt(p.run.p99 / alone.p99, 2).padStart(11)} | ${`${fmt(p.serverCpu)}%`.padStart(10)} | ${`${fmt(p.coreBusy)}%`.padStart(9)} | ${p.aim}: ${p.met ? 'met' : 'NOT met'}`,
      );
    }
  }
}
