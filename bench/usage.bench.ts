/**
 * Usage benchmark (issue 5), on SQLite and PostgreSQL.
 *
 *   node --import tsx bench/usage.bench.ts
 *
 * 1. Calculate throughput (POST /api/v1/calculate/safe-to-spend, wrk or autocannon (bench/lib/util.ts) against a
 *    real port) with metering and rate limiting ON against the same server build with both OFF (a copy of the
 *    compiled build whose API-key scope registers no usage hook: baselineBuild below), in the same
 *    run, each server its own child process, in fresh OFF/ON pairs (start order alternating), two ways:
 *    - side by side (part `sidebyside`, the figure): both servers loaded at once on one core, taking turns
 *      in slices of 50 ms, so that a slowdown of the machine lands on both within a round;
 *    - in sequence (part `throughput`): one server loaded at a time, rounds in ABBA order.
 * 2. CSV export of 1,000,000 cached calculations (GET /api/v1/reports/calculations.csv)
 *    streamed from a server process whose resident memory is sampled every 50 ms,
 *    against the same process idle (its baseline).
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * BENCH_DB=sqlite|postgres|both (default both), BENCH_SECONDS (per round, default 3),
 * BENCH_PAIRS (fresh OFF/ON process pairs, default 4; keep it even), BENCH_ROUNDS (measured rounds per pair, default 4),
 * BENCH_WARMUP (unmeasured rounds per server first, default 2), BENCH_CONNECTIONS (per server, default 20),
 * BENCH_SLICE_MS (side by side: the turn of each server, default 50; 0 = no turns, the scheduler shares the core),
 * BENCH_USERS (end-users cycled, default 20000; 0 = a new one every request),
 * BENCH_IDLE_MS (both servers of a pair idle before any load, default 15000; see IDLE_MS),
 * BENCH_CSV_ROWS (default 1000000), BENCH_PARTS=sidebyside,throughput,csv.
 * Checks of the method: BENCH_AA=1 (two OFF servers: should show no cost), BENCH_SPIN_US=n (ON = OFF + n µs
 * of spinning per request: should show that cost); attribution: BENCH_WITHOUT=headers,endusers,calls (an ON
 * server without those parts of the work).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Config } from '../src/config.js';
import { migrate } from '../src/db/database.js';
import { createDeps, createLogger } from '../src/deps.js';
import { createPartner } from '../src/areas/partners/service.js';
import { databaseEnv, testConfig } from '../test/helpers/app.js';
import { seedCalculations } from './lib/seed.js';
import { balancedRatio, CLIENT, cpuTicks, inTurns, load, median, PG_URL, pinnedServerCpu, ROOT, SERVER_NODE_ARGS, serverCommand, START_FLAGS, withPinnedClient } from './lib/util.js';

const WHICH = process.env.BENCH_DB ?? 'both';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CSV_ROWS = Number(process.env.BENCH_CSV_ROWS ?? 1_000_000);
/**
 * Calibration (BENCH_SPIN_US=n): the ON servers are replaced by OFF servers that spin n µs of CPU on every
 * request, a known cost, to show what each method reports for it.
 */
const SPIN_US = process.env.BENCH_SPIN_US;
/** Side by side: the slice each server runs alone in its turn (ms); 0 = no turns (BENCH_SLICE_MS). */
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 50);
const ON_MODE = SPIN_US ? 'spin' : process.env.BENCH_AA === '1' ? 'off' : 'on';
const PARTS = (process.env.BENCH_PARTS ?? 'sidebyside,throughput,csv').split(',');
/**
 * Node flags of the export runs: as `npm start` runs the server (START_FLAGS), then V8's defaults for
 * comparison (BENCH_CSV_FLAGS="flags;flags" to try others).
 */
const CSV_FLAGS: { label: string; flags: string[] }[] = process.env.BENCH_CSV_FLAGS
  ? process.env.BENCH_CSV_FLAGS.split(';').map((f) => ({ label: `node ${f}`, flags: f.split(' ').filter(Boolean) }))
  : [
      { label: `as npm start runs it: node ${START_FLAGS.join(' ')}`, flags: START_FLAGS },
      { label: 'V8 defaults, for comparison', flags: [] },
    ];

