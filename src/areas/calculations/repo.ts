import { sql, type Kysely } from 'kysely';
import { inIndexOrder, type Database, type Executor } from '../../db/database.js';
import type { CalculationsTable, DB, Environment } from '../../db/schema/index.js';
import { eventRow, type OutboxEvent } from '../webhooks/outbox.js';
import { insertEvents } from '../webhooks/repo.js';

/** Latest wins: one cached row per (partner, environment, end-user). */
export async function upsertCalculation(db: Executor, row: CalculationsTable): Promise<void> {
  await db
    .insertInto('calculations')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['partner_id', 'environment', 'end_user_id']).doUpdateSet({
        calculation_id: row.calculation_id,
        user_email: row.user_email,
        user_email_key: row.user_email_key,
        result: row.result,
        calculated_at: row.calculated_at,
      }),
    )
    .execute();
}

/** The upsert of several rows (latest wins); at most one row per (partner, environment, end-user). */
function upsertQuery(db: Pick<Executor, 'insertInto'>, rows: CalculationsTable[]) {
  return db
    .insertInto('calculations')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['partner_id', 'environment', 'end_user_id']).doUpdateSet((eb) => ({
        calculation_id: eb.ref('excluded.calculation_id'),
        user_email: eb.ref('excluded.user_email'),
        user_email_key: eb.ref('excluded.user_email_key'),
        result: eb.ref('excluded.result'),
        calculated_at: eb.ref('excluded.calculated_at'),
      })),
    );
}

/** Several upserts in one statement; at most one row per (partner, environment, end-user). */
export async function upsertCalculations(db: Executor, rows: CalculationsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await upsertQuery(db, rows).execute();
}

/**
 * PostgreSQL: the upsert and the outbox rows in one statement (the upsert as a
 * data-modifying CTE), atomic without a transaction.
 */
export async function upsertCalculationsWithEvents(db: Kysely<DB>, rows: CalculationsTable[], events: OutboxEvent[]): Promise<void> {
  await db
    .with('upserted', (qb) => upsertQuery(qb, rows))
    .insertInto('webhook_events')
    .values(events.map(eventRow))
    .execute();
}

/**
 * Upserts and their outbox events, atomically. PostgreSQL: one statement (a
 * data-modifying CTE), atomic by itself: one round trip instead of four. SQLite: one
 * transaction.
 */
export async function writeCalculationsWithEvents(database: Database, rows: CalculationsTable[], events: OutboxEvent[]): Promise<void> {
  if (database.dialect === 'postgres') {
    await upsertCalculationsWithEvents(database.db, rows, events);
    return;
  }
  await database.tx(async (trx) => {
    await upsertCalculations(trx, rows);
    await insertEvents(trx, events.map(eventRow));
  });
}

export function getCalculation(db: Executor, partnerId: string, environment: Environment, endUserId: string) {
  return db
    .selectFrom('calculations')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('end_user_id', '=', endUserId)
    .executeTakeFirst();
}

/**
 * The predicate of calculations_page_idx (a partial index; every row meets it): a query that walks
 * that index states it, as a literal (SQLite matches a partial index's predicate only to a literal).
 */
export const PAGE_INDEX_PREDICATE = sql<boolean>`calculated_at >= ${sql.lit(0)}`;

/** Newest first, keyset on (calculated_at, calculation_id); `after` is the last row of the previous page. */
export function pageCalculations(
  db: Executor,
  partnerId: string,
  environment: Environment,
  limit: number,
  after: [number, string] | null,
) {
  return inIndexOrder(db, (db) => pageCalculationsQuery(db, partnerId, environment, limit, after).execute());
}

