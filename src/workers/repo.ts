/**
 * The maintenance worker's statements: batched deletes of rows whose time has passed. Each call
 * deletes at most `batch` rows in one short statement (its own transaction), taken from the front
 * of an index on the expiry column, so no call holds locks for long and none scans the table.
 */
import { sql } from 'kysely';
import type { Executor } from '../db/database.js';

function deleted(r: { numDeletedRows: bigint }): number {
  return Number(r.numDeletedRows);
}

/** Delivered, exhausted and skipped outbox events finished before `cutoff`; their delivery records go with them (ON DELETE CASCADE). */
export async function pruneFinishedEvents(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('webhook_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_events')
        .select('id')
        // A literal, not a parameter: SQLite only uses the partial index for a literal.
        .where('state', '<>', sql.lit('pending'))
        .where('completed_at', '<', cutoff)
        .orderBy('completed_at')
        .limit(batch),
    )
    .executeTakeFirst();
  return deleted(r);
}

export async function pruneExpiredSessions(db: Executor, now: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('sessions')
    .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', now).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return deleted(r);
}

/** Sign-in throttle scopes quiet since `cutoff` (a window and a lock ago): they no longer count or lock anything. */
export async function pruneLoginThrottle(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('login_throttle')
    .where('key_hash', 'in', (eb) => eb.selectFrom('login_throttle').select('key_hash').where('updated_at', '<', cutoff).orderBy('updated_at').limit(batch))
    .executeTakeFirst();
  return deleted(r);
}

export async function pruneSandboxIdempotency(db: Executor, now: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('sandbox_idempotency')
    .where((eb) =>
      eb(
        eb.refTuple('partner_id', 'environment', 'idem_key'),
        'in',
        eb
          .selectFrom('sandbox_idempotency')
          .select(['partner_id', 'environment', 'idem_key'])
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .limit(batch)
          .$asTuple('partner_id', 'environment', 'idem_key'),
      ),
    )
    .executeTakeFirst();
  return deleted(r);
}

/** Usage-event sender ids received before `cutoff` (past their idempotency window). */
export async function pruneUsageEventKeys(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('usage_event_keys')
    .where((eb) =>
      eb(
        eb.refTuple('partner_id', 'environment', 'event_key'),
        'in',
        eb
          .selectFrom('usage_event_keys')
          .select(['partner_id', 'environment', 'event_key'])
          .where('received_at', '<', cutoff)
          .orderBy('received_at')
          .limit(batch)
          .$asTuple('partner_id', 'environment', 'event_key'),
      ),
    )
    .executeTakeFirst();
  return deleted(r);
}

/** SQLite: copies the write-ahead log into the database without waiting for anyone (PASSIVE). */
export function checkpointSqlite(handle: { pragma(s: string): unknown }): { busy: number; log: number; checkpointed: number } {
  const [row] = handle.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
  return row;
}

/** PostgreSQL: the server settings the service depends on (see docs/operations.md). */
export async function postgresSettings(db: Executor, names: string[]): Promise<Map<string, string>> {
  const r = await sql<{ name: string; setting: string }>`select name, setting from pg_settings where name = any(${names})`.execute(db);
  return new Map(r.rows.map((row) => [row.name, row.setting]));
}

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  /** Rows inserted, updated or deleted since the table was last analyzed. */
  modified: number;
}

/**
 * PostgreSQL: the row counters of the service's own tables (its schema) from pg_stat_user_tables. The counters
 * are the statistics system's, reported by each backend within about a second of its transaction.
 */
export async function tableActivity(db: Executor): Promise<TableActivity[]> {
  const r = await sql<{ table: string; live: number | string; dead: number | string; modified: number | string }>`
    select relname as table, n_live_tup as live, n_dead_tup as dead, n_mod_since_analyze as modified
    from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(db);
  return r.rows.map((x) => ({ table: x.table, live: Number(x.live), dead: Number(x.dead), modified: Number(x.modified) }));
}

/** PostgreSQL: ANALYZE of the given tables (fresh statistics for the planner; reads a sample, writes no rows). */
export async function analyzeTables(db: Executor, tables: string[]): Promise<void> {
  for (const t of tables) await sql`analyze ${sql.table(t)}`.execute(db);
}

/**
 * PostgreSQL: VACUUM (ANALYZE) of the given tables (no transaction may be open: VACUUM runs on its own). Plain
 * VACUUM takes no lock that blocks reads or writes; it makes the space of deleted rows reusable.
 */
export async function vacuumTables(db: Executor, tables: string[]): Promise<void> {
  for (const t of tables) await sql`vacuum (analyze) ${sql.table(t)}`.execute(db);
}
