import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, SqliteDriver, sql, type DatabaseConnection, type Driver, type KyselyConfig, type SqliteDialectConfig, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { PoolStats } from '../lib/metrics.js';
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
  /** The pg pool behind the PostgreSQL dialect (null on SQLite), for LISTEN and the queries run on the driver itself. */
  pgPool: pg.Pool | null;
  /** The SQLite handle (null on PostgreSQL). */
  sqlite: SQLite.Database | null;
  /** The connections of each pool now, from the driver's own counters (no query): for /metrics. */
  poolStats(): PoolStats[];
  /** Bytes of the SQLite write-ahead log now (0 when there is none); null on PostgreSQL. */
  walBytes(): number | null;
}

/** pg.Pool's public counters. */
function pgPoolStats(pool: string, p: pg.Pool): PoolStats {
  return { pool, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount };
}

/**
 * Whether the database takes its writes one at a time on one connection (SQLite) rather
 * than committing many side by side (PostgreSQL): there, concurrent writes gain most from
 * sharing one commit, and parallel writers gain nothing.
 */
export function singleWriter(database: Pick<Database, 'dialect'>): boolean {
  return database.dialect === 'sqlite';
}

/** Runs `close` once; later calls get the same promise (every owner of a handle may close it). */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

/** Either the database or a transaction on it: repositories take this. */
export type Executor = Kysely<DB> | Transaction<DB>;

const INT8_OID = 20;

/**
 * Bounds on waiting for PostgreSQL, so a request never hangs on an outage: a
 * connection (or a free pool slot) comes within 5 s, the server cancels a
 * statement after 30 s, and the client gives up on a silent connection (a
 * network partition) 5 s after that.
 */
export const PG_CONNECT_TIMEOUT_MS = 5_000;
export const PG_STATEMENT_TIMEOUT_MS = 30_000;
export const PG_QUERY_TIMEOUT_MS = 35_000;

/** Where a database connection that fails is reported (the process logger). */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

/** DATA_DIR and the files in it, when the service creates them: readable by the owner only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function pgPoolConfig(url: string, schema: string | null, max = 10): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    options: schema ? `-c search_path=${schema}` : undefined,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    keepAlive: true,
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
 * Keeps a PostgreSQL outage from killing the process: a client that loses its
 * connection emits 'error', and one checked out of the pool (in a query or a
 * transaction) has no listener but ours. Its query fails on its own (the caller
 * answers 503), and the pool drops the broken client when it is released.
 */
export function watchPoolErrors(pool: pg.Pool, log?: DatabaseLog): void {
  pool.on('connect', (client) => {
    client.on('error', (err) => log?.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database connection lost'));
  });
  // Idle clients' errors are re-emitted on the pool (and logged above, by the client).
  pool.on('error', () => {});
}

/** Fails at start, naming the folder, when DATA_DIR cannot be created or written (read-only, full, not permitted). */
function ensureWritableDir(dir: string): void {
  const where = path.resolve(dir);
  try {
    // One level at a time: Node's recursive mkdir never returns under /proc (it retries ENOENT forever).
    const missing: string[] = [];
    for (let d = where; !existsSync(d); d = path.dirname(d)) missing.unshift(d);
    for (const d of missing) mkdirSync(d, { mode: PRIVATE_DIR_MODE });
    const probe = path.join(where, `.write-check-${process.pid}`);
    const fd = openSync(probe, 'w', 0o600);
    try {
      writeSync(fd, 'ok\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
      try {
        unlinkSync(probe);
      } catch {
        // the write failed before the file existed
      }
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    throw new Error(`DATA_DIR ${where} is not writable (${e.code ?? e.message})`, { cause: err });
  }
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR,
 * SQLITE_BUSY in a commit); Kysely's own ROLLBACK then fails ("no transaction is
 * active") and that error replaces the one that says what happened. Roll back only
 * what is still open, so the caller sees the real cause (and answers 507 or 503).
 */
class SqliteDialectKeepingCause extends SqliteDialect {
  constructor(private readonly handle: SQLite.Database) {
    super({ database: handle });
  }

  override createDriver(): Driver {
    const handle = this.handle;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (handle.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database: handle } satisfies SqliteDialectConfig);
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

/** The PostgreSQL database instance, carrying its twin on the index-ordered pool. */
class KyselyWithIndexOrder extends Kysely<DB> {
  constructor(
    config: KyselyConfig,
    readonly indexOrdered: Kysely<DB>,
  ) {
    super(config);
  }
}

/**
 * Runs `fn` with the executor on which plans never sort (PostgreSQL: a second, small pool whose
 * sessions have INDEX_ORDER_SETTINGS, so it costs no extra round trip). SQLite, and a transaction
 * already open, run `fn` with `db` itself. Only for queries whose ORDER BY an index serves.
 */
export function inIndexOrder<T>(db: Executor, fn: (db: Executor) => T): T {
  return fn(db instanceof KyselyWithIndexOrder ? db.indexOrdered : db);
}

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>, poolSize = 10, log?: DatabaseLog): Database {
  if (config.databaseUrl) {
    const pool = new pg.Pool(pgPoolConfig(config.databaseUrl, config.databaseSchema, poolSize));
    watchPoolErrors(pool, log);
    const orderedConfig = pgPoolConfig(config.databaseUrl, config.databaseSchema, Math.max(2, Math.ceil(poolSize / 2)));
    orderedConfig.options = [orderedConfig.options, INDEX_ORDER_SETTINGS].filter(Boolean).join(' ');
    const orderedPool = new pg.Pool(orderedConfig);
    watchPoolErrors(orderedPool, log);
    const ordered = new Kysely<DB>({ dialect: new PostgresDialect({ pool: orderedPool }) });
    const db = new KyselyWithIndexOrder({ dialect: new PostgresDialect({ pool }) }, ordered);
    return {
      db,
      dialect: 'postgres',
      location: redactUrl(config.databaseUrl) + (config.databaseSchema ? ` (schema ${config.databaseSchema})` : ''),
      tx: (fn) => db.transaction().execute(fn),
      close: once(async () => {
        await Promise.all([db.destroy(), ordered.destroy()]);
      }),
      pgPool: pool,
      sqlite: null,
      poolStats: () => [pgPoolStats('main', pool), pgPoolStats('index_order', orderedPool)],
      walBytes: () => null,
    };
  }
  ensureWritableDir(config.dataDir);
  const file = path.join(config.dataDir, 'service.sqlite');
  let handle: SQLite.Database;
  try {
    // Created owner-only before SQLite opens it: SQLite gives its -wal and -shm files the mode of the database file.
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
    handle = new SQLite(file);
    handle.pragma('journal_mode = WAL');
    handle.pragma('synchronous = FULL');
    handle.pragma('foreign_keys = ON');
    handle.pragma('busy_timeout = 5000');
    // After a checkpoint has reset the WAL, truncate the file to this size instead of leaving it at its high-water mark.
    handle.pragma('journal_size_limit = 67108864');
  } catch (err) {
    throw new Error(`cannot open the database ${path.resolve(file)}: ${(err as Error).message}`, { cause: err });
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialectKeepingCause(handle) });
  return {
    db,
    dialect: 'sqlite',
    location: path.resolve(file),
    tx: (fn) => db.transaction().execute(fn),
    close: once(() => db.destroy()),
    pgPool: null,
    sqlite: handle,
    // One connection: busy while a transaction is open on it (a statement outside one runs and ends within the call).
    poolStats: () => [{ pool: 'sqlite', total: handle.open ? 1 : 0, idle: handle.open && !handle.inTransaction ? 1 : 0, waiting: null }],
    walBytes: () => {
      try {
        return statSync(`${file}-wal`).size;
      } catch {
        return 0;
      }
    },
  };
}

interface MigrationsTable {
  schema_migrations: { name: string; applied_at: number };
}

/** How long a start waits for another process's migrations on the same SQLite file. */
const SQLITE_MIGRATION_WAIT_MS = 120_000;

/**
 * Opens the migration transaction. SQLite: BEGIN IMMEDIATE waits busy_timeout (5 s) for the write lock; another
 * process migrating the same new file may hold it longer on a slow disk, so a busy answer is tried again, for a while.
 */
async function begin(db: Kysely<MigrationsTable>, pg: boolean): Promise<void> {
  if (pg) {
    await sql.raw('begin').execute(db);
    return;
  }
  const until = Date.now() + SQLITE_MIGRATION_WAIT_MS;
  for (;;) {
    try {
      await sql.raw('begin immediate').execute(db);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > until) throw err;
    }
  }
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
    await begin(db, pg);
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

/** The migrations of this build that the database has not applied (readiness). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const db = database.db as unknown as Kysely<MigrationsTable>;
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  return Object.keys(migrations).filter((name) => !done.has(name));
}

/** Cheap reachability check with its latency. */
/** One `select 1` round trip; throws what the driver throws. */
export async function roundTrip(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function ping(database: Database): Promise<{ reachable: boolean; latency_ms: number }> {
  const start = performance.now();
  try {
    await roundTrip(database.db);
    return { reachable: true, latency_ms: Math.round((performance.now() - start) * 100) / 100 };
  } catch {
    return { reachable: false, latency_ms: Math.round((performance.now() - start) * 100) / 100 };
  }
}
