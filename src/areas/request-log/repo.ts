/**
 * The request log's statements: request_log_blocks (every request, in blocks: blocks.ts, migration 0039) and
 * request_log (the rows also kept one by one: answers that are not 2xx, client-chosen request ids; migration 0031).
 * PostgreSQL keeps one partition per UTC day of each (request_log_pYYYYMMDD, request_log_blocks_pYYYYMMDD) beside a
 * default partition; SQLite plain tables.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { inIndexOrder, type Database, type Executor } from '../../db/database.js';
import { inRelaxedTransaction, unnestRows, type PreparedInserts } from '../../db/bulk-insert.js';
import type { DB, Environment, RequestLogBlockTable, RequestLogTable } from '../../db/schema/index.js';
import { DAY_MS } from '../../lib/time.js';
import { BLOCK_SPAN_MS, buildBlocks, decodeBlock, INLINE_BODY_ROWS, RID_SPAN_MS, type BlockMeta, type LoggedRequest, type RowFilter } from './blocks.js';

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

const BLOCK_COLUMNS = [
  ['id', 'text'],
  ['partner_id', 'text'],
  ['environment', 'text'],
  ['at_min', 'int8'],
  ['at_max', 'int8'],
  ['rid_min', 'int8'],
  ['rid_max', 'int8'],
  ['row_count', 'int4'],
  ['body', 'text'],
] as const satisfies readonly (readonly [keyof RequestLogBlockTable, string])[];
const BLOCK_NAMES = BLOCK_COLUMNS.map(([c]) => c);

/**
 * Writes a batch: its blocks, and the rows kept one by one, together. PostgreSQL: one statement (two inserts from
 * unnest arrays, one array per column); SQLite: the prepared multi-row statements in one transaction committed
 * without waiting for the disk. Neither compiles a statement per batch.
 */
export async function insertRequestLogRows(database: Database, prepared: PreparedInserts | null, rows: LoggedRequest[]): Promise<void> {
  if (rows.length === 0) return;
  const { blocks, single } = buildBlocks(rows);
  if (database.dialect === 'postgres') {
    const blocksInsert = sql`insert into request_log_blocks (${sql.raw(BLOCK_NAMES.join(', '))}) ${unnestRows(BLOCK_COLUMNS, blocks)}`;
    if (single.length === 0) await blocksInsert.execute(database.db);
    else await sql`with b as (${blocksInsert}) insert into request_log (${sql.raw(NAMES.join(', '))}) ${unnestRows(COLUMNS, single)}`.execute(database.db);
    return;
  }
  if (!prepared) throw new Error('insertRequestLogRows on SQLite needs the prepared inserts of the database');
  // A best-effort log: its batch is committed without holding the event loop for the disk (see inRelaxedTransaction).
  await inRelaxedTransaction(database, () => {
    prepared.insertAll('request_log_blocks', BLOCK_NAMES, blocks, (b, out) => {
      for (const c of BLOCK_NAMES) out.push(b[c]);
    });
    prepared.insertAll('request_log', NAMES, single, (r, out) => {
      for (const c of NAMES) out.push(r[c]);
    });
  });
}

export interface RequestLogFilter extends RowFilter {
  partnerId: string;
  environment: Environment;
  /** Read no row older than this (at, id), inclusive: the window a path search is bounded to. */
  notBefore?: { at: number; id: string };
}

/**
 * The rows kept one by one, newest first, every filter given must match: a status filter of a class other than 2xx
 * walks the (partner, environment, status class, time) index in its order; a request-id search reads its own index
 * (a few rows, sorted).
 */
export function pageRequestLog(db: Executor, filter: RequestLogFilter, limit: number) {
  if (filter.requestId !== undefined) return pageRequestLogQuery(db, filter, limit).execute();
  return inIndexOrder(db, (db) => pageRequestLogQuery(db, filter, limit).execute());
}

/**
 * The (at, id) of the `depth`-th row, newest first, of a status class (not 2xx) from where a page starts: the bound of
 * a path search within it, whose matches may be rare, so that one page never reads more than `depth` rows.
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
 * The status filters' index holds only the answers that are not 2xx (partial, migration 0037): a filter states the
 * index's condition in the same words, so that both planners take it. A 2xx filter reads the blocks instead.
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

/** The newest row kept one by one of a request id in one partner's environment. */
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

