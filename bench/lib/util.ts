/** Shared benchmark helpers: child servers on loopback, autocannon runs, fresh databases. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

export function machine(): string {
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export interface Child {
  child: ChildProcess;
  address: string;
  stop(): Promise<void>;
}

/**
 * Spawns a TypeScript entry (through tsx) and waits for it to print/log its address.
 * BENCH_SERVER_NODE_ARGS adds node flags to the child (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`);
 * BENCH_CHILD_LOG=file keeps the child's whole output.
 */
export async function spawnServer(entry: string, env: Record<string, string | undefined>, opts: { logFile?: string } = {}): Promise<Child> {
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...START_FLAGS, ...extra, '--import', 'tsx', path.join(ROOT, entry)], {
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
    const m = /"address":"(http:\/\/[^"]+)"/.exec(out);
    if (m) {
      return {
        child,
        address: m[1],
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
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(opts: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  /** a new body per request (e.g. a new end-user id) */
  setupRequest?: (req: { body?: string }) => { body?: string };
}): Promise<LoadResult> {
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
    body: opts.body,
    connections: opts.connections ?? 10,
    duration: opts.duration ?? 8,
    requests: opts.setupRequest ? [{ setupRequest: ((req: object) => ({ ...req, ...opts.setupRequest!(req) })) as never }] : undefined,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}
