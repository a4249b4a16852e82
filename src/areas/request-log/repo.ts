/**
 * The request log's statements (table request_log, migration 0031). PostgreSQL keeps one partition per UTC day
 * (request_log_pYYYYMMDD) beside a default partition; SQLite one plain table.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { inIndexOrder, type Database, type Executor } from '../../db/database.js';
import { inRelaxedTransaction, unnestRows, type PreparedInserts } from '../../db/bulk-insert.js';
import type { DB, Environment, RequestLogTable } from '../../db/schema/index.js';
import { DAY_MS } from '../../lib/time.js';

/** The columns in their order, with their PostgreSQL types (the unnest arrays' element types). */
const COLUMNS = [
  ['id', 'text'],
  ['at', 'int8'],
  ['partner_id', 'text'],
  ['environment', 'text'],
  ['credential', 'text'],
  ['key_id', 'text'],
  ['request_id', 'text'],
  ['method', 'text'],
  ['route', 'text'],
  ['path', 'text'],
  ['status', 'int4'],
  ['status_class', 'int4'],
  ['error_code', 'text'],
  ['error_detail', 'text'],
  ['duration_us', 'int8'],
  ['client_ip', 'text'],
  ['user_agent', 'text'],
] as const satisfies readonly (readonly [keyof RequestLogTable, string])[];
const NAMES = COLUMNS.map(([c]) => c);

/**
 * Writes a batch of rows: on PostgreSQL one INSERT … SELECT FROM unnest (one array per column), on SQLite the
 * prepared multi-row statements in one transaction committed without waiting for the disk. Neither compiles a
 * statement per batch.
 */
export async function insertRequestLogRows(database: Database, prepared: PreparedInserts | null, rows: RequestLogTable[]): Promise<void> {
  if (rows.length === 0) return;
  if (database.dialect === 'postgres') {
    await sql`insert into request_log (${sql.raw(NAMES.join(', '))}) ${unnestRows(COLUMNS, rows)}`.execute(database.db);
    return;
  }
  if (!prepared) throw new Error('insertRequestLogRows on SQLite needs the prepared inserts of the database');
  // A best-effort log: its batch is committed without holding the event loop for the disk (see inRelaxedTransaction).
  await inRelaxedTransaction(database, () =>
    prepared.insertAll('request_log', NAMES, rows, (r, out) => {
      for (const c of NAMES) out.push(r[c]);
    }),
  );
}

export interface RequestLogFilter {
  partnerId: string;
  environment: Environment;
  /** A status class (`4xx`: 4) and, for an exact status, the status. */
  status?: { statusClass: number; exact: number | null };
  /** A prefix of the route template or of the concrete (masked) path. */
  pathPrefix?: string;
  /** Inclusive / exclusive epoch ms. */
  since?: number | null;
  until?: number | null;
  requestId?: string;
  /** The (at, id) of the last row of the previous page. */
  before?: { at: number; id: string };
  /** Read no row older than this (at, id), inclusive: the window a path search is bounded to. */
  notBefore?: { at: number; id: string };
}

/**
 * Newest first, every filter given must match. A request-id search reads its own index (a few rows, sorted); every
 * other page walks the (partner, environment[, status class], time) index in its order.
 */
export function pageRequestLog(db: Executor, filter: RequestLogFilter, limit: number) {
  if (filter.requestId !== undefined) return pageRequestLogQuery(db, filter, limit).execute();
  return inIndexOrder(db, (db) => pageRequestLogQuery(db, filter, limit).execute());
}

/**
 * The (at, id) of the `depth`-th row, newest first, of a partner's environment from where a page starts: the bound of
 * a search whose matches may be rare (a path prefix), so that one page never reads more than `depth` rows.
 * Undefined when fewer rows are left.
 */
export async function scanWindowEnd(db: Executor, f: Pick<RequestLogFilter, 'partnerId' | 'environment' | 'status' | 'since' | 'until' | 'before'>, depth: number) {
  return inIndexOrder(db, async (db) => {
    const row = await db
      .selectFrom('request_log')
      .select(['at', 'id'])
      .where(walk(f))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .offset(depth - 1)
      .executeTakeFirst();
    return row ? { at: Number(row.at), id: row.id } : undefined;
  });
}

/**
 * The status filters' index holds only the answers that are not 2xx (partial, migration 0037): a filter on another
 * class states the index's condition in the same words, so that both planners take it; a 2xx filter walks the time
 * index instead (the service bounds that walk).
 */
const NOT_2XX = sql<SqlBool>`status_class <> 2`;

/** What a page and the end of its window both walk: the partner's environment, a status class, the time range, from the cursor on. */
function walk(f: Pick<RequestLogFilter, 'partnerId' | 'environment' | 'status' | 'since' | 'until' | 'before'>) {
  return (eb: ExpressionBuilder<DB, 'request_log'>) => {
    const terms: Expression<SqlBool>[] = [eb('partner_id', '=', f.partnerId), eb('environment', '=', f.environment)];
    if (f.status) terms.push(eb('status_class', '=', f.status.statusClass));
    if (f.status && f.status.statusClass !== 2) terms.push(NOT_2XX);
    if (f.since != null) terms.push(eb('at', '>=', f.since));
    if (f.until != null) terms.push(eb('at', '<', f.until));
    if (f.before) terms.push(sql<SqlBool>`(at, id) < (${f.before.at}, ${f.before.id})`);
    return eb.and(terms);
  };
}