/** The blocks a page walks: a partner's environment, newest first, those that may hold rows of the time range and cursor. */
export interface BlockWalk {
  partnerId: string;
  environment: Environment;
  since?: number | null;
  until?: number | null;
  before?: { at: number; id: string };
}

/**
 * Up to `limit` blocks of the walk, (at_max, id) descending, after `after`. A block holding a row older than the
 * cursor, or than `until`, starts before it, and so ends within BLOCK_SPAN_MS after it: that bounds the index range a
 * deep page, or a page of an earlier time, reads (else it would step over every newer block of the partner).
 */
export function blockMetasQuery(db: Executor, w: BlockWalk, after: BlockMeta | undefined, limit: number) {
  let q = db
    .selectFrom('request_log_blocks')
    .select(['id', 'at_max', 'row_count'])
    .select(sql<string | null>`case when row_count <= ${sql.lit(INLINE_BODY_ROWS)} then body end`.as('body'))
    .where('partner_id', '=', w.partnerId)
    .where('environment', '=', w.environment);
  if (w.since != null) q = q.where('at_max', '>=', w.since);
  if (w.until != null) q = q.where('at_min', '<', w.until).where('at_max', '<', w.until + BLOCK_SPAN_MS);
  if (w.before) q = q.where('at_max', '<=', w.before.at + BLOCK_SPAN_MS).where('at_min', '<=', w.before.at);
  if (after) q = q.where(sql<SqlBool>`(at_max, id) < (${after.at_max}, ${after.id})`);
  return q.orderBy('at_max', 'desc').orderBy('id', 'desc').limit(limit);
}

export async function blockMetas(db: Executor, w: BlockWalk, after: BlockMeta | undefined, limit: number): Promise<BlockMeta[]> {
  const rows = await inIndexOrder(db, (db) => blockMetasQuery(db, w, after, limit).execute());
  return rows.map((r) => ({ id: r.id, at_max: Number(r.at_max), row_count: Number(r.row_count), body: r.body }));
}

/**
 * The rows of these blocks of a partner's environment: those whose body came with the walk decoded, the others read
 * (one index range: the blocks are neighbours in the walk). With `needle`, a block whose body does not contain it is
 * left out, on the database's side for those read (neither sent nor decoded).
 */