/**
 * The servers run as production runs them: the service compiled to JavaScript (tsc),
 * not through the TypeScript loader (tsx alone adds ~70 MB of resident memory).
 * Compiled once per run into a temporary folder.
 */
const SERVE_JS = `
import { loadConfig } from './src/config.js';
import { createDeps, createLogger } from './src/deps.js';
import { buildApp } from './src/app.js';
import { RateLimitHeaders } from './src/areas/metering/rate-limit.js';
const mode = process.argv[2];
const config = loadConfig(process.env);
const deps = createDeps(config, { log: createLogger(config) });
// OFF and spin servers run the baseline build (no usage hook on the API-key scope); end-users are not counted either.
if (mode === 'off' || mode === 'spin') deps.usage = { recordCall() {}, recordEndUser() {}, flush: async () => {} };
await deps.start();
// Attribution: an ON server without one part of the work (BENCH_WITHOUT=headers,endusers,calls).
const without = (process.env.BENCH_WITHOUT ?? '').split(',');
if (mode === 'on' && without.includes('headers')) RateLimitHeaders.prototype.set = () => {};
if (mode === 'on' && without.includes('endusers')) deps.usage.recordEndUser = () => {};
if (mode === 'on' && without.includes('calls')) deps.usage.recordCall = () => {};
const app = await buildApp(deps);
if (mode === 'spin') {
  // Calibration: the OFF server plus a known amount of work on every request.
  const ns = BigInt(Math.round(Number(process.env.BENCH_SPIN_US) * 1000));
  app.addHook('onRequest', (request, reply, done) => {
    const until = process.hrtime.bigint() + ns;
    while (process.hrtime.bigint() < until);
    done();
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ port: app.server.address().port }) + '\\n');
process.on('SIGTERM', async () => {
  await app.close();
  await deps.close();
  process.exit(0);
});
`;

