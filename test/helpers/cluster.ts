/**
 * Several real server processes on one migrated database (PostgreSQL: a SQLite file has one owner),
 * optionally beside standalone worker processes (src/worker.ts) on the same database, and a
 * container of the test's own on it to set things up and read what they wrote.
 */
import type { Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { databaseEnv, testConfig } from './app.js';
import { startServer, startWorker, type ServerProcess, type WorkerProcess } from './process.js';

export interface Cluster {
  config: Config;
  deps: Deps;
  servers: ServerProcess[];
  /** The standalone worker processes (none unless asked for). */
  workers: WorkerProcess[];
  /** Stops the servers and workers (SIGTERM, then waits for them), closes the test's container and drops the database. */
  close(): Promise<void>;
}

export interface ClusterOptions {
  poolSize?: number;
  /** Standalone worker processes to start beside the servers, with the same environment (default 0). */
  workers?: number;
  /** Variables for the workers only, on top of the servers' environment. */
  workerEnv?: Record<string, string>;
  /** How long each process may take to start (default 30 s; several starting at once on a busy machine need more). */
  startTimeoutMs?: number;
  /** The PostgreSQL server to make the schema on (default DATABASE_URL; a benchmark that runs both databases names it). */
  databaseUrl?: string;
}

export async function startCluster(count: number, env: Record<string, string>, options: ClusterOptions = {}): Promise<Cluster> {
  const { config, cleanup } = await testConfig({}, options.databaseUrl);
  const deps = createDeps(config, { log: createLogger(config), poolSize: options.poolSize ?? 2 });
  await migrate(deps.database);
  // The rate limit and the bound on a key's costly requests in progress are lifted: the tests drive many requests of one key at once.
  const all = { ...databaseEnv(config), SEED_DEMO_PARTNER: 'false', RATE_LIMIT_PER_SECOND: '100000', KEY_COSTLY_IN_FLIGHT: '100000', ...env };
  const started = await Promise.allSettled([
    ...Array.from({ length: count }, () => startServer(all, options.startTimeoutMs)),
    ...Array.from({ length: options.workers ?? 0 }, () => startWorker({ ...all, ...options.workerEnv }, options.startTimeoutMs)),
  ]);
  const servers = started.slice(0, count).flatMap((r) => (r.status === 'fulfilled' ? [r.value as ServerProcess] : []));
  const workers = started.slice(count).flatMap((r) => (r.status === 'fulfilled' ? [r.value as WorkerProcess] : []));
  const close = async () => {
    const processes = [...servers, ...workers];
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    await deps.close();
    await cleanup();
  };
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    // What did start is stopped and the schema dropped before the failure is reported.
    await close();
    throw failed.reason;
  }
  return { config, deps, servers, workers, close };
}

/** A request to one of the servers with a partner's key and ingest secret (JSON body when given). */
export function callWithSecret(s: ServerProcess, method: string, path: string, key: string, secret: string, body?: unknown): Promise<Response> {
  return fetch(`${s.baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, 'x-service-ingest-secret': secret, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