export async function blockRows(db: Executor, partnerId: string, environment: Environment, walked: BlockMeta[], needle?: string): Promise<RequestLogTable[]> {
  const rows: RequestLogTable[] = [];
  const blocks: BlockMeta[] = [];
  for (const b of walked) {
    if (b.body == null) blocks.push(b);
    else if (needle === undefined || b.body.includes(needle)) rows.push(...decodeBlock({ partner_id: partnerId, environment, body: b.body }));
  }
  if (blocks.length === 0) return rows;
  const newest = Math.max(...blocks.map((b) => b.at_max));
  const oldest = Math.min(...blocks.map((b) => b.at_max));
  const found = await db
    .selectFrom('request_log_blocks')
    .select(['partner_id', 'environment', 'body'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('at_max', '>=', oldest)
    .where('at_max', '<=', newest)
    .where(
      'id',
      'in',
      blocks.map((b) => b.id),
    )
    // replace() matches its text literally on both databases (LIKE would read `%`, `_` and `\` in it).
    .$if(needle !== undefined, (q) => q.where(sql<SqlBool>`length(replace(body, ${needle}, '')) < length(body)`))
    .execute();
  for (const b of found) rows.push(...decodeBlock(b));
  return rows;
}

/**
 * The rows of the blocks that may hold the request of a service-made id made at `madeAt`: a block's ids were made
 * within RID_SPAN_MS of each other, so its newest was made at most that long after.
 */
export function blocksOfRequestTimeQuery(db: Executor, partnerId: string, environment: Environment, madeAt: number) {
  return db
    .selectFrom('request_log_blocks')
    .select(['partner_id', 'environment', 'body'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('rid_max', '>=', madeAt)
    .where('rid_max', '<=', madeAt + RID_SPAN_MS)
    .where('rid_min', '<=', madeAt);
}

export async function blockRowsOfRequestTime(db: Executor, partnerId: string, environment: Environment, madeAt: number): Promise<RequestLogTable[]> {
  return (await blocksOfRequestTimeQuery(db, partnerId, environment, madeAt).execute()).flatMap(decodeBlock);
}

/** Erases a partner's log (the partner deletion, inside its transaction): the number of requests it held. */
export async function deletePartnerRequestLog(db: Executor, partnerId: string): Promise<number> {
  const held = await db
    .selectFrom('request_log_blocks')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('row_count'), eb.lit(0)).as('n'))
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  await db.deleteFrom('request_log_blocks').where('partner_id', '=', partnerId).execute();
  await db.deleteFrom('request_log').where('partner_id', '=', partnerId).execute();
  return Number(held.n);
}

/** The request log's two tables, each with the column its day partitions are ranged on. */
const TABLES = [
  { table: 'request_log', at: 'at' },
  { table: 'request_log_blocks', at: 'at_max' },
] as const;
export type RequestLogTableName = (typeof TABLES)[number]['table'];

/**
 * Deletes up to `batch` rows of `table` older than `before`: the whole table on SQLite (from its head: a row written
 * out of time order behind a fresher one waits for it, at most a flush interval); on PostgreSQL only the default
 * partition (the day partitions are dropped whole by `rollRequestLogPartitions`).
 */
export async function pruneRequestLog(database: Database, table: RequestLogTableName, before: number, batch: number): Promise<number> {
  const db = database.db;
  const { at } = TABLES.find((t) => t.table === table)!;
  const r =
    database.dialect === 'postgres'
      ? await sql`delete from ${sql.table(`${table}_default`)} where ctid in (select ctid from ${sql.table(`${table}_default`)} where ${sql.ref(at)} < ${before} limit ${batch})`.execute(db)
      : // No index on time: rows are appended in time order (to within a writer's flush), so the expired ones are at
        // the head of the table in rowid order, and a batch stops at the first head of fresh ones.
        await sql`delete from ${sql.table(table)} where rowid in (select rowid from ${sql.table(table)} order by rowid limit ${batch}) and ${sql.ref(at)} < ${before}`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}

const PARTITION = /^(request_log|request_log_blocks)_p(\d{4})(\d{2})(\d{2})$/;

function partitionName(table: RequestLogTableName, dayStart: number): string {
  return `${table}_p${new Date(dayStart).toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/** The day partitions of the request log's tables in this schema (PostgreSQL), by name with the table and the day each starts. */
export async function requestLogPartitions(database: Database): Promise<{ name: string; table: RequestLogTableName; from: number }[]> {
  if (database.dialect !== 'postgres') return [];
  const r = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      join pg_namespace n on n.oid = p.relnamespace
     where p.relname in ('request_log', 'request_log_blocks') and n.nspname = current_schema()`.execute(database.db);
  const out: { name: string; table: RequestLogTableName; from: number }[] = [];
  for (const { name } of r.rows) {
    const m = PARTITION.exec(name);
    if (m) out.push({ name, table: m[1] as RequestLogTableName, from: Date.UTC(Number(m[2]), Number(m[3]) - 1, Number(m[4])) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/**
 * PostgreSQL: makes sure each table of the log has a partition for each UTC day from `now`'s to `aheadDays` later,
 * and drops every day partition that ends at or before `dropBefore`. A new day's rows already in a default partition
 * move into its partition in the same transaction. SQLite: nothing. Returns the partitions created and dropped.
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
    for (const { table, at } of TABLES) {
      const name = partitionName(table, from);
      if (names.has(name)) continue;
      const parent = sql.table(table);
      const fallback = sql.table(`${table}_default`);
      await database.tx(async (trx) => {
        // Rows of this day that reached the default partition wait (a moment) while they move.
        await sql`lock table ${fallback} in exclusive mode`.execute(trx);
        await sql`create table ${sql.table(name)} (like ${parent} including defaults)`.execute(trx);
        await sql`insert into ${sql.table(name)} select * from ${fallback} where ${sql.ref(at)} >= ${from} and ${sql.ref(at)} < ${to}`.execute(trx);
        await sql`delete from ${fallback} where ${sql.ref(at)} >= ${from} and ${sql.ref(at)} < ${to}`.execute(trx);
        await sql`alter table ${parent} attach partition ${sql.table(name)} for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(trx);
      });
      created.push(name);
    }
  }
  for (const p of existing) {
    if (p.from + DAY_MS > dropBefore) continue;
    await sql`drop table if exists ${sql.table(p.name)}`.execute(database.db);
    dropped.push(p.name);
  }
  return { created, dropped };
}