let buildDir: string | null = null;
/** The compiled server of a mode: the service as built (on), or the baseline copy (off, spin). */
function compiledServer(mode: 'on' | 'off' | 'spin' = 'on'): string {
  if (!buildDir) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-bench-build-'));
    const on = path.join(dir, 'on');
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json'), '--outDir', on, '--sourceMap', 'false'], { encoding: 'utf8' });
    if (r.status !== 0) console.log(`tsc reported errors (output is emitted anyway):\n${r.stdout.split('\n').slice(0, 5).join('\n')}`);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(on, 'node_modules'));
    symlinkSync(path.join(ROOT, 'content'), path.join(on, 'content'));
    writeFileSync(path.join(on, 'package.json'), JSON.stringify({ type: 'module' }));
    writeFileSync(path.join(on, 'serve.mjs'), SERVE_JS);
    baselineBuild(on, path.join(dir, 'off'));
    console.log(`compiled the service in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    buildDir = dir;
  }
  return path.join(buildDir, mode === 'on' ? 'on' : 'off', 'serve.mjs');
}

/**
 * The baseline: a copy of the compiled service whose API-key scope registers no usage hook at all
 * (no rate limit, no call counted, no header), so OFF costs nothing per request rather than a hook that
 * does nothing. Everything else is the same build. The service has no switch for this: the copy's call
 * of usageKeyScopeHooks is removed from the compiled JavaScript.
 */
function baselineBuild(from: string, to: string): void {
  cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  const call = /await\s+usageKeyScopeHooks\([^)]*\);/g;
  const files = readdirSync(path.join(to, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  let patched = 0;
  for (const f of files) {
    const file = path.join(to, 'src', f);
    const js = readFileSync(file, 'utf8');
    const baseline = js.replace(call, '/* baseline: no usage hooks */');
    if (baseline === js) continue;
    writeFileSync(file, baseline);
    patched++;
  }
  if (patched !== 1) throw new Error(`baseline build: expected one call of usageKeyScopeHooks in the compiled service, found ${patched}`);
}

type Dialect = 'sqlite' | 'postgres';

function envOf(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  const e: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'silent',
    RUN_WORKERS: 'false',
    SEED_DEMO_PARTNER: 'false',
    RATE_LIMIT_PER_SECOND: '1000000',
    ...(SPIN_US ? { BENCH_SPIN_US: SPIN_US } : {}),
    ...(process.env.BENCH_WITHOUT ? { BENCH_WITHOUT: process.env.BENCH_WITHOUT } : {}),
    ...extra,
  };
  for (const [k, v] of Object.entries(databaseEnv(config))) if (typeof v === 'string' && k !== 'INGEST_SECRET') e[k] = v;
  return e;
}

async function startChild(mode: 'on' | 'off' | 'spin', env: Record<string, string>, nodeFlags: string[] = START_FLAGS): Promise<{ child: ChildProcess; port: number }> {
  const [command, args] = serverCommand([...nodeFlags, ...SERVER_NODE_ARGS, compiledServer(mode), mode]);
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server (${mode}) exited ${code}`)));
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([done, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * End-users the load cycles through (a partner's customers calling again and again); BENCH_USERS=0: a new one on
 * every request (worst case). A server's meter writes each end-user the first time it sees them in a month
 * (~9 µs of CPU per end-user on SQLite, measured alone, in batches of 500), and never again: the warm-up rounds
 * (two per server, 30,000 or more requests) go through all of them, so that the measured rounds show the steady
 * state. Before, every round started again at the first end-user, and each fresh ON server was still writing its
 * first sight of up to 20,000 end-users during the measured rounds.
 */
const USERS = Number(process.env.BENCH_USERS ?? 20_000);
let seq = 0;

/** CPU time of a process so far (ms): user (the service's own code, V8 and its GC) and system (the kernel, sockets). */
function cpuMs(pid: number): { user: number; sys: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: (Number(fields[11]) * 1000) / 100, sys: (Number(fields[12]) * 1000) / 100 }; // utime, stime in clock ticks (USER_HZ = 100)
}

interface Round {
  rps: number;
  /** Requests answered in the round. */
  total: number;
  /** Server CPU per request (µs), and the user-space part of it. */
  cpuUs: number;
  userUs: number;
}

/** Requests answered per server process (warm-up included), to compare with the calls its meter wrote. */
const served = new Map<number, number>();

async function cannon(port: number, key: string, pid: number): Promise<Round> {
  const cpu0 = cpuMs(pid);
  const user = USERS > 0 ? 'user-{n}' : `user-${seq++}-{n}`;
  const r = await load({
    url: `http://127.0.0.1:${port}/api/v1/calculate/safe-to-spend`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'x-api-key': key },
    bodyTemplate: JSON.stringify({ end_user_id: user, cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }], cash_buffer: 300 }),
    cycle: USERS > 0 ? USERS : undefined,
    // Each round goes on through the end-users where the server's previous round stopped, so the warm-up
    // rounds show every one of them to the server once (see USERS).
    start: served.get(pid) ?? 0,
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`non-2xx ${r.non2xx}, errors ${r.errors}`);
  served.set(pid, (served.get(pid) ?? 0) + r.total);
  const cpu1 = cpuMs(pid);
  return { rps: r.rps, total: r.total, cpuUs: ((cpu1.user + cpu1.sys - cpu0.user - cpu0.sys) * 1000) / r.total, userUs: ((cpu1.user - cpu0.user) * 1000) / r.total };
}

