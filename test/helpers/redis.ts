/**
 * A Redis of the test file's own, as a PostgreSQL test has a schema of its own: `redis-server` on a free port of
 * 127.0.0.1, persisting nothing (no RDB snapshot, no append-only file) in a temporary folder, stopped and removed
 * when the file's tests end. Tests never use a Redis of the machine (127.0.0.1:6379 or REDIS_URL), so `npm test`
 * needs nothing running. Without `redis-server` on the PATH, `skip` says why and the tests that need it are
 * skipped with that reason:
 *
 *   const redis = await testRedis();
 *   describe('… through Redis', { skip: redis.skip }, () => { … redis.url … });
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

export interface TestRedis {
  /** redis://127.0.0.1:<port> of this file's server; empty when skipped. */
  url: string;
  /** false when the server runs; otherwise why the tests through Redis are skipped. */
  skip: string | false;
  stop(): Promise<void>;
}

/** How long a busy machine may take to start redis-server before the file fails (it is not a skip then). */
const START_BOUND_MS = 60_000;

/** The redis-server of the PATH, or null. */
export function findRedisServer(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts redis-server on `port`; resolves once it accepts connections, rejects with its output if it exits first. */
function launch(binary: string, port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--daemonize', 'no', '--protected-mode', 'yes', '--loglevel', 'notice'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${START_BOUND_MS} ms:\n${out}`));
    }, START_BOUND_MS);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}) before accepting connections:\n${out}`));
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

/**
 * This file's Redis, stopped after its tests (an `after` hook of the calling suite, or of the file when called at
 * its top level). A port taken between choosing and binding it is tried again with another.
 */
export async function testRedis(): Promise<TestRedis> {
  const binary = findRedisServer();
  if (!binary) {
    return {
      url: '',
      skip: 'redis-server is not installed (not on the PATH): these tests start a Redis of their own; install Redis (apt-get install redis-server) to run them',
      stop: async () => {},
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-redis-'));
  let child: ChildProcess | null = null;
  let port = 0;
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 5 && !child; attempt++) {
    port = await freePort();
    try {
      child = await launch(binary, port, dir);
    } catch (err) {
      lastError = err;
    }
  }
  if (!child) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start redis-server for the tests: ${(lastError as Error)?.message}`);
  }
  const running = child;
  let stopped: Promise<void> | null = null;
  const stop = () =>
    (stopped ??= (async () => {
      await stopChild(running);
      rmSync(dir, { recursive: true, force: true });
    })());
  after(stop);
  return { url: `redis://127.0.0.1:${port}`, skip: false, stop };
}
