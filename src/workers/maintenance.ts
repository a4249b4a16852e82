/**
 * The maintenance worker: keeps the tables that would otherwise only grow at the size of their
 * retention, and (SQLite) keeps the write-ahead log short. Every pass deletes what has expired in
 * batches of BATCH rows, each its own short statement, yielding between batches, and stops a table
 * after MAX_BATCHES so one pass never runs for long; what is left waits for the next pass.
 *
 *   runMaintenancePass(deps)   one pass (tests move the clock and call it)
 *   startMaintenanceWorker     the periodic loop (MAINTENANCE_INTERVAL_MS)
 *   checkDatabaseSettings      at start: warns once about PostgreSQL settings the service needs
 * On PostgreSQL with autovacuum off, a pass also vacuums the tables it deleted from, VACUUM (ANALYZE)s every table
 * of the service whose dead rows passed DEAD_ROWS_MIN + DEAD_ROWS_FRACTION of its live rows (the outbox, the usage
 * counters and the rollup queue are updated or deleted all day), and ANALYZEs the tables that changed by more than
 * ANALYZE_MIN + ANALYZE_FRACTION since their last statistics. With autovacuum on it steps in only for a table
 * autovacuum is LAGGING times behind on. SQLite has no dead rows to reclaim: its deleted pages are reused.
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Deps } from '../context.js';
import { IDEMPOTENCY_WINDOW_MS } from '../areas/usage-events/events.js';
import { LOCK_MS, WINDOW_MS } from '../areas/accounts/lockout.js';
import type { Executor } from '../db/database.js';
import { startLoop, type WorkerHandle } from '../lib/loop.js';
import { analyzeTables, checkpointWal, needsManualVacuum, postgresSettings, tableActivity, vacuumTables, type TableActivity } from '../db/maintenance.js';
import { pruneExpiredSessions, pruneLoginThrottle } from '../areas/accounts/repo.js';
import { pruneVerifications } from '../areas/accounts/verification-repo.js';
import { pruneOidcStates } from '../areas/accounts/oidc-repo.js';
import { VERIFICATION_RETENTION_MS } from '../areas/accounts/email-verification.js';
import { pruneSignUpRequests } from '../areas/accounts/signup-repo.js';
import { pruneChallenges } from '../areas/mfa/repo.js';
import { prunePasskeyChallenges } from '../areas/passkeys/repo.js';
import { SIGNUP_RETENTION_MS } from '../areas/accounts/signup.js';
import { pruneUsageEventKeys } from '../areas/usage-events/repo.js';
import { pruneRecordedRuns, pruneSandboxIdempotency } from '../areas/sandbox/repo.js';
import { pruneFinishedEvents } from '../areas/webhooks/repo.js';
import { pruneRequestLogBatch, rollRequestLog } from '../areas/request-log/service.js';

/** What the maintenance pass reads: the database, the retention settings, the clock and the log. */
type MaintenanceDeps = Pick<Deps, 'clock' | 'config' | 'database' | 'log'>;

export const BATCH = 500;
export const MAX_BATCHES = 200;
const DAY_MS = 86_400_000;

/**
 * A table is vacuumed once its dead rows pass DEAD_ROWS_MIN + DEAD_ROWS_FRACTION × its live rows: half of
 * autovacuum's default scale factor (0.2), as docs/operations.md recommends for the outbox. A table of a few rows
 * (the usage counters, updated by every flush) waits for a thousand dead ones; the outbox at 60,000 live events is
 * vacuumed at ~7,000 dead, about once a minute at 550 req/s. Each dead row otherwise stays an index entry and a heap
 * tuple that every scan of its key range steps over, and the table and its indexes only grow.
 */
