/**
 * Engine housekeeping for the maintenance worker: the one place that knows which engine needs
 * what. SQLite: a passive WAL checkpoint. PostgreSQL: the server settings the service relies on,
 * and VACUUM (ANALYZE) of pruned tables when autovacuum is off. Each function does nothing
 * (or answers empty) on the engine it does not apply to.
 */
import { sql } from 'kysely';
import type { Database } from './database.js';

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** SQLite: copies the write-ahead log into the database without waiting for anyone (PASSIVE); null on PostgreSQL. */
export function checkpointWal(database: Database): CheckpointResult | null {
  if (!database.sqlite) return null;
  const [row] = database.sqlite.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
  return row;
}

/** PostgreSQL: the server settings asked for (see docs/operations.md); empty on SQLite. */
export async function postgresSettings(database: Database, names: string[]): Promise<Map<string, string>> {
  if (database.dialect !== 'postgres') return new Map();
  const r = await sql<{ name: string; setting: string }>`select name, setting from pg_settings where name = any(${names})`.execute(database.db);
  return new Map(r.rows.map((row) => [row.name, row.setting]));
}

/** PostgreSQL with autovacuum off; always false on SQLite. */
export async function needsManualVacuum(database: Database): Promise<boolean> {
  if (database.dialect !== 'postgres') return false;
  // Read on every pass (one cheap query an interval): an operator may turn autovacuum on without a restart.
  return (await postgresSettings(database, ['autovacuum'])).get('autovacuum') === 'off';
}

/**
 * PostgreSQL: VACUUM (ANALYZE) of the given tables (no transaction may be open: VACUUM runs on its own). Plain
 * VACUUM takes no lock that blocks reads or writes; it makes the space of deleted rows reusable.
 */
export async function vacuumTables(database: Database, tables: string[]): Promise<void> {
  if (database.dialect !== 'postgres') return;
  for (const t of tables) await sql`vacuum (analyze) ${sql.table(t)}`.execute(database.db);
}

/** PostgreSQL: ANALYZE of the given tables (fresh statistics for the planner; reads a sample, writes no rows). */
export async function analyzeTables(database: Database, tables: string[]): Promise<void> {
  if (database.dialect !== 'postgres') return;
  for (const t of tables) await sql`analyze ${sql.table(t)}`.execute(database.db);
}

export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  /** Rows inserted, updated or deleted since the table was last analyzed. */
  modified: number;
}

/**
 * PostgreSQL: the row counters of the service's own tables (its schema) from pg_stat_user_tables; empty on SQLite.
 * The counters are the statistics system's, reported by each backend within about a second of its transaction.
 */
export async function tableActivity(database: Database): Promise<TableActivity[]> {
  if (database.dialect !== 'postgres') return [];
  const r = await sql<{ table: string; live: number | string; dead: number | string; modified: number | string }>`
    select relname as table, n_live_tup as live, n_dead_tup as dead, n_mod_since_analyze as modified
    from pg_stat_user_tables where schemaname = current_schema() order by relname`.execute(database.db);
  return r.rows.map((x) => ({ table: x.table, live: Number(x.live), dead: Number(x.dead), modified: Number(x.modified) }));
}
