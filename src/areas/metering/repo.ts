/** SQL of the usage area (takes an Executor: the database or a transaction). */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import type { DB, Environment } from '../../db/schema/index.js';
import type { UsageAlertsTable } from '../../db/schema/usage.js';

/** First and last day (`YYYY-MM-DD`) of a `YYYY-MM` month, as text bounds. */
function monthDays(month: string): [string, string] {
  return [`${month}-01`, `${month}-31`];
}

export async function monthCalls(db: Executor, partnerId: string, environment: Environment, month: string): Promise<number> {
  const [from, to] = monthDays(month);
  const r = await db
    .selectFrom('usage_daily')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('calls'), eb.lit(0)).as('n'))
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Distinct end-users of a month: one row of the counter, kept with the usage_end_users rows. */
export async function monthEndUsers(db: Executor, partnerId: string, environment: Environment, month: string): Promise<number> {
  const r = await db
    .selectFrom('usage_end_user_counts')
    .select('users')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(r?.users ?? 0);
}

/**
 * Calls and distinct end-users of a month for a set of partners (a page of the admin list), both
 * environments, in one statement: a row per partner, environment and figure that has any.
 */
export async function monthFiguresOfPartners(
  db: Executor,
  partnerIds: string[],
  month: string,
): Promise<{ partner_id: string; environment: Environment; figure: 'calls' | 'users'; n: number }[]> {
  if (partnerIds.length === 0) return [];
  const [from, to] = monthDays(month);
  const rows = await db
    .selectFrom('usage_daily')
    .select((eb) => ['partner_id', 'environment', sql<string>`'calls'`.as('figure'), eb.fn.sum<number | string>('calls').as('n')])
    .where('partner_id', 'in', partnerIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['partner_id', 'environment'])
    .unionAll((eb) =>
      eb
        .selectFrom('usage_end_user_counts')
        .select(['partner_id', 'environment', sql<string>`'users'`.as('figure'), 'users as n'])
        .where('partner_id', 'in', partnerIds)
        .where('month', '=', month),
    )
    .execute();
  return rows.map((r) => ({ partner_id: r.partner_id, environment: r.environment, figure: r.figure as 'calls' | 'users', n: Number(r.n) }));
}