/** The page query itself (its plan is checked by a test). */
export function pageRequestLogQuery(db: Executor, f: RequestLogFilter, limit: number) {
  let q = db.selectFrom('request_log').selectAll().where(walk(f));
  if (f.status && f.status.exact !== null) q = q.where('status', '=', f.status.exact);
  if (f.pathPrefix !== undefined) {
    // substr rather than LIKE: the same case-sensitive comparison on both databases, `%` and `_` plain characters.
    const p = f.pathPrefix;
    q = q.where(sql<boolean>`(substr(route, 1, ${p.length}) = ${p} or substr(path, 1, ${p.length}) = ${p})`);
  }
  if (f.requestId !== undefined) q = q.where('request_id', '=', f.requestId);
  if (f.notBefore) q = q.where(sql<boolean>`(at, id) >= (${f.notBefore.at}, ${f.notBefore.id})`);
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit);
}

/** The newest row of a request id in one partner's environment. */
export async function findRequestLogRow(db: Executor, partnerId: string, environment: Environment, requestId: string) {
  return db
    .selectFrom('request_log')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('request_id', '=', requestId)
    .where('environment', '=', environment)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Erases a partner's rows (the partner deletion, inside its transaction). */
export async function deletePartnerRequestLog(db: Executor, partnerId: string): Promise<number> {
  const r = await db.deleteFrom('request_log').where('partner_id', '=', partnerId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Deletes up to `batch` rows older than `before`: the whole table on SQLite (from its head: a row written out of
 * time order behind a fresher one waits for it, at most a flush interval); on PostgreSQL only the default
 * partition (the day partitions are dropped whole by `rollRequestLogPartitions`).
 */
export async function pruneRequestLog(database: Database, before: number, batch: number): Promise<number> {
  const db = database.db;
  const r =
    database.dialect === 'postgres'
      ? await sql`delete from request_log_default where ctid in (select ctid from request_log_default where at < ${before} limit ${batch})`.execute(db)
      : // No index on `at` (migration 0037): rows are appended in time order (to within a writer's flush), so the
        // expired ones are at the head of the table in rowid order, and a batch stops at the first head of fresh ones.
        await sql`delete from request_log where rowid in (select rowid from request_log order by rowid limit ${batch}) and at < ${before}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

const PARTITION = /^request_log_p(\d{4})(\d{2})(\d{2})$/;

function partitionName(dayStart: number): string {
  return `request_log_p${new Date(dayStart).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/** The day partitions of this schema (PostgreSQL), by name with the day each starts. */
export async function requestLogPartitions(database: Database): Promise<{ name: string; from: number }[]> {
  if (database.dialect !== 'postgres') return [];
  const r = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      join pg_namespace n on n.oid = p.relnamespace
     where p.relname = 'request_log' and n.nspname = current_schema()`.execute(database.db);
  const out: { name: string; from: number }[] = [];
  for (const { name } of r.rows) {
    const m = PARTITION.exec(name);
    if (m) out.push({ name, from: Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/**
 * PostgreSQL: makes sure a partition exists for each UTC day from `now`'s to `aheadDays` later, and drops every
 * day partition that ends at or before `dropBefore`. A new day's rows already in the default partition move into
 * its partition in the same transaction. SQLite: nothing. Returns the partitions created and dropped.
 */
export async function rollRequestLogPartitions(
  database: Database,
  now: number,
  aheadDays: number,
  dropBefore: number,
): Promise<{ created: string[]; dropped: string[] }> {
  const created: string[] = [];
  const dropped: string[] = [];
  if (database.dialect !== 'postgres') return { created, dropped };
  const existing = await requestLogPartitions(database);
  const names = new Set(existing.map((p) => p.name));
  const today = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
  for (let d = 0; d <= aheadDays; d++) {
    const from = today + d * DAY_MS;
    const to = from + DAY_MS;
    if (from + DAY_MS <= dropBefore) continue;
    const name = partitionName(from);
    if (names.has(name)) continue;
    await database.tx(async (trx) => {
      // Rows of this day that reached the default partition wait (a moment) while they move.
      await sql`lock table request_log_default in exclusive mode`.execute(trx);
      await sql`create table ${sql.table(name)} (like request_log including defaults)`.execute(trx);
      await sql`insert into ${sql.table(name)} select * from request_log_default where at >= ${from} and at < ${to}`.execute(trx);
      await sql`delete from request_log_default where at >= ${from} and at < ${to}`.execute(trx);
      await sql`alter table request_log attach partition ${sql.table(name)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
    });
    created.push(name);
  }
  for (const p of existing) {
    if (p.from + DAY_MS > dropBefore) continue;
    await sql`drop table if exists ${sql.table(p.name)}`.execute(database.db);
    dropped.push(p.name);
  }
  return { created, dropped };
}
