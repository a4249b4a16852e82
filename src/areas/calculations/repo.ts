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

export async function deleteCalculation(db: Executor, partnerId: string, environment: Environment, endUserId: string): Promise<number> {
  const r = await db
    .deleteFrom('calculations')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('end_user_id', '=', endUserId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
