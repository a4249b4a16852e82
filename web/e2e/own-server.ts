/**
 * A server of a spec's own, beside the suite's, for settings the shared server does not run with (an
 * administrator held to enrolment, a relying party on a domain): the built server with `serverEnv` and the spec's
 * `env` on a free port. Under the PostgreSQL configuration it runs through pg-server.ts, which creates a fresh
 * schema and drops it once the server has stopped; otherwise on a fresh SQLite DATA_DIR of its own.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, root, serverEnv } from './base-config.js';

export interface OwnServer {
  /** The server's origin, on `host`. */
  base: string;
  /** Stops the server and removes its data (SQLite directory or PostgreSQL schema). */
  stop: () => Promise<void>;
}

/**
 * Starts the server and resolves once /api/v1/health answers. `env` is added to `serverEnv`; a key set to
 * undefined is left out. `port` is chosen free unless given (a spec that needs it before the server starts).
 */
export async function startOwnServer(opts: { env?: Record<string, string | undefined>; host?: string; port?: string | number } = {}): Promise<OwnServer> {
  const host = opts.host ?? '127.0.0.1';
  const port = String(opts.port ?? (await freePort()));
  const base = `http://${host}:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'svc-e2e-own-'));
  // Set by playwright.pg.config.ts in the runner (its workers inherit it): the suite runs on PostgreSQL.
  const databaseUrl = process.env.E2E_PG_DATABASE_URL;
  const env: Record<string, string | undefined> = { ...process.env, ...serverEnv, PORT: port, DATA_DIR: dataDir, PUBLIC_BASE_URL: base, DATABASE_URL: undefined, DATABASE_SCHEMA: undefined };
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, SECRETS_KEY: process.env.E2E_SECRETS_KEY });
  Object.assign(env, opts.env);
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];

  const args = databaseUrl ? ['--import', 'tsx', 'web/e2e/pg-server.ts'] : ['dist/src/server.js'];
  const server = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  server.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const stop = async () => {
    // pg-server.ts passes SIGTERM on to the server and drops the schema once it has stopped.
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const until = Date.now() + 90_000;
  for (;;) {
    // Asked on 127.0.0.1 whatever `host` names: the server listens there (HOST).
    const up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > until || server.exitCode !== null) {
      await stop();
      throw new Error(`the spec's own server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}
