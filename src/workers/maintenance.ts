/**
 * The maintenance worker: keeps the tables that would otherwise only grow at the size of their
 * retention, and (SQLite) keeps the write-ahead log short. Every pass deletes what has expired in
 * batches of BATCH rows, each its own short statement, yielding between batches, and stops a table
 * after MAX_BATCHES so one pass never runs for long; what is left waits for the next pass.
 *
 *   runMaintenancePass(deps)   one pass (tests move the clock and call it)
 *   startMaintenanceWorker     the periodic loop (MAINTENANCE_INTERVAL_MS)
 *   checkDatabaseSettings      at start: warns once about PostgreSQL settings the service needs
 * On PostgreSQL with autovacuum off, a pass also vacuums the tables it deleted from.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Deps } from '../context.js';
import { IDEMPOTENCY_WINDOW_MS } from '../areas/usage-events/events.js';
import { LOCK_MS, WINDOW_MS } from '../areas/accounts/lockout.js';
import type { Executor } from '../db/database.js';
import type { WorkerHandle } from './index.js';
import { startLoop } from './loop.js';
import { checkpointWal, needsManualVacuum, postgresSettings, vacuumTables } from '../db/maintenance.js';
import { pruneExpiredSessions, pruneLoginThrottle } from '../areas/accounts/repo.js';
import { pruneUsageEventKeys } from '../areas/usage-events/repo.js';
import { pruneSandboxIdempotency } from '../areas/sandbox/repo.js';
import { pruneFinishedEvents } from '../areas/webhooks/repo.js';

export const BATCH = 500;
export const MAX_BATCHES = 200;
const DAY_MS = 86_400_000;

export interface MaintenanceResult {
  /** Rows deleted per table in this pass. */
  pruned: Record<string, number>;
  /** SQLite: the checkpoint's result (pages in the log, pages copied), null on PostgreSQL. */
  checkpoint: { log: number; checkpointed: number; busy: number } | null;
  /** PostgreSQL with autovacuum off: the tables this pass vacuumed after deleting from them. */
  vacuumed: string[];
}

async function drain(prune: (db: Executor, batch: number) => Promise<number>, db: Executor): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await prune(db, BATCH);
    total += n;
    if (n < BATCH) break;
    // Let requests waiting for the database (SQLite's one connection) go first.
    await yieldToLoop();
  }
  return total;
}

export function webhookRetentionMs(deps: Deps): number {
  return Math.round(deps.config.webhookRetentionDays * DAY_MS);
}

export async function runMaintenancePass(deps: Deps): Promise<MaintenanceResult> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const pruned: Record<string, number> = {
    webhook_events: await drain((d, b) => pruneFinishedEvents(d, now - webhookRetentionMs(deps), b), db),
    sessions: await drain((d, b) => pruneExpiredSessions(d, now, b), db),
    login_throttle: await drain((d, b) => pruneLoginThrottle(d, now - WINDOW_MS - LOCK_MS, b), db),
    sandbox_idempotency: await drain((d, b) => pruneSandboxIdempotency(d, now, b), db),
    usage_event_keys: await drain((d, b) => pruneUsageEventKeys(d, now - IDEMPOTENCY_WINDOW_MS, b), db),
  };
  const checkpoint = checkpointWal(deps.database);
  // Without autovacuum nothing would make the deleted rows' space reusable, and a pruned table would keep
  // growing on disk at the rate rows are written: vacuum what this pass deleted from.
  const vacuumed: string[] = [];
  if (await needsManualVacuum(deps.database)) {
    for (const [table, n] of Object.entries(pruned)) if (n > 0) vacuumed.push(table);
    if (pruned.webhook_events > 0) vacuumed.push('webhook_deliveries');
    await vacuumTables(deps.database, vacuumed);
  }
  return { pruned, checkpoint, vacuumed };
}

export function startMaintenanceWorker(deps: Deps): WorkerHandle {
  return startLoop(
    'maintenance',
    deps.config.maintenanceIntervalMs,
    async () => {
      try {
        const r = await runMaintenancePass(deps);
        if (Object.values(r.pruned).some((n) => n > 0)) deps.log.info({ pruned: r.pruned, checkpoint: r.checkpoint }, 'expired rows pruned');
      } catch (err) {
        deps.log.error({ err }, 'maintenance pass failed');
      }
    },
    true,
  );
}

/** What each PostgreSQL setting the service relies on must be, and what to do when it is not. */
const EXPECTED: { name: string; expected: string; advice: string }[] = [
  {
    name: 'autovacuum',
    expected: 'on',
    advice:
      'autovacuum is off: dead rows of the outbox, sessions and other pruned tables are never reclaimed and statistics are never refreshed. ' +
      'Set autovacuum = on in postgresql.conf (then SELECT pg_reload_conf()), or schedule VACUUM (ANALYZE) of the service schema at least hourly. See docs/operations.md.',
  },
  {
    name: 'track_counts',
    expected: 'on',
    advice: 'track_counts is off: autovacuum cannot tell which tables need it. Set track_counts = on. See docs/operations.md.',
  },
];

/** PostgreSQL: reads the settings above once and logs one warning per setting that is not as expected; returns the warnings (none on SQLite). */
export async function checkDatabaseSettings(deps: Deps): Promise<string[]> {
  // Empty on SQLite: nothing to check there.
  const found = await postgresSettings(deps.database, EXPECTED.map((e) => e.name));
  const warnings: string[] = [];
  for (const e of EXPECTED) {
    const value = found.get(e.name);
    if (value !== undefined && value !== e.expected) {
      warnings.push(e.advice);
      deps.log.warn({ setting: e.name, value, expected: e.expected }, e.advice);
    }
  }
  return warnings;
}
