/** Runs the real server and CLI as child processes (TypeScript through tsx). */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts src/server.ts with the given environment and waits until it listens. */
export async function startServer(env: Record<string, string | undefined>, timeoutMs = 30_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = /"address":"(http:\/\/[^"]+)"/.exec(out);
    if (m) return { child, baseUrl: m[1].replace('0.0.0.0', '127.0.0.1'), output: () => out, exited };
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start in time:\n${out}`);
}

export interface WorkerProcess {
  child: ChildProcess;
  /** Where its GET /metrics answers (WORKER_METRICS_PORT set), or null. */
  metricsUrl: string | null;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts src/worker.ts (the background workers alone) with the given environment, as startServer
 * starts the server, and waits until its workers run.
 */
export async function startWorker(env: Record<string, string | undefined>, timeoutMs = 30_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/worker.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Whole lines only: the last one may still be arriving.
    const line = out.split('\n').slice(0, -1).find((l) => l.includes('"msg":"workers running"'));
    if (line) {
      const metrics = (JSON.parse(line) as { metrics: string | null }).metrics;
      return { child, metricsUrl: metrics ? metrics.replace('0.0.0.0', '127.0.0.1') : null, output: () => out, exited };
    }
    if (child.exitCode !== null) throw new Error(`worker exited early (${child.exitCode}):\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`worker did not start in time:\n${out}`);
}

/** Runs src/cli.ts synchronously. */
export function runCli(args: string[], env: Record<string, string | undefined>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Runs src/cli.ts without blocking this process (an app in the test keeps serving meanwhile). */
export function runCliAsync(args: string[], env: Record<string, string | undefined>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  // 'close', not 'exit': the output is all read by then.
  return once(child, 'close').then(([code]) => {
    clearTimeout(timer);
    return { status: code as number | null, stdout, stderr };
  });
}