async function runOn(dialect: Dialect): Promise<void> {
  const { config, cleanup } = await testConfig({ LOG_LEVEL: 'silent' }, dialect === 'postgres' ? PG_URL : null);
  const deps = createDeps(config, { log: createLogger(config), poolSize: 2 });
  const children: ChildProcess[] = [];
  try {
    await migrate(deps.database);
    const p = await deps.database.tx((trx) => createPartner(deps, trx, { email: 'bench@bank.example', company: 'Bench Bank', activated: true }));
    const env = envOf(config);
    if (PARTS.includes('sidebyside')) await withPinnedClient(() => sideBySide(dialect, p, env, children));
    if (PARTS.includes('throughput')) await withPinnedClient(() => throughput(dialect, p, env, children));
    if (PARTS.includes('sidebyside') || PARTS.includes('throughput')) await meteredCheck(dialect, deps, p);
    if (PARTS.includes('csv')) await csvExport(dialect, deps, p, env, children);
  } finally {
    for (const c of children) await stopChild(c);
    await deps.database.close();
    await cleanup();
  }
}

type BenchDeps = ReturnType<typeof createDeps>;
type BenchPartner = { id: string; liveKey: string | null };

/**
 * Both servers of a pair idle this long after the second has started, before any load (BENCH_IDLE_MS).
 * A Node 20 process first loaded within a second or two of its start can stay in a state that a server
 * which idled first (as in production) does not reach: V8 creates Node's `process.nextTick` object on a
 * fast path, where the other process goes through the runtime (`Runtime_DefineKeyedOwnPropertyInLiteral`,
 * 4–5% of its CPU, seen with `perf`). Started one after the other and loaded at once, the first process
 * of a pair was always in the slow state (11 of 11 processes) and the second only sometimes (4 of 11): the
 * second ran 3–11% faster in A/A runs, which looked like a start-order effect. After 15 s of idling both
 * were in the slow state (6 of 6) and the A/A ratios were 1.023, 1.003 and 1.026.
 */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 15_000);

/**
 * The OFF and the ON server of one pair, started one after the other, then left idle (IDLE_MS). Which one
 * starts first still alternates from pair to pair (ON first in odd pairs), so that whatever else start
 * order does weighs on both sides alike. Use an even BENCH_PAIRS.
 */
async function startPair(pair: number, env: Record<string, string>, children: ChildProcess[]) {
  const onFirst = pair % 2 === 1;
  const first = await startChild(onFirst ? ON_MODE : 'off', env);
  const second = await startChild(onFirst ? 'off' : ON_MODE, env);
  const [off, on] = onFirst ? [second, first] : [first, second];
  children.push(off.child, on.child);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return { off, on, onFirst };
}

/**
 * Requests answered by every ON server of this database's run, and the load runs they served, to compare with
 * the calls their meters wrote.
 */
let onAnswered = 0;
let onRuns = 0;
/** Whether the ON servers meter calls at all (not in the A/A and calibration runs, nor without the counters). */
const ON_METERS = ON_MODE === 'on' && !(process.env.BENCH_WITHOUT ?? '').split(',').includes('calls');

