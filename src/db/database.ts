import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrations } from './migrations/index.js';
import type { DB } from './schema/index.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs and health (no credentials). */
  location: string;
  /** Runs fn in one transaction. */
  tx<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The pg pool behind the PostgreSQL dialect (null on SQLite), for LISTEN and raw benchmarks. */
  pgPool: pg.Pool | null;
  /** The SQLite handle (null on PostgreSQL). */
  sqlite: SQLite.Database | null;
}

/** Either the database or a transaction on it: repositories take this. */
export type Executor = Kysely<DB> | Transaction<DB>;

const INT8_OID = 20;

export function pgPoolConfig(url: string, schema: string | null, max = 10): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    options: schema ? `-c search_path=${schema}` : undefined,
    // Epoch milliseconds and counts are int8: return them as JS numbers (exact below 2^53).
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

/**
 * The planner settings of the index-ordered pool: no plan with a sort node. Every keyset page and
 * queue query on a growing table has an index whose order is the query's ORDER BY, so that index
 * scan is always a plan the planner can take; with sorting priced out it is the one it takes.
 * Without this, PostgreSQL picks "bitmap scan + top-N sort" over a partner's rows whenever its row
 * estimate is small: statistics missing (autovacuum off, right after a bulk load) or stale (a
 * partner that grew since the last ANALYZE), whatever the ORDER BY says. See docs/decisions.md.
 */
export const INDEX_ORDER_SETTINGS = '-c enable_sort=off -c enable_incremental_sort=off';

/** The Kysely instance, on the index-ordered pool, that belongs to each PostgreSQL database instance. */
const indexOrdered = new WeakMap<object, Kysely<DB>>();

/**
 * Runs `fn` with the executor on which plans never sort (PostgreSQL: a second, small pool whose
 * sessions have INDEX_ORDER_SETTINGS, so it costs no extra round trip). SQLite, and a transaction
 * already open, run `fn` with `db` itself. Only for queries whose ORDER BY an index serves.
 */
export function inIndexOrder<T>(db: Executor, fn: (db: Executor) => T): T {
  return fn(indexOrdered.get(db) ?? db);
}

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>, poolSize = 10): Database {
  if (config.databaseUrl) {
    const pool = new pg.Pool(pgPoolConfig(config.databaseUrl, config.databaseSchema, poolSize));
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    const orderedConfig = pgPoolConfig(config.databaseUrl, config.databaseSchema, Math.max(2, Math.ceil(poolSize / 2)));
    orderedConfig.options = [orderedConfig.options, INDEX_ORDER_SETTINGS].filter(Boolean).join(' ');
    const orderedPool = new pg.Pool(orderedConfig);
    orderedPool.on('error', () => {});
    const ordered = new Kysely<DB>({ dialect: new PostgresDialect({ pool: orderedPool }) });
    indexOrdered.set(db, ordered);
    return {
      db,
      dialect: 'postgres',
      location: redactUrl(config.databaseUrl) + (config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''),
      tx: (fn) => db.transaction().execute(fn),
      close: async () => {
        await Promise.all([db.destroy(), ordered.destroy()]);
      },
      pgPool: pool,
      sqlite: null,
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'service.sqlite');
  const handle = new SQLite(file);
  handle.pragma('journal_mode = WAL');
  handle.pragma('synchronous = FULL');
  handle.pragma('foreign_keys = ON');
  handle.pragma('busy_timeout = 5000');
  // After a checkpoint has reset the WAL, truncate the file to this size instead of leaving it at its high-water mark.
  handle.pragma('journal_size_limit = 67108864');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: handle }) });
  return {
    db,
    dialect: 'sqlite',
    location: path.resolve(file),
    tx: (fn) => db.transaction().execute(fn),
    close: () => db.destroy(),
    pgPool: null,
    sqlite: handle,
  };
}

interface MigrationsTable {
  schema_migrations: { name: string; applied_at: number };
}

/**
 * Applies every pending migration, in order, in one transaction, recorded in
 * `schema_migrations`. PostgreSQL: under an advisory lock of the current schema,
 * so processes starting together migrate once. SQLite: BEGIN IMMEDIATE takes the
 * write lock up front. (Kysely's own migrator looks its tables up by introspecting
 * every schema of the database, which fails while other schemas are being dropped.)
 */
export async function migrate(database: Database): Promise<string[]> {
  const pg = database.dialect === 'postgres';
  return database.db.connection().execute(async (conn) => {
    const db = conn as unknown as Kysely<MigrationsTable>;
    await sql.raw(pg ? 'begin' : 'begin immediate').execute(db);
    try {
      if (pg) {
        const r = await sql<{ s: string | null }>`select current_schema() as s`.execute(db);
        if (!r.rows[0]?.s) throw new Error('no current schema: create it first or fix DATABASE_SCHEMA');
        await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.schema_migrations'))`.execute(db);
      }
      await db.schema
        .createTable('schema_migrations')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'bigint', (c) => c.notNull())
        .execute();
      const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
      const applied: string[] = [];
      for (const [name, migration] of Object.entries(migrations)) {
        if (done.has(name)) continue;
        await migration.up(db as unknown as Kysely<unknown>);
        await db.insertInto('schema_migrations').values({ name, applied_at: Date.now() }).execute();
        applied.push(name);
      }
      await sql.raw('commit').execute(db);
      return applied;
    } catch (err) {
      await sql.raw('rollback').execute(db).catch(() => {});
      throw err;
    }
  });
}

/** Cheap reachability check with its latency. */
export async function ping(database: Database): Promise<{ reachable: boolean; latency_ms: number }> {
  const start = performance.now();
  try {
    await sql`select 1`.execute(database.db);
    return { reachable: true, latency_ms: Math.round((performance.now() - start) * 100) / 100 };
  } catch {
    return { reachable: false, latency_ms: Math.round((performance.now() - start) * 100) / 100 };
  }
}
