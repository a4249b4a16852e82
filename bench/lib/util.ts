/** Shared benchmark helpers: child servers on loopback, load runs (wrk or autocannon), fresh databases. */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The node flags `npm start` runs the server with (package.json), so that every
 * benchmark measures the service as it is started in production.
 */
export const START_FLAGS: string[] = (() => {
  // BENCH_START_FLAGS overrides them (e.g. BENCH_START_FLAGS=' ' for V8's defaults), for comparisons.
  if (process.env.BENCH_START_FLAGS !== undefined) return process.env.BENCH_START_FLAGS.split(' ').filter(Boolean);
  const start: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start;
  const words = start.split(/\s+/);
  return words.slice(1).filter((w) => w.startsWith('--'));
})();

/** Extra node flags for every server a benchmark starts: BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
export const SERVER_NODE_ARGS: string[] = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

/**
 * BENCH_PIN=1 (the default; BENCH_PIN=0 turns it off), for the comparisons of two server processes under
 * the same load (calculate vs the bare route, metering on vs off): the servers run on the last CPU this
 * process may use and the client (this process, every thread of it, and the wrk it starts) on the first,
 * as two machines would. Left
 * to the scheduler on a 2-core machine, the client and the server take each other's core, and what one
 * service costs depended on the client (see bench/README.md). The database-bound comparisons (ingest vs
 * the raw transaction, the page latency) are not pinned: there the server shares the machine with the
 * database, as its raw baseline does, and a server held to one core would be the odd one out.
 */
export const PIN = process.env.BENCH_PIN !== '0' && spawnSync('taskset', ['-V']).status === 0;