/** A signed change in per cent. */
const p1 = (x: number) => `${x > 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
/** A share in per cent. */
const share = (x: number) => `${(x * 100).toFixed(1)}%`;

/**
 * The OFF and the ON server loaded at the same time, by two clients of CONNECTIONS connections each, on
 * the same core, taking turns: each runs alone for a slice of SLICE_MS while the other is stopped
 * (SIGSTOP; its requests wait), then the other. Whatever slows the machine down for longer than a slice
 * (the hypervisor, a neighbour, the CPU's clock) slows both alike within a round, where in sequential
 * rounds it lands on one server and not the other and moves single rounds by ±25% here; and within its
 * slice each server has the core and its caches to itself, as in production. A server's throughput is
 * the requests it answered over the time it ran; its CPU time per request is measured too.
 * BENCH_SLICE_MS=0: no turns, the scheduler shares the core between the two busy processes instead
 * (their caches are then cold after every switch, which makes both slower and hides part of a cost).
 */
async function sideBySide(dialect: Dialect, p: BenchPartner, env: Record<string, string>, children: ChildProcess[]): Promise<void> {
  const cpu = pinnedServerCpu();
  // ON/OFF of each round, apart for the pairs whose ON server started second ([0]) and first ([1]).
  const rpsRatios: [number[], number[]] = [[], []];
  const cpuRatios: [number[], number[]] = [[], []];
  const userRatios: [number[], number[]] = [[], []];
  const idles: number[] = [];
  const offRps: number[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    const { off, on, onFirst } = await startPair(pair, env, children);
    const pids = onFirst ? [on.child.pid!, off.child.pid!] : [off.child.pid!, on.child.pid!];
    const load = () => Promise.all([cannon(off.port, p.liveKey!, off.child.pid!), cannon(on.port, p.liveKey!, on.child.pid!)]);
    const both = async () => {
      if (SLICE_MS <= 0) return { rounds: await load(), ranMs: [SECONDS * 1000, SECONDS * 1000] };
      const { result, ranMs } = await inTurns(pids, SLICE_MS, load);
      return { rounds: result, ranMs: onFirst ? [ranMs[1], ranMs[0]] : ranMs };
    };
    for (let i = 0; i < WARMUP; i++) await both();
    const line: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = cpu === null ? null : cpuTicks(cpu);
      const { rounds, ranMs } = await both();
      if (cpu !== null && t0 !== null) {
        const t1 = cpuTicks(cpu);
        idles.push((t1.idle - t0.idle) / Math.max(1, t1.total - t0.total));
      }
      const [o, n] = rounds;
      const oRps = (o.total * 1000) / ranMs[0];
      const nRps = (n.total * 1000) / ranMs[1];
      offRps.push(oRps);
      const g = onFirst ? 1 : 0;
      rpsRatios[g].push(nRps / oRps);
      cpuRatios[g].push(n.cpuUs / o.cpuUs);
      userRatios[g].push(n.userUs / o.userUs);
      line.push(`${oRps.toFixed(0)}/${nRps.toFixed(0)}`);
    }
    console.log(`[${dialect}]   side by side, pair ${pair + 1}${onFirst ? ' (ON first)' : ''}: OFF/ON req/s ${line.join(', ')}; ON/OFF ${median(rpsRatios[onFirst ? 1 : 0].slice(-ROUNDS)).toFixed(3)}`);
    onAnswered += served.get(on.child.pid!) ?? 0;
    onRuns += WARMUP + ROUNDS;
    await stopChild(on.child);
    await stopChild(off.child);
  }
  const rps = balancedRatio(...rpsRatios);
  const cpuCost = balancedRatio(...cpuRatios);
  const user = balancedRatio(...userRatios);
  const how = SLICE_MS > 0 ? `taking turns in slices of ${SLICE_MS} ms` : 'sharing it through the scheduler';
  console.log(`[${dialect}] side by side on one core, ${how}: ${PAIRS} process pairs × ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections each${SPIN_US ? ` (calibration: ON = OFF + ${SPIN_US} µs of spinning)` : ''}`);
  console.log(`[${dialect}]   OFF: median ${median(offRps).toFixed(0)} req/s while running`);
  console.log(
    `[${dialect}]   ON/OFF, median of the rounds: ON started second ${median(rpsRatios[0]).toFixed(3)}, ON started first ${rpsRatios[1].length ? median(rpsRatios[1]).toFixed(3) : '-'}`,
  );
  console.log(
    `[${dialect}]   cost of metering + rate limiting (both start orders weighed alike): throughput ${p1(rps.ratio - 1)} (90% bootstrap interval ${p1(rps.low - 1)} … ${p1(rps.high - 1)}), ` +
      `server CPU per request ${p1(cpuCost.ratio - 1)} (${p1(cpuCost.low - 1)} … ${p1(cpuCost.high - 1)}), user space ${p1(user.ratio - 1)} (target: at most 10%)`,
  );
  if (idles.length > 0) console.log(`[${dialect}]   server core idle during the rounds: median ${share(median(idles))}, highest ${share(Math.max(...idles))}`);
}

async function throughput(dialect: Dialect, p: BenchPartner, env: Record<string, string>, children: ChildProcess[]): Promise<void> {
  const offR: Round[] = [];
  const onR: Round[] = [];
  // ON/OFF of each paired round, apart for the pairs whose ON server started second ([0]) and first ([1]).
  const paired: [number[], number[]] = [[], []];
  const pairedCpu: [number[], number[]] = [[], []];
  const show = (rs: Round[], k: keyof Round) => rs.map((r) => r[k].toFixed(0)).join(' / ');
  // Several pairs of fresh processes: two processes of the same build differ by their JIT's
  // choices (inlining, ±10% seen here), so one pair alone can flatter or wrong either side.
  for (let pair = 0; pair < PAIRS; pair++) {
    const { off, on, onFirst } = await startPair(pair, env, children);
    // Warm-up (both servers alike, until the JIT and the heap have settled), then alternating rounds.
    for (let i = 0; i < WARMUP; i++) {
      await cannon(off.port, p.liveKey!, off.child.pid!);
      await cannon(on.port, p.liveKey!, on.child.pid!);
    }
    const offP: Round[] = [];
    const onP: Round[] = [];
    // ABBA order (OFF first in even rounds, ON first in odd ones): a drift of the machine's load weighs on both alike.
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        offP.push(await cannon(off.port, p.liveKey!, off.child.pid!));
        onP.push(await cannon(on.port, p.liveKey!, on.child.pid!));
      } else {
        onP.push(await cannon(on.port, p.liveKey!, on.child.pid!));
        offP.push(await cannon(off.port, p.liveKey!, off.child.pid!));
      }
    }
    console.log(
      `[${dialect}]   pair ${pair + 1}${onFirst ? ' (ON first)' : ''}: OFF ${show(offP, 'rps')} req/s, ON ${show(onP, 'rps')} req/s; ` +
        `server CPU OFF ${show(offP, 'cpuUs')}, ON ${show(onP, 'cpuUs')} µs/request; ON/OFF ${(median(onP.map((r) => r.rps)) / median(offP.map((r) => r.rps))).toFixed(3)}`,
    );
    offR.push(...offP);
    onR.push(...onP);
    for (let i = 0; i < ROUNDS; i++) {
      paired[onFirst ? 1 : 0].push(onP[i].rps / offP[i].rps);
      pairedCpu[onFirst ? 1 : 0].push(onP[i].cpuUs / offP[i].cpuUs);
    }
    onAnswered += served.get(on.child.pid!) ?? 0;
    onRuns += WARMUP + ROUNDS;
    await stopChild(on.child);
    await stopChild(off.child);
  }
  // Medians: the machine is shared, a single disturbed round must not decide.
  const pct = (base: number, x: number) => `${(((x - base) / base) * 100).toFixed(1)}%`;
  const load = USERS > 0 ? `${USERS} end-users cycled` : 'a new end-user every request';
  console.log(`[${dialect}] calculate (${load}), ${CONNECTIONS} connections, ${PAIRS} process pairs × ${ROUNDS} paired rounds of ${SECONDS} s`);
  console.log(`[${dialect}]   OFF: median ${median(offR.map((r) => r.rps)).toFixed(0)} req/s; server CPU median ${median(offR.map((r) => r.cpuUs)).toFixed(1)} µs/request`);
  console.log(`[${dialect}]   ON:  median ${median(onR.map((r) => r.rps)).toFixed(0)} req/s; server CPU median ${median(onR.map((r) => r.cpuUs)).toFixed(1)} µs/request`);
  const o = median(offR.map((r) => r.rps));
  const n = median(onR.map((r) => r.rps));
  const oc = median(offR.map((r) => r.cpuUs));
  const nc = median(onR.map((r) => r.cpuUs));
  // The paired figure: each round's ON against the OFF measured next to it, both start orders weighed alike.
  const pr = balancedRatio(...paired);
  const prCpu = balancedRatio(...pairedCpu);
  console.log(
    `[${dialect}]   cost of metering + rate limiting: throughput ${pct(o, n)} (paired rounds, both start orders weighed alike: ${p1(pr.ratio - 1)}, 90% bootstrap interval ${p1(pr.low - 1)} … ${p1(pr.high - 1)}), ` +
      `server CPU per request +${(((nc - oc) / oc) * 100).toFixed(1)}% (paired ${p1(prCpu.ratio - 1)}) (target: at most 10%)`,
  );
  const ou = median(offR.map((r) => r.userUs));
  const nu = median(onR.map((r) => r.userUs));
  console.log(`[${dialect}]   user-space CPU (the service's own work, without the kernel's socket and wake-up time): ${ou.toFixed(1)} → ${nu.toFixed(1)} µs/request (+${(((nu - ou) / ou) * 100).toFixed(1)}%)`);
}

/**
 * Every call an ON server answered was metered (the OFF servers meter nothing). A server counts a call when it
 * answers; a client counts it when the answer arrives, so the meters may hold up to one request per connection
 * and load run more (those in flight when a client's timer ended), never fewer.
 */
async function meteredCheck(dialect: Dialect, deps: BenchDeps, p: BenchPartner): Promise<void> {
  const rows = await deps.database.db.selectFrom('usage_daily').select('calls').where('partner_id', '=', p.id).execute();
  const users = await deps.database.db.selectFrom('usage_end_users').select((eb) => eb.fn.countAll<number>().as('n')).where('partner_id', '=', p.id).executeTakeFirst();
  const counted = rows.reduce((a, r) => a + Number(r.calls), 0);
  console.log(`[${dialect}] metered by the ON servers: ${counted} calls (they answered ${onAnswered}), ${Number(users?.n ?? 0)} unique end-users`);
  const answered = onAnswered;
  const inFlight = CONNECTIONS * onRuns;
  onAnswered = 0;
  onRuns = 0;
  if (ON_METERS && (counted < answered || counted - answered > inFlight)) {
    throw new Error(`[${dialect}] the meters counted ${counted} calls for ${answered} answered (at most ${inFlight} more may have been in flight)`);
  }
}

async function csvExport(dialect: Dialect, deps: BenchDeps, p: BenchPartner, env: Record<string, string>, children: ChildProcess[]): Promise<void> {
  const t0 = performance.now();
  await seedCalculations(deps, p.id, CSV_ROWS);
  console.log(`[${dialect}] seeded ${CSV_ROWS} calculations in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const run of CSV_FLAGS) await csvOnce(dialect, p, env, children, run);
}