/** Calls per month for the months in [fromMonth, toMonth] (inclusive). */
export async function callsByMonth(db: Executor, partnerId: string, environment: Environment, fromMonth: string, toMonth: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('usage_daily')
    .select(['day', 'calls'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('day', '>=', `${fromMonth}-01`)
    .where('day', '<=', `${toMonth}-31`)
    .execute();
  const out = new Map<string, number>();
  for (const r of rows) {
    const m = r.day.slice(0, 7);
    out.set(m, (out.get(m) ?? 0) + Number(r.calls));
  }
  return out;
}

export async function endUsersByMonth(db: Executor, partnerId: string, environment: Environment, fromMonth: string, toMonth: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('usage_end_user_counts')
    .select(['month', 'users'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('month', '>=', fromMonth)
    .where('month', '<=', toMonth)
    .execute();
  return new Map(rows.map((r) => [r.month, Number(r.users)]));
}

/** Calls per UTC day in [fromDay, toDay] (inclusive); days without calls have no row. */
export async function dailyCalls(db: Executor, partnerId: string, environment: Environment, fromDay: string, toDay: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('usage_daily')
    .select(['day', 'calls'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .execute();
  return new Map(rows.map((r) => [r.day, Number(r.calls)]));
}

/** Partner-API calls served, all time, every partner (the platform metrics). */
export async function countCallsServed(db: Executor): Promise<number> {
  const r = await db.selectFrom('usage_daily').select((eb) => eb.fn.sum<number | string | null>('calls').as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Distinct end users seen in `month`, all partners and environments. */
export async function countEndUsersThisMonth(db: Executor, month: string): Promise<number> {
  const r = await db
    .selectFrom('usage_end_user_counts')
    .select((eb) => eb.fn.sum<number | string | null>('users').as('n'))
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function getAlertConfig(db: Executor, partnerId: string, environment: Environment) {
  return db.selectFrom('usage_alerts').selectAll().where('partner_id', '=', partnerId).where('environment', '=', environment).executeTakeFirst();
}

export async function putAlertConfig(db: Executor, row: UsageAlertsTable): Promise<void> {
  await db
    .insertInto('usage_alerts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['partner_id', 'environment']).doUpdateSet({
        notify_email: row.notify_email,
        calls_threshold: row.calls_threshold,
        unique_users_threshold: row.unique_users_threshold,
        bill_threshold_cents: row.bill_threshold_cents,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteAlertConfig(db: Executor, partnerId: string, environment: Environment): Promise<number> {
  const r = await db.deleteFrom('usage_alerts').where('partner_id', '=', partnerId).where('environment', '=', environment).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function firedThisMonth(db: Executor, partnerId: string, environment: Environment, month: string) {
  return db
    .selectFrom('usage_alert_fired')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('month', '=', month)
    .orderBy('fired_at', 'asc')
    .orderBy('threshold', 'asc')
    .execute();
}

/** Alert configurations with at least one threshold whose usage or configuration changed at or after `since` (all when null). */
export function alertsToEvaluate(db: Executor, since: number | null) {
  let q = db
    .selectFrom('usage_alerts as a')
    .selectAll('a')
    .where((eb) => eb.or([eb('a.calls_threshold', 'is not', null), eb('a.unique_users_threshold', 'is not', null), eb('a.bill_threshold_cents', 'is not', null)]));
  if (since !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('a.updated_at', '>=', since),
        eb.exists(
          eb
            .selectFrom('usage_daily as d')
            .select('d.day')
            .whereRef('d.partner_id', '=', 'a.partner_id')
            .whereRef('d.environment', '=', 'a.environment')
            .where('d.updated_at', '>=', since),
        ),
      ]),
    );
  }
  return q.orderBy('a.partner_id').orderBy('a.environment').execute();
}

/** Records one fired threshold level; true when this call wrote it (it had not fired before). */
export async function insertFired(
  db: Executor,
  row: {
    partner_id: string;
    environment: Environment;
    month: string;
    threshold: string;
    level: string;
    limit_value: number;
    observed: number;
    fired_at: number;
    notified: number;
    mail_status: 'sent' | 'suppressed' | null;
  },
): Promise<boolean> {
  const r = await db
    .insertInto('usage_alert_fired')
    .values(row)
    .onConflict((oc) => oc.columns(['partner_id', 'environment', 'month', 'threshold', 'level', 'limit_value']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Serialises usage writes of one (partner, environment) with its erasures across processes
 * (PostgreSQL: a transaction-scoped advisory lock; SQLite has one writer at a time). Taken by
 * a usage flush for each pair it writes, in key order, and by an erasure for its pair.
 */
export function usageLockQuery(database: Pick<Database, 'dialect'>, db: Executor, partnerId: string, environment: Environment): CompiledQuery | null {
  if (database.dialect !== 'postgres') return null;
  return sql`select pg_advisory_xact_lock(hashtext(${`usage|${partnerId}|${environment}`}))`.compile(db);
}

export async function lockUsage(db: Executor, database: Pick<Database, 'dialect'>, partnerId: string, environment: Environment): Promise<void> {
  const q = usageLockQuery(database, db, partnerId, environment);
  if (q) await db.executeQuery(q);
}

/** Remembers an erased end-user by its pseudonym (insert-or-ignore). */
export async function recordErasure(db: Executor, partnerId: string, environment: Environment, idPseudonym: string, at: number): Promise<void> {
  await db
    .insertInto('usage_erasures')
    .values({ partner_id: partnerId, environment, id_pseudonym: idPseudonym, erased_at: at })
    .onConflict((oc) => oc.columns(['partner_id', 'environment', 'id_pseudonym']).doNothing())
    .execute();
}

/** Which of these pseudonyms were erased in the partner's environment (a flush asks before writing ids). */
export function erasedAmongQuery(db: Executor, partnerId: string, environment: Environment, pseudonyms: string[]) {
  return db
    .selectFrom('usage_erasures')
    .select('id_pseudonym')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('id_pseudonym', 'in', pseudonyms)
    .compile();
}

/** Erasure records older than `before` go: no flush can still hold a count that old. */
export async function pruneErasures(db: Executor, before: number): Promise<number> {
  const r = await db.deleteFrom('usage_erasures').where('erased_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * GDPR erasure: the end-user's identifier leaves the unique-user table, the count stays
 * (it is billing data) as the placeholder `placeholder(month)` (insert-or-ignore: the
 * placeholder of a month may already be there, written by a flush). The month's counter
 * follows the rows: one fewer when the placeholder was already counted.
 */
export async function anonymiseEndUser(db: Executor, partnerId: string, environment: Environment, endUserId: string, placeholder: (month: string) => string): Promise<number> {
  const rows = await db
    .selectFrom('usage_end_users')
    .select(['month', 'first_seen_at'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('end_user_id', '=', endUserId)
    .execute();
  for (const r of rows) {
    const added = await db
      .insertInto('usage_end_users')
      .values({ partner_id: partnerId, environment, month: r.month, end_user_id: placeholder(r.month), first_seen_at: r.first_seen_at })
      .onConflict((oc) => oc.columns(['partner_id', 'environment', 'month', 'end_user_id']).doNothing())
      .returning('month')
      .execute();
    const removed = await db
      .deleteFrom('usage_end_users')
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('month', '=', r.month)
      .where('end_user_id', '=', endUserId)
      .executeTakeFirst();
    const delta = added.length - Number(removed.numDeletedRows);
    if (delta !== 0) await addEndUserCount(db, partnerId, environment, r.month, delta);
  }
  return rows.length;
}

/** Moves a month's counter by `delta` (its row exists while the month has end-user rows). */
async function addEndUserCount(db: Executor, partnerId: string, environment: Environment, month: string, delta: number): Promise<void> {
  await db
    .updateTable('usage_end_user_counts')
    .set((eb) => ({ users: eb('users', '+', delta) }))
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('month', '=', month)
    .execute();
}

// ---------------------------------------------------------------- the usage meter's flush

export interface MeterDailyRow {
  partner_id: string;
  environment: Environment;
  day: string;
  calls: number;
  updated_at: number;
}

export interface MeterUserRow {
  partner_id: string;
  environment: Environment;
  month: string;
  end_user_id: string;
  first_seen_at: number;
}

export interface MeterUserCountRow {
  partner_id: string;
  environment: Environment;
  month: string;
  users: number;
}

/** The statements of one meter flush, compiled (portable SQL); the flush's plan runs them through runStatementPlan. */
export function meterStatements(db: Kysely<DB>) {
  return {
    existingPartners: (ids: string[]) => db.selectFrom('partners').select('id').where('id', 'in', ids).compile(),
    /** Additive upserts: several processes flushing into one database count exactly together. */
    addDaily: (rows: MeterDailyRow[]) =>
      db
        .insertInto('usage_daily')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['partner_id', 'environment', 'day']).doUpdateSet((eb) => ({
            calls: eb('usage_daily.calls', '+', eb.ref('excluded.calls')),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .compile(),
    /**
     * Insert-or-ignore into the table keyed (partner, environment, month, end_user_id); returns the
     * key of each row it did insert (a row already there returns nothing), for addEndUserCounts.
     */
    addEndUsers: (rows: MeterUserRow[]) =>
      db
        .insertInto('usage_end_users')
        .values(rows)
        .onConflict((oc) => oc.columns(['partner_id', 'environment', 'month', 'end_user_id']).doNothing())
        .returning(['partner_id', 'environment', 'month'])
        .compile(),
    /** Additive upserts of the months' counters by the rows addEndUsers inserted (same transaction). */
    addEndUserCounts: (rows: MeterUserCountRow[]) =>
      db
        .insertInto('usage_end_user_counts')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['partner_id', 'environment', 'month']).doUpdateSet((eb) => ({
            users: eb('usage_end_user_counts.users', '+', eb.ref('excluded.users')),
          })),
        )
        .compile(),
  };
}

/**
 * Runs a plan of statements in one transaction: the plan is a generator that yields
 * each statement and gets its rows back, so the same plan runs synchronously on SQLite
 * and asynchronously on PostgreSQL. PostgreSQL: an ordinary transaction. SQLite:
 * Kysely's single connection is held while one synchronous BEGIN IMMEDIATE
 * transaction runs, so the write lock is taken up front (other processes wait on
 * busy_timeout instead of failing to upgrade a read lock) and nothing interleaves with
 * it in this process.
 */
export async function runStatementPlan(database: Database, plan: (db: Kysely<DB>) => Generator<CompiledQuery, void, unknown[]>): Promise<void> {
  const handle = database.sqlite;
  if (database.dialect === 'sqlite' && handle) {
    await database.db.connection().execute(async () => {
      const runSync = (q: CompiledQuery): unknown[] => {
        const stmt = handle.prepare(q.sql);
        const params = q.parameters as unknown[];
        if (stmt.reader) return stmt.all(...params);
        stmt.run(...params);
        return [];
      };
      handle
        .transaction(() => {
          const it = plan(database.db);
          for (let step = it.next([]); !step.done; step = it.next(runSync(step.value)));
        })
        .immediate();
    });
    return;
  }
  await database.tx(async (trx) => {
    const it = plan(trx);
    for (let step = it.next([]); !step.done; step = it.next((await trx.executeQuery(step.value)).rows as unknown[]));
  });
}