/** The CPUs this process may run on (Linux's Cpus_allowed_list, e.g. `0-1` or `0,2-3`). */
function allowedCpus(): { list: string; cpus: number[] } {
  const list = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '';
  const cpus = list.split(',').flatMap((part) => {
    const [a, b = a] = part.split('-').map(Number);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
  return { list, cpus };
}

function setAffinity(cpus: string): void {
  spawnSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

/** The CPU the servers started inside withPinnedClient run on; null outside it. */
let serverCpu: number | null = null;

/**
 * Runs `fn` with this process (the client) on the first CPU it may use, when PIN and there are two or more;
 * every server started inside runs on the last one (serverCommand). Afterwards the process gets back the
 * CPUs it had.
 */
export async function withPinnedClient<T>(fn: () => Promise<T>): Promise<T> {
  const { list, cpus } = PIN ? allowedCpus() : { list: '', cpus: [] };
  if (cpus.length < 2) return fn();
  setAffinity(String(cpus[0]));
  serverCpu = cpus[cpus.length - 1];
  try {
    return await fn();
  } finally {
    serverCpu = null;
    setAffinity(list);
  }
}

/** The CPU servers started now are pinned to (inside withPinnedClient), or null. */
export function pinnedServerCpu(): number | null {
  return serverCpu;
}

/** Idle and total time of one CPU so far (clock ticks, from /proc/stat); idle includes iowait. */
export function cpuTicks(cpu: number): { idle: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`cpu${cpu} `));
  const f = (line ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  return { idle: (f[3] ?? 0) + (f[4] ?? 0), total: f.reduce((a, x) => a + x, 0) };
}

/**
 * The body of the thread that takes turns between processes: it stops every process (SIGSTOP) but
 * one, lets that one run for a slice, then the next, until the main thread raises `flag`; then it
 * continues them all and posts how long each one ran (ms). A thread of its own, sleeping in
 * Atomics.wait, so the turns keep time while the main thread is busy being the load client.
 */
const TURNS_JS = `
const { workerData, parentPort } = require('node:worker_threads');
const { pids, sliceMs, flag } = workerData;
const ran = pids.map(() => 0);
let i = 0;
try {
  for (const p of pids) process.kill(p, 'SIGSTOP');
  let t = performance.now();
  process.kill(pids[0], 'SIGCONT');
  while (Atomics.load(flag, 0) === 0) {
    Atomics.wait(flag, 0, 0, sliceMs);
    process.kill(pids[i], 'SIGSTOP');
    const now = performance.now();
    ran[i] += now - t;
    t = now;
    i = (i + 1) % pids.length;
    process.kill(pids[i], 'SIGCONT');
  }
} finally {
  for (const p of pids) {
    try { process.kill(p, 'SIGCONT'); } catch {}
  }
}
parentPort.postMessage(ran);
`;

/**
 * Makes the processes `pids` take turns on the CPU in slices of `sliceMs` while `fn` runs (their load
 * clients keep sending; a stopped server's requests wait for its next turn), and returns what `fn`
 * returned and how long each process ran. Every process is running again when this returns.
 */
export async function inTurns<T>(pids: number[], sliceMs: number, fn: () => Promise<T>): Promise<{ result: T; ranMs: number[] }> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(TURNS_JS, { eval: true, workerData: { pids, sliceMs, flag } });
  const ran = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  try {
    return { result: await fn(), ranMs: await stopTurns(flag, ran) };
  } catch (err) {
    await stopTurns(flag, ran).catch(() => undefined);
    throw err;
  } finally {
    await worker.terminate();
  }
}

function stopTurns(flag: Int32Array, ran: Promise<number[]>): Promise<number[]> {
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  return ran;
}

/** The command line of a server process: node with `args`, on the server CPU when started inside withPinnedClient. */
export function serverCommand(args: string[]): [string, string[]] {
  if (serverCpu === null) return [process.execPath, args];
  return ['taskset', ['-c', String(serverCpu), process.execPath, ...args]];
}

/** The middle value (the upper one of an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
}

/** A fixed-seed generator of numbers in [0, 1) (mulberry32): one set of rounds always gives one interval. */
function seededRandom(): () => number {
  let seed = 0x9e3779b9;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function resample(xs: number[], random: () => number): number[] {
  return Array.from(xs, () => xs[Math.floor(random() * xs.length)]);
}

function quantiles(values: number[], level: number): [number, number] {
  values.sort((x, y) => x - y);
  const at = (q: number) => values[Math.min(values.length - 1, Math.max(0, Math.floor(q * values.length)))];
  return [at((1 - level) / 2), at((1 + level) / 2)];
}

/**
 * A bootstrap interval of the median: resamples `xs` with replacement and returns the
 * [(1 - level) / 2, (1 + level) / 2] quantiles of the resampled medians. On a machine whose speed
 * drifts, it says how far the median of paired rounds can be trusted.
 */
function medianInterval(xs: number[], level = 0.9, resamples = 5000): [number, number] {
  const random = seededRandom();
  const medians: number[] = [];
  for (let r = 0; r < resamples; r++) medians.push(median(resample(xs, random)));
  return quantiles(medians, level);
}

/**
 * A ratio measured in two groups (ON started first, ON started second), weighed alike: the geometric mean
 * of the two groups' medians, in which a bias of the start order in opposite directions cancels, with a
 * bootstrap interval that resamples each group apart. Since the servers idle before their load (see
 * IDLE_MS in usage.bench.ts) the two groups agree within a few per cent; weighing them alike stays as the
 * safeguard.
 */
export function balancedRatio(a: number[], b: number[], level = 0.9, resamples = 5000): { ratio: number; low: number; high: number } {
  const of = (x: number[], y: number[]) => Math.sqrt(median(x) * median(y));
  if (a.length === 0 || b.length === 0) {
    const one = a.length ? a : b;
    const [low, high] = medianInterval(one, level, resamples);
    return { ratio: median(one), low, high };
  }
  const random = seededRandom();
  const values: number[] = [];
  for (let r = 0; r < resamples; r++) values.push(of(resample(a, random), resample(b, random)));
  const [low, high] = quantiles(values, level);
  return { ratio: of(a, b), low, high };
}

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export interface Child {
  child: ChildProcess;
  address: string;
  stop(): Promise<void>;
}

/**
 * Spawns a TypeScript entry (through tsx) and waits for it to print/log its address (or, with
 * `ready`, for that pattern: its first group, if any, is the address; src/worker.ts logs
 * `workers running` and serves no HTTP).
 * BENCH_SERVER_NODE_ARGS adds node flags to the child (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`);
 * BENCH_CHILD_LOG=file keeps the child's whole output.
 */
export async function spawnServer(
  entry: string,
  env: Record<string, string | undefined>,
  opts: { logFile?: string; ready?: RegExp; imports?: string[] } = {},
): Promise<Child> {
  // `imports`: modules loaded before the entry (after tsx, so they may be TypeScript), e.g. bench/lib/cpu-probe.ts.
  const preload = (opts.imports ?? []).flatMap((m) => ['--import', path.join(ROOT, m)]);
  const [command, args] = serverCommand([...START_FLAGS, ...SERVER_NODE_ARGS, '--import', 'tsx', ...preload, path.join(ROOT, entry)]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Keep only the start of the output (the address line); drain the rest.
  let out = '';
  const logFile = opts.logFile ?? process.env.BENCH_CHILD_LOG; // keep the child's whole output there (e.g. with --trace-gc)
  const keep = (d: Buffer) => {
    if (out.length < 64_000) out += d;
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const m = (opts.ready ?? /"address":"(http:\/\/[^"]+)"/).exec(out);
    if (m) {
      return {
        child,
        address: m[1] ?? '',
        stop: async () => {
          child.kill('SIGTERM');
          await once(child, 'exit');
        },
      };
    }
    if (child.exitCode !== null) throw new Error(`${entry} exited:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not start:\n${out}`);
}

export interface LoadResult {
  rps: number;
  /** requests answered in the run */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  /** a new body per request: `{n}` in the template becomes a counter modulo `cycle` */
  bodyTemplate?: string;
  cycle?: number;
  /** where the counter starts (default 0), so that successive runs go on through the cycle */
  start?: number;
}

/**
 * The load generator: autocannon (an npm dependency, so `npm run bench` needs nothing
 * else), or wrk (C, Debian's package `wrk`) with BENCH_CLIENT=wrk. With client and server
 * left to the scheduler on a 2-core machine the two clients did not agree (calculate vs bare:
 * 0.76 under autocannon, 0.63 under wrk on one machine; a system profile put part of the
 * difference in the kernel waking the client on the server's core). With the server on its
 * own core (withPinnedClient) they agree: 0.77 and 0.73–0.76. bench/README.md gives both.
 */
export const CLIENT: 'wrk' | 'autocannon' = process.env.BENCH_CLIENT === 'wrk' ? 'wrk' : 'autocannon';

export async function load(opts: LoadOptions): Promise<LoadResult> {
  return CLIENT === 'wrk' ? wrkLoad(opts) : autocannonLoad(opts);
}

async function autocannonLoad(opts: LoadOptions): Promise<LoadResult> {
  let n = opts.start ?? 0;
  const template = opts.bodyTemplate;
  const cycle = opts.cycle ?? Number.MAX_SAFE_INTEGER;
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
    body: opts.body,
    connections: opts.connections ?? 10,
    duration: opts.duration ?? 8,
    requests: template ? [{ setupRequest: ((req: object) => ({ ...req, body: template.replace('{n}', String(n++ % cycle)) })) as never }] : undefined,
  });
  return { rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

const lua = (s: string) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal for these ASCII bodies

async function wrkLoad(opts: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-wrk-'));
  const script = path.join(dir, 'load.lua');
  const headers = { 'content-type': 'application/json', ...(opts.headers ?? {}) };
  const lines = [`wrk.method = ${lua(opts.method ?? 'POST')}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers[${lua(k)}] = ${lua(v)}`);
  if (opts.body !== undefined) lines.push(`wrk.body = ${lua(opts.body)}`);
  if (opts.bodyTemplate) {
    const [head, tail] = opts.bodyTemplate.split('{n}');
    lines.push(
      `local n = ${opts.start ?? 0}`,
      `local head, tail, cycle = ${lua(head)}, ${lua(tail ?? '')}, ${opts.cycle ?? 2 ** 31}`,
      `request = function() n = n + 1; return wrk.format(nil, nil, nil, head .. tostring(n % cycle) .. tail) end`,
    );
  }
  writeFileSync(script, lines.join('\n') + '\n');
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile('wrk', ['-t1', `-c${opts.connections ?? 10}`, `-d${opts.duration ?? 8}s`, '--latency', '-s', script, opts.url], (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
    const ms = (label: string) => {
      const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(out);
      if (!m) return NaN;
      return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
    };
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      rps: num(/Requests\/sec:\s+([\d.]+)/),
      total: num(/^\s*(\d+) requests in/m),
      p50: ms('50'),
      p99: ms('99'),
      errors: socket ? socket.slice(1).reduce((a, x) => a + Number(x), 0) : 0,
      non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

/** Whether the PostgreSQL server at `url` answers (BENCH_PG=0 skips the PostgreSQL part of a benchmark). */
export async function pgReachable(url: string): Promise<boolean> {
  if (process.env.BENCH_PG === '0') return false;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `total` jobs with `concurrency` workers; returns the elapsed seconds. */
export async function drive(total: number, concurrency: number, job: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        await job(i);
      }
    }),
  );
  return (performance.now() - start) / 1000;
}