export const DEAD_ROWS_MIN = 1_000;
export const DEAD_ROWS_FRACTION = 0.1;
/** ANALYZE once rows changed since the last one pass ANALYZE_MIN + ANALYZE_FRACTION × live rows (autovacuum's default fraction). */
export const ANALYZE_MIN = 1_000;
export const ANALYZE_FRACTION = 0.1;
/** With autovacuum on, the pass vacuums a table only when it carries LAGGING × the dead rows above (autovacuum behind, e.g. throttled). */
export const LAGGING = 5;

export interface MaintenanceResult {
  /** Rows deleted per table in this pass. */
  pruned: Record<string, number>;
  /** SQLite: the checkpoint's result (pages in the log, pages copied), null on PostgreSQL. */
  checkpoint: { log: number; checkpointed: number; busy: number } | null;
  /** PostgreSQL: the request log's day partitions this pass created and dropped (REQUEST_LOG_RETENTION_DAYS). */
  partitions: { created: string[]; dropped: string[] };
  /** PostgreSQL: the tables this pass vacuumed (after deleting from them, or for their dead rows), in that order. */
  vacuumed: string[];
  /** PostgreSQL with autovacuum off: the tables this pass only analyzed (statistics stale, few dead rows). */
  analyzed: string[];
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

export function webhookRetentionMs(deps: Pick<Deps, 'config'>): number {
  return Math.round(deps.config.webhookRetentionDays * DAY_MS);
}

export async function runMaintenancePass(deps: MaintenanceDeps): Promise<MaintenanceResult> {
  const db = deps.database.db;
  const now = deps.clock.now();
  const pruned: Record<string, number> = {
    webhook_events: await drain((d, b) => pruneFinishedEvents(d, now - webhookRetentionMs(deps), b), db),
    sessions: await drain((d, b) => pruneExpiredSessions(d, now, b), db),
    login_throttle: await drain((d, b) => pruneLoginThrottle(d, now - WINDOW_MS - LOCK_MS, b), db),
    sandbox_idempotency: await drain((d, b) => pruneSandboxIdempotency(d, now, b), db),
    usage_event_keys: await drain((d, b) => pruneUsageEventKeys(d, now - IDEMPOTENCY_WINDOW_MS, b), db),
    sandbox_recorded_runs: await drain((d, b) => pruneRecordedRuns(d, now - IDEMPOTENCY_WINDOW_MS, b), db),
    email_verifications: await drain((d, b) => pruneVerifications(d, now - VERIFICATION_RETENTION_MS, b), db),
    signup_requests: await drain((d, b) => pruneSignUpRequests(d, now - SIGNUP_RETENTION_MS, b), db),
    mfa_challenges: await drain((d, b) => pruneChallenges(d, now, b), db),
    passkey_challenges: await drain((d, b) => prunePasskeyChallenges(d, now, b), db),
    // SQLite: the rows past retention; PostgreSQL: those of the default partitions (day partitions are dropped whole below).
    request_log: await drain((_d, b) => pruneRequestLogBatch(deps, 'request_log', b), db),
    request_log_blocks: await drain((_d, b) => pruneRequestLogBatch(deps, 'request_log_blocks', b), db),
    admin_oidc_states: await drain((d, b) => pruneOidcStates(d, now, b), db),
  };
  // A failure here (a lock not granted in time) is logged; the next pass tries again.
  let partitions: MaintenanceResult['partitions'] = { created: [], dropped: [] };
  try {
    partitions = await rollRequestLog(deps);
  } catch (err) {
    deps.log.warn({ err }, 'request log partitions not rolled; the next maintenance pass retries');
  }
  const checkpoint = checkpointWal(deps.database);
  const vacuumed: string[] = [];
  const analyzed: string[] = [];
  // Nothing to do on SQLite: no autovacuum setting (needsManualVacuum is false) and no table counters (tableActivity is empty).
  const off = await needsManualVacuum(deps.database);
  // Without autovacuum nothing would make the deleted rows' space reusable, and a pruned table would keep
  // growing on disk at the rate rows are written: vacuum what this pass deleted from.
  if (off) {
    // The request log's rows are deleted from its default partitions alone (PostgreSQL: the only place `off` is true).
    const partitioned = new Set(['request_log', 'request_log_blocks']);
    for (const [table, n] of Object.entries(pruned)) if (n > 0) vacuumed.push(partitioned.has(table) ? `${table}_default` : table);
    if (pruned.webhook_events > 0) vacuumed.push('webhook_deliveries');
  }
  const due = dueForVacuum(await tableActivity(deps.database), off);
  for (const t of due.vacuum) if (!vacuumed.includes(t)) vacuumed.push(t);
  for (const t of due.analyze) if (!vacuumed.includes(t)) analyzed.push(t);
  // One table at a time, each its own statement outside any transaction (as VACUUM must be). A table that fails
  // (its VACUUM cancelled by the statement timeout, say) is logged and retried by the next pass; the others go on.
  const run = async (tables: string[], how: (database: Deps['database'], t: string[]) => Promise<void>, done: string[]) => {
    for (const t of tables) {
      try {
        await how(deps.database, [t]);
        done.push(t);
      } catch (err) {
        deps.log.warn({ err, table: t }, 'vacuum or analyze of a table failed; the next maintenance pass retries it');
      }
      await yieldToLoop();
    }
  };
  const toVacuum = vacuumed.splice(0);
  await run(toVacuum, vacuumTables, vacuumed);
  const toAnalyze = analyzed.splice(0);
  await run(toAnalyze, analyzeTables, analyzed);
  return { pruned, checkpoint, partitions, vacuumed, analyzed };
}

/**
 * Which tables need a VACUUM (ANALYZE) for their dead rows, and (autovacuum off) which need an ANALYZE for what
 * changed since their statistics; most dead rows first.
 */
export function dueForVacuum(tables: TableActivity[], autovacuumIsOff: boolean): { vacuum: string[]; analyze: string[] } {
  const factor = autovacuumIsOff ? 1 : LAGGING;
  const vacuum = tables
    .filter((t) => t.dead >= factor * (DEAD_ROWS_MIN + DEAD_ROWS_FRACTION * t.live))
    .sort((a, b) => b.dead - a.dead)
    .map((t) => t.table);
  const analyze = autovacuumIsOff ? tables.filter((t) => t.modified >= ANALYZE_MIN + ANALYZE_FRACTION * t.live).map((t) => t.table) : [];
  return { vacuum, analyze };
}

export function startMaintenanceWorker(deps: MaintenanceDeps): WorkerHandle {
  return startLoop(
    'maintenance',
    deps.config.maintenanceIntervalMs,
    async () => {
      try {
        const r = await runMaintenancePass(deps);
        if (Object.values(r.pruned).some((n) => n > 0)) deps.log.info({ pruned: r.pruned, checkpoint: r.checkpoint }, 'expired rows pruned');
        if (r.vacuumed.length > 0 || r.analyzed.length > 0) deps.log.info({ vacuumed: r.vacuumed, analyzed: r.analyzed }, 'tables vacuumed');
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
      'autovacuum is off: nothing but the service reclaims dead rows of its tables (outbox, usage counters, rollup queue) or refreshes their statistics. ' +
      'Set autovacuum = on in postgresql.conf (then SELECT pg_reload_conf()). Until then the maintenance worker runs VACUUM (ANALYZE) on the service tables whose dead rows pass a threshold, each pass. See docs/operations.md.',
  },
  {
    name: 'track_counts',
    expected: 'on',
    advice: 'track_counts is off: autovacuum cannot tell which tables need it. Set track_counts = on. See docs/operations.md.',
  },
];

/** PostgreSQL: reads the settings above once and logs one warning per setting that is not as expected; returns the warnings (none on SQLite). */
export async function checkDatabaseSettings(deps: Pick<Deps, 'database' | 'log'>): Promise<string[]> {
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