async function csvOnce(dialect: Dialect, p: BenchPartner, env: Record<string, string>, children: ChildProcess[], run: { label: string; flags: string[] }): Promise<void> {
    const srv = await startChild('on', env, run.flags);
    children.push(srv.child);
    await new Promise((r) => setTimeout(r, 500));
    const idle = rssMb(srv.child.pid!);
    let peak = idle;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, rssMb(srv.child.pid!));
      } catch {
        // exited
      }
    }, 50);
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${srv.port}/api/v1/reports/calculations.csv`, { headers: { 'x-api-key': p.liveKey! } });
    if (res.status !== 200 || !res.body) throw new Error(`csv: ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const secs = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    console.log(
      `[${dialect}] calculations.csv (${run.label}): ${lines - 1} rows, ${(bytes / 1048576).toFixed(0)} MiB in ${secs.toFixed(1)} s (${((lines - 1) / secs).toFixed(0)} rows/s); ` +
        `server RSS idle ${idle.toFixed(0)} MB, peak while streaming ${peak.toFixed(0)} MB (limit 200 MB)`,
    );
    if (lines - 1 !== CSV_ROWS) throw new Error(`expected ${CSV_ROWS} rows, got ${lines - 1}`);
    await stopChild(srv.child);
}

async function main(): Promise<void> {
  compiledServer();
  console.log(`node ${process.version}, ${os.cpus().length} cores; ${ROUNDS} rounds × ${SECONDS} s per configuration, ${CONNECTIONS} connections, load generator ${CLIENT}`);
  if (WHICH === 'sqlite' || WHICH === 'both') await runOn('sqlite');
  if (WHICH === 'postgres' || WHICH === 'both') await runOn('postgres');
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });
