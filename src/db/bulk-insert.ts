/**
 * Many rows in few statements, the same text every time, on both engines:
 * - SQLite: multi-row INSERTs of a few fixed sizes, prepared once per database handle and run synchronously
 *   (inside the caller's transaction on the database's only connection), so no statement is compiled per batch.
 * - PostgreSQL: one INSERT … SELECT FROM unnest(...) per batch, each column sent as one array parameter: the
 *   statement has as many parameters as the table has columns, whatever the row count, so neither the client nor the
 *   server builds or parses thousands of placeholders.
 */
import type SQLite from 'better-sqlite3';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from './database.js';

/** Multi-row statement sizes: any count is a few runs of these. */
const SQLITE_CHUNKS = [500, 50, 5, 1];

export class PreparedInserts {
  private readonly cache = new Map<string, SQLite.Statement>();

  constructor(private readonly handle: SQLite.Database) {}

  private statement(table: string, cols: readonly string[], rows: number): SQLite.Statement {
    const key = `${table}:${rows}`;
    let st = this.cache.get(key);
    if (!st) {
      const tuple = `(${cols.map(() => '?').join(', ')})`;
      st = this.handle.prepare(`insert into ${table} (${cols.join(', ')}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`);
      this.cache.set(key, st);
    }
    return st;
  }

  /** Inserts rows through cached multi-row statements (values flattened column by column). */
  insertAll<T>(table: string, cols: readonly string[], rows: T[], values: (row: T, out: unknown[]) => void): void {
    let i = 0;
    for (const size of SQLITE_CHUNKS) {
      while (rows.length - i >= size) {
        const params: unknown[] = [];
        for (let j = i; j < i + size; j++) values(rows[j], params);
        this.statement(table, cols, size).run(params);
        i += size;
      }
    }
  }
}

/** The prepared inserts of a database (SQLite), or null (PostgreSQL sends one statement instead). */
export function preparedInsertsFor(database: Database): PreparedInserts | null {
  return database.dialect === 'sqlite' && database.sqlite ? new PreparedInserts(database.sqlite) : null;
}

/**
 * SQLite: runs `write` (synchronous statements on the database's handle) in one transaction, on the connection's
 * turn (Kysely's lock on its only connection, so no other transaction is open meanwhile), committed without waiting
 * for the disk: `synchronous = NORMAL` for this commit only, the database's own setting (FULL) again right after. What
 * it writes survives a crash of the process but may be lost with the machine's power, until the next FULL commit
 * syncs the log it is in. For rows the service can afford to lose (the request log), never for anything else: the
 * commit's fsync would otherwise hold the event loop for milliseconds per batch.
 */
export async function inRelaxedTransaction(database: Database, write: () => void): Promise<void> {
  const handle = database.sqlite;
  if (!handle) throw new Error('inRelaxedTransaction is for SQLite');
  await database.db.connection().execute(async () => {
    const level = handle.pragma('synchronous', { simple: true }) as number;
    handle.pragma('synchronous = NORMAL');
    try {
      handle.transaction(write)();
    } finally {
      handle.pragma(`synchronous = ${Number(level)}`);
    }
  });
}

/**
 * PostgreSQL: `select * from unnest($1::type[], $2::type[], …)` over `rows`, one array per column (its name and
 * PostgreSQL type), to follow an `insert into table (columns)`.
 */
export function unnestRows<T>(cols: readonly (readonly [keyof T & string, string])[], rows: readonly T[]): RawBuilder<unknown> {
  return sql`select * from unnest(${sql.join(cols.map(([c, type]) => sql`${rows.map((r) => r[c])}::${sql.raw(type)}[]`))})`;
}
