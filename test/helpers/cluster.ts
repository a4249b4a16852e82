/**
 * Several real server processes on one migrated database (PostgreSQL: a SQLite file has one owner),
 * and a container of the test's own on the same database to set things up and read what they wrote.
 */
import type { Config } from '../../src/config.js';
import type { Deps } from '../../src/context.js';
import { migrate } from '../../src/db/database.js';
import { createDeps, createLogger } from '../../src/deps.js';
import { databaseEnv, testConfig } from './app.js';
import { startServer, type ServerProcess } from './process.js';

export interface Cluster {
  config: Config;
  deps: Deps;
  servers: ServerProcess[];
  /** Stops the servers (SIGTERM, then waits for them), closes the test's container and drops the database. */
  close(): Promise<void>;
}

export async function startCluster(count: number, env: Record<string, string>, options: { poolSize?: number } = {}): Promise<Cluster> {
  const { config, cleanup } = await testConfig();
  const deps = createDeps(config, { log: createLogger(config), poolSize: options.poolSize ?? 2 });
  await migrate(deps.database);
  const all = { ...databaseEnv(config), SEED_DEMO_PARTNER: 'false', RATE_LIMIT_PER_SECOND: '100000', ...env };
  const servers = await Promise.all(Array.from({ length: count }, () => startServer(all)));
  return {
    config,
    deps,
    servers,
    async close() {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      await deps.close();
      await cleanup();
    },
  };
}

/** A request to one of the servers with a partner's key and ingest secret (JSON body when given). */
export function callWithSecret(s: ServerProcess, method: string, path: string, key: string, secret: string, body?: unknown): Promise<Response> {
  return fetch(`${s.baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, 'x-service-ingest-secret': secret, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
}