/** The page query itself (its plan is checked by a test: it must walk calculations_page_idx, never sort). */
export function pageCalculationsQuery(
  db: Executor,
  partnerId: string,
  environment: Environment,
  limit: number,
  after: [number, string] | null,
) {
  let q = db
    .selectFrom('calculations')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where(PAGE_INDEX_PREDICATE);
  if (after) {
    const [at, id] = after;
    // A row-value comparison, so the index range starts at the cursor (an OR would filter a backward scan).
    q = q.where((eb) => eb(eb.refTuple('calculated_at', 'calculation_id'), '<', eb.tuple(at, id)));
  }
  return q.orderBy('calculated_at', 'desc').orderBy('calculation_id', 'desc').limit(limit);
}

/**
 * Calculations of one partner and environment, oldest first, after the keyset position `after`.
 * The statement is built by Kysely and run by the driver itself (the pg pool, or
 * the SQLite handle while holding Kysely's connection): over the thousands of
 * batches of a large export, Kysely's executor path measured 2-3× slower and kept
 * every row alive long enough to be promoted to the old generation (resident memory
 * growing by 100-150 MB until a full collection). The SQL is the same.
 */
export async function calculationsBatch(
  database: Database,
  partnerId: string,
  environment: Environment,
  range: { since: number | null; until: number | null },
  after: [number, string] | null,
  limit: number,
) {
  const q = calculationsBatchQuery(database.db, partnerId, environment, range, after, limit);
  type Rows = Awaited<ReturnType<typeof q.execute>>;
  const compiled = q.compile();
  if (database.pgPool) {
    const r = await database.pgPool.query(compiled.sql, [...compiled.parameters]);
    return r.rows as Rows;
  }
  const handle = database.sqlite;
  if (handle) {
    // Holding Kysely's single connection: no transaction of another request is open on the handle meanwhile.
    return database.db.connection().execute(async () => handle.prepare(compiled.sql).all(...(compiled.parameters as unknown[])) as Rows);
  }
  return q.execute();
}

export function calculationsBatchQuery(
  db: Executor,
  partnerId: string,
  environment: Environment,
  range: { since: number | null; until: number | null },
  after: [number, string] | null,
  limit: number,
) {
  let q = db
    .selectFrom('calculations')
    .select(['end_user_id', 'user_email', 'calculation_id', 'result', 'calculated_at'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment);
  // The index range starts at the seek bound: the last row of the previous batch, or `since` for the first. It is
  // the one lower bound stated besides the index's predicate (calculated_at >= 0), and comes before it: SQLite seeks
  // with the first of several lower bounds on a column and checks the others row by row, so with the constant first
  // every batch read the partner's rows again from the first one (an export quadratic in its rows). PostgreSQL
  // takes the larger bound.
  const start = after && (range.since === null || after[0] >= range.since) ? after[0] : range.since;
  if (start !== null) q = q.where('calculated_at', '>=', start);
  q = q.where(PAGE_INDEX_PREDICATE);
  if (range.until !== null) q = q.where('calculated_at', '<', range.until);
  if (after) {
    const [at, id] = after;
    // Rows of the bound's millisecond that the previous batch already gave.
    q = q.where((eb) => eb.or([eb('calculated_at', '>', at), eb.and([eb('calculated_at', '=', at), eb('calculation_id', '>', id)])]));
  }
  return q.orderBy('calculated_at', 'asc').orderBy('calculation_id', 'asc').limit(limit);
}

/** Cached calculations: all of them, or one partner's. */
export async function countCalculations(db: Executor, partnerId?: string): Promise<number> {
  let q = db.selectFrom('calculations').select((eb) => eb.fn.countAll().as('n'));
  if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** End users (partner, environment, end_user_id) whose cached calculation carries this email, by its key (src/lib/email.ts). */
export function endUsersByEmailKey(db: Executor, key: string) {
  return db
    .selectFrom('calculations')
    .select(['partner_id', 'environment', 'end_user_id'])
    .where('user_email_key', '=', key)
    .orderBy('partner_id')
    .orderBy('environment')
    .orderBy('end_user_id')
    .execute();
}

export async function deleteCalculation(db: Executor, partnerId: string, environment: Environment, endUserId: string): Promise<number> {
  const r = await db
    .deleteFrom('calculations')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('end_user_id', '=', endUserId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
