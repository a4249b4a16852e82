/**
 * The service as the calculate benchmarks start it: a partner made through the CLI (as an operator would), and the
 * server process (tsx, no workers, info log, a rate limit out of the way), on a database named by its env.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { ROOT, spawnServer, type Child } from './util.js';

/** A calculate body (two bills, one with a due date), as JSON. */
export const CALCULATE_JSON = JSON.stringify({
  end_user_id: 'user_000001',
  cash_balance: 2500.55,
  upcoming_bills: [{ amount: 1200, due_in_days: 5 }, { name: 'Phone', amount: 45.5, due_date: '2026-12-01' }],
  savings_commitments: 100,
  debt_commitments: 50.25,
  cash_buffer: 300,
});

/** The server's environment besides its database: no workers, the log a production server writes, no rate limit in the way. */
export const SERVER_ENV = { RUN_WORKERS: 'false', LOG_LEVEL: 'info', RATE_LIMIT_PER_SECOND: '1000000', SEED_DEMO_PARTNER: 'false' };

export interface BenchPartner {
  partner_id: string;
  test_key: string;
  ingest_secret: string;
}

/** A new partner in the database `env` names, made with `svc partner create --json`. */
export function createPartner(env: Record<string, string | undefined>): BenchPartner {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli.ts'), 'partner', 'create', '--email', `bench_${randomBytes(3).toString('hex')}@example.com`, '--company', 'Bench Co', '--json'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as BenchPartner;
}

/** The service (src/server.ts) on the database `env` names, with SERVER_ENV and `extra` (e.g. REQUEST_LOG). */
export function startServer(env: Record<string, string | undefined>, extra: Record<string, string> = {}): Promise<Child> {
  return spawnServer('src/server.ts', { ...env, ...SERVER_ENV, ...extra });
}
