/** SQL of the ingest area. Every function takes an Executor (the db or a transaction). */
import { sql } from 'kysely';
import { inIndexOrder, type Database, type Executor } from '../../db/database.js';
import { unnestRows, type PreparedInserts } from '../../db/bulk-insert.js';
import type {
  UsageEventDailyActiveTable,
  UsageEventDailyTable,
  UsageEventDayUsersTable,
  UsageEventKeysTable,
  UsageEventLastDaysTable,
  UsageEventPendingTable,
  UsageEventsTable,
  UsageEventUsersTable,
} from '../../db/schema/ingest.js';
import type { Environment } from '../../db/schema/index.js';

/**
 * Rows per statement: SQLite's bound-parameter limit is 32,766 (PostgreSQL's 65,535);
 * stay well under it whatever the column count.
 */
const MAX_PARAMS = 30_000;

function chunks<T>(rows: T[], columns: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  if (rows.length <= size) return [rows];
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Claims idempotency keys: inserts the new ones and takes over the ones older than
 * `cutoff`; returns the keys that were claimed (the others are duplicates).
 */
export async function claimEventKeys(db: Executor, rows: UsageEventKeysTable[], cutoff: number): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (const part of chunks(rows, 4)) {
    const got = await db
      .insertInto('usage_event_keys')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['partner_id', 'environment', 'event_key'])
          .doUpdateSet((eb) => ({ received_at: eb.ref('excluded.received_at') }))
          .where('usage_event_keys.received_at', '<', cutoff),
      )
      .returning(['partner_id', 'environment', 'event_key'])
      .execute();
    for (const r of got) claimed.add(keyOf(r.partner_id, r.environment, r.event_key));
  }
  return claimed;
}

/** Which of `keys` (one partner and environment) are stored idempotency keys received at or after `cutoff`. */
export async function claimedEventKeys(db: Executor, partnerId: string, environment: Environment, keys: string[], cutoff: number): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(keys, 1)) {
    const rows = await db
      .selectFrom('usage_event_keys')
      .select('event_key')
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('event_key', 'in', part)
      .where('received_at', '>=', cutoff)
      .execute();
    for (const r of rows) found.add(r.event_key);
  }
  return found;
}

export function keyOf(partnerId: string, environment: Environment, eventKey: string): string {
  return `${partnerId}\u0000${environment}\u0000${eventKey}`;
}

const EVENT_COLUMNS = [
  ['id', 'text'],
  ['partner_id', 'text'],
  ['environment', 'text'],
  ['event_type', 'text'],
  ['user_id', 'text'],
  ['amount_cents', 'int8'],
  ['category', 'text'],
  ['institution', 'text'],
  ['occurred_at', 'int8'],
  ['day', 'text'],
  ['received_at', 'int8'],
  ['event_key', 'text'],
] as const satisfies readonly (readonly [keyof UsageEventsTable, string])[];
const PENDING_COLUMNS = ['id', 'partner_id', 'environment', 'payload'] as const satisfies readonly (keyof UsageEventPendingTable)[];

/**
 * Stores events and their pending rollup deltas: the ingest hot path.
 *
 * PostgreSQL: one statement whatever the count (a data-modifying CTE; each table
 * gets its rows as one array per column through `unnest`), so the text is the same
 * every time and the call is atomic even outside a transaction.
 * SQLite: must run inside a transaction on the database's only connection; multi-row
 * statements of a few fixed sizes, prepared once (better-sqlite3 runs them
 * synchronously, so they are part of the open transaction).
 */
export async function insertEventsAndDeltas(
  database: Database,
  prepared: PreparedInserts | null,
  db: Executor,
  rows: UsageEventsTable[],
  pending: UsageEventPendingTable[],
): Promise<void> {
  if (rows.length === 0) return;
  if (database.dialect === 'postgres') {
    await sql`
      with ev as (
        insert into usage_events (${sql.raw(EVENT_COLUMNS.map(([c]) => c).join(', '))})
        ${unnestRows(EVENT_COLUMNS, rows)}
      )
      insert into usage_event_pending (${sql.raw(PENDING_COLUMNS.join(', '))})
      ${unnestRows(PENDING_COLUMNS.map((c) => [c, 'text'] as const), pending)}`.execute(db);
    return;
  }
  if (!db.isTransaction) throw new Error('insertEventsAndDeltas on SQLite runs inside a transaction');
  if (!prepared) throw new Error('insertEventsAndDeltas on SQLite needs the prepared inserts of the database');
  prepared.insertAll('usage_events', EVENT_COLUMNS.map(([c]) => c), rows, (r, out) =>
    out.push(r.id, r.partner_id, r.environment, r.event_type, r.user_id, r.amount_cents, r.category, r.institution, r.occurred_at, r.day, r.received_at, r.event_key),
  );
  prepared.insertAll('usage_event_pending', PENDING_COLUMNS, pending, (p, out) => out.push(p.id, p.partner_id, p.environment, p.payload));
}

/**
 * Runs `fn` inside a savepoint of the open transaction `trx`: when it throws, what it
 * wrote is rolled back alone and the error is thrown on (the transaction goes on).
 */
export async function inSavepoint<T>(trx: Executor, name: string, fn: () => Promise<T>): Promise<T> {
  await sql`savepoint ${sql.id(name)}`.execute(trx);
  try {
    const value = await fn();
    await sql`release ${sql.id(name)}`.execute(trx);
    return value;
  } catch (error) {
    await sql`rollback to ${sql.id(name)}`.execute(trx);
    await sql`release ${sql.id(name)}`.execute(trx);
    throw error;
  }
}

/**
 * Claims (deletes and returns) up to `limit` pending rollup deltas, oldest first. PostgreSQL
 * locks the rows first, skipping those another transaction holds when `skipLocked`, or waiting
 * for them; SQLite has one writer, so the statement is the claim.
 */
export async function claimPendingDeltas(
  database: Pick<Database, 'dialect'>,
  trx: Executor,
  opts: { partnerId?: string; environment?: Environment; skipLocked?: boolean },
  limit: number,
) {
  let claim = trx.selectFrom('usage_event_pending').select('id').orderBy('id').limit(limit);
  if (opts.partnerId !== undefined) claim = claim.where('partner_id', '=', opts.partnerId);
  if (opts.environment !== undefined) claim = claim.where('environment', '=', opts.environment);
  if (database.dialect === 'postgres') claim = opts.skipLocked ? claim.forUpdate().skipLocked() : claim.forUpdate();
  return trx.deleteFrom('usage_event_pending').where('id', 'in', claim).returning(['partner_id', 'environment', 'payload']).execute();
}

/** How many rollup deltas wait, and the oldest one's id (time-sortable), for /metrics. */
export async function pendingDeltasSummary(db: Executor): Promise<{ pending: number; oldestId: string | null }> {
  const row = await db
    .selectFrom('usage_event_pending')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('id').as('oldest')])
    .executeTakeFirst();
  return { pending: Number(row?.n ?? 0), oldestId: row?.oldest ?? null };
}

/** Adds counts and sums to the daily rollup (rows must have distinct keys). */
export async function addDaily(db: Executor, rows: UsageEventDailyTable[]): Promise<void> {
  for (const part of chunks(rows, 7)) {
    await db
      .insertInto('usage_event_daily')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['partner_id', 'environment', 'day', 'event_type', 'category']).doUpdateSet((eb) => ({
          events: eb('usage_event_daily.events', '+', eb.ref('excluded.events')),
          amount_cents: eb('usage_event_daily.amount_cents', '+', eb.ref('excluded.amount_cents')),
        })),
      )
      .execute();
  }
}

/** Records (user, day) pairs; returns the pairs that were new. */
export async function addDayUsers(db: Executor, rows: UsageEventDayUsersTable[]): Promise<UsageEventDayUsersTable[]> {
  const added: UsageEventDayUsersTable[] = [];
  for (const part of chunks(rows, 4)) {
    const got = await db
      .insertInto('usage_event_day_users')
      .values(part)
      .onConflict((oc) => oc.columns(['partner_id', 'environment', 'user_id', 'day']).doNothing())
      .returning(['partner_id', 'environment', 'user_id', 'day'])
      .execute();
    added.push(...got);
  }
  return added;
}

export async function addDailyActive(db: Executor, rows: UsageEventDailyActiveTable[]): Promise<void> {
  for (const part of chunks(rows, 4)) {
    await db
      .insertInto('usage_event_daily_active')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['partner_id', 'environment', 'day']).doUpdateSet((eb) => ({
          active_users: eb('usage_event_daily_active.active_users', '+', eb.ref('excluded.active_users')),
        })),
      )
      .execute();
  }
}

/**
 * Keeps each user's latest active day (only moves forward) and returns, per user,
 * the day before (`prev_last_day`, null for a new user) and after: in an UPDATE every
 * right-hand side reads the row as it was, on both databases, and the upsert locks the
 * row for the rest of the transaction, so the pair is exact under concurrency.
 */
export async function upsertUsers(db: Executor, rows: Omit<UsageEventUsersTable, 'prev_last_day'>[]) {
  const out: { partner_id: string; environment: Environment; last_day: string; prev_last_day: string | null }[] = [];
  for (const part of chunks(rows, 5)) {
    const got = await db
      .insertInto('usage_event_users')
      .values(part.map((r) => ({ ...r, prev_last_day: null })))
      .onConflict((oc) =>
        oc.columns(['partner_id', 'environment', 'user_id']).doUpdateSet((eb) => ({
          prev_last_day: eb.ref('usage_event_users.last_day'),
          last_day: eb
            .case()
            .when('excluded.last_day', '>', eb.ref('usage_event_users.last_day'))
            .then(eb.ref('excluded.last_day'))
            .else(eb.ref('usage_event_users.last_day'))
            .end(),
        })),
      )
      .returning(['partner_id', 'environment', 'last_day', 'prev_last_day'])
      .execute();
    out.push(...got);
  }
  return out;
}

/** Adds (or, with negative values, removes) users to the per-last-day counts (rows must have distinct keys). */
export async function addLastDays(db: Executor, rows: UsageEventLastDaysTable[]): Promise<void> {
  for (const part of chunks(rows, 4)) {
    await db
      .insertInto('usage_event_last_days')
      .values(part)
      .onConflict((oc) =>
        oc.columns(['partner_id', 'environment', 'day']).doUpdateSet((eb) => ({
          users: eb('usage_event_last_days.users', '+', eb.ref('excluded.users')),
        })),
      )
      .execute();
  }
}

/** Drops idempotency keys past their window (they no longer block anything). */
export async function pruneEventKeys(db: Executor, cutoff: number): Promise<number> {
  const r = await db.deleteFrom('usage_event_keys').where('received_at', '<', cutoff).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Maintenance: at most `batch` usage-event sender ids received before `cutoff` (past their idempotency window). */
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
  return Number(r.numDeletedRows);
}

/** Erases one end-user's events and their traces in the rollups; returns how many rows went. */
export async function eraseUserEvents(db: Executor, partnerId: string, environment: Environment, userId: string): Promise<number> {
  const days = await db
    .selectFrom('usage_event_day_users')
    .select('day')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('user_id', '=', userId)
    .execute();
  if (days.length === 0) return 0;
  let removed = 0;
  for (const { day } of days) {
    const start = Date.parse(`${day}T00:00:00.000Z`);
    const gone = await db
      .deleteFrom('usage_events')
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('occurred_at', '>=', start)
      .where('occurred_at', '<', start + 86_400_000)
      .where('user_id', '=', userId)
      .returning(['event_type', 'category', 'amount_cents'])
      .execute();
    removed += gone.length;
    const agg = new Map<string, { event_type: UsageEventsTable['event_type']; category: string; events: number; amount_cents: number }>();
    for (const g of gone) {
      const category = rollupCategory(g.event_type, g.category);
      const k = `${g.event_type}\u0000${category}`;
      const a = agg.get(k) ?? { event_type: g.event_type, category, events: 0, amount_cents: 0 };
      a.events += 1;
      a.amount_cents += g.amount_cents ?? 0;
      agg.set(k, a);
    }
    for (const a of [...agg.values()].sort((x, y) => (x.event_type + x.category < y.event_type + y.category ? -1 : 1))) {
      await db
        .updateTable('usage_event_daily')
        .set((eb) => ({
          events: eb('events', '-', a.events),
          amount_cents: eb('amount_cents', '-', a.amount_cents),
        }))
        .where('partner_id', '=', partnerId)
        .where('environment', '=', environment)
        .where('day', '=', day)
        .where('event_type', '=', a.event_type)
        .where('category', '=', a.category)
        .execute();
    }
    await db
      .deleteFrom('usage_event_daily')
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('day', '=', day)
      .where('events', '<=', 0)
      .execute();
    await db
      .updateTable('usage_event_daily_active')
      .set((eb) => ({ active_users: eb('active_users', '-', 1) }))
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('day', '=', day)
      .execute();
    await db
      .deleteFrom('usage_event_daily_active')
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('day', '=', day)
      .where('active_users', '<=', 0)
      .execute();
  }
  const du = await db
    .deleteFrom('usage_event_day_users')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const users = await db
    .deleteFrom('usage_event_users')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('user_id', '=', userId)
    .returning('last_day')
    .execute();
  for (const { last_day } of users) {
    await db
      .updateTable('usage_event_last_days')
      .set((eb) => ({ users: eb('users', '-', 1) }))
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('day', '=', last_day)
      .execute();
  }
  return removed + Number(du.numDeletedRows) + users.length;
}

/** The rollup's category: transactions keep theirs ('' when none); other types have none. */
export function rollupCategory(eventType: string, category: string | null | undefined): string {
  return eventType === 'transaction' ? (category ?? '') : '';
}


// ---------------------------------------------------------------- reads

export type PartnerFilter = { partnerId: string } | { partnerId: null };

/** The rollup rows of a window, summed over partners when no partner is given. */
export async function dailyRollup(db: Executor, f: PartnerFilter, environment: Environment, startDay: string, endDay: string) {
  if (f.partnerId !== null) {
    // One partner: the primary key is already unique per (day, type, category): a plain range read.
    return db
      .selectFrom('usage_event_daily')
      .select(['day', 'event_type', 'category', 'events', 'amount_cents'])
      .where('partner_id', '=', f.partnerId)
      .where('environment', '=', environment)
      .where('day', '>=', startDay)
      .where('day', '<=', endDay)
      .execute();
  }
  const rows = await db
    .selectFrom('usage_event_daily')
    .select((eb) => ['day', 'event_type', 'category', eb.fn.sum<number | string>('events').as('events'), eb.fn.sum<number | string>('amount_cents').as('amount_cents')])
    .where('environment', '=', environment)
    .where('day', '>=', startDay)
    .where('day', '<=', endDay)
    .groupBy(['day', 'event_type', 'category'])
    .execute();
  return rows.map((r) => ({ ...r, events: Number(r.events), amount_cents: Number(r.amount_cents) }));
}

/** Active users per day of a window (summed over partners when no partner is given: users are per partner). */
export async function dailyActive(db: Executor, f: PartnerFilter, environment: Environment, startDay: string, endDay: string) {
  let q = db
    .selectFrom('usage_event_daily_active')
    .select((eb) => ['day', eb.fn.sum<number | string>('active_users').as('active_users')])
    .where('environment', '=', environment)
    .where('day', '>=', startDay)
    .where('day', '<=', endDay);
  if (f.partnerId !== null) q = q.where('partner_id', '=', f.partnerId);
  const rows = await q.groupBy('day').execute();
  return rows.map((r) => ({ day: r.day, active_users: Number(r.active_users) }));
}

/** Per partner totals of a window (by event type). */
export async function partnerTotals(db: Executor, environment: Environment, startDay: string, endDay: string) {
  const rows = await db
    .selectFrom('usage_event_daily')
    .select((eb) => ['partner_id', 'event_type', eb.fn.sum<number | string>('events').as('events'), eb.fn.sum<number | string>('amount_cents').as('amount_cents')])
    .where('environment', '=', environment)
    .where('day', '>=', startDay)
    .where('day', '<=', endDay)
    .groupBy(['partner_id', 'event_type'])
    .execute();
  return rows.map((r) => ({ ...r, events: Number(r.events), amount_cents: Number(r.amount_cents) }));
}

/**
 * Distinct users active in [startDay, endDay] (endDay is today), per partner.
 * A user's last_day is the latest day with an event: last_day within the window
 * means active in it (a sum over the window's days in usage_event_last_days);
 * last_day after today (events dated in the future) needs a look at that user's
 * days, done only for partners that have such users; before the window: not active.
 */
export async function windowActiveUsers(db: Executor, f: PartnerFilter, environment: Environment, startDay: string, endDay: string): Promise<Map<string, number>> {
  let inWindow = db
    .selectFrom('usage_event_last_days')
    .select((eb) => ['partner_id', eb.fn.sum<number | string>('users').as('n')])
    .where('environment', '=', environment)
    .where('day', '>=', startDay)
    .where('day', '<=', endDay);
  let ahead = db
    .selectFrom('usage_event_last_days')
    .select('partner_id')
    .distinct()
    .where('environment', '=', environment)
    .where('day', '>', endDay)
    .where('users', '>', 0);
  if (f.partnerId !== null) {
    inWindow = inWindow.where('partner_id', '=', f.partnerId);
    ahead = ahead.where('partner_id', '=', f.partnerId);
  }
  const out = new Map<string, number>();
  for (const r of await inWindow.groupBy('partner_id').execute()) out.set(r.partner_id, Number(r.n));
  const partners = (await ahead.execute()).map((r) => r.partner_id);
  if (partners.length === 0) return out;
  const later = await db
    .selectFrom('usage_event_users as u')
    .select((eb) => ['u.partner_id', eb.fn.countAll<number | string>().as('n')])
    .where('u.partner_id', 'in', partners)
    .where('u.environment', '=', environment)
    .where('u.last_day', '>', endDay)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('usage_event_day_users as d')
          .select('d.day')
          .whereRef('d.partner_id', '=', 'u.partner_id')
          .whereRef('d.environment', '=', 'u.environment')
          .whereRef('d.user_id', '=', 'u.user_id')
          .where('d.day', '>=', startDay)
          .where('d.day', '<=', endDay),
      ),
    )
    .groupBy('u.partner_id')
    .execute();
  for (const r of later) out.set(r.partner_id, (out.get(r.partner_id) ?? 0) + Number(r.n));
  return out;
}

/** Usage events accepted, all time, every partner (the platform metrics; from the daily rollup). */
export async function countUsageEvents(db: Executor): Promise<number> {
  const r = await db.selectFrom('usage_event_daily').select((eb) => eb.fn.sum<number | string | null>('events').as('n')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** One keyset page of a partner's events in [from, to), in time order. */
export function pageEvents(
  db: Executor,
  partnerId: string,
  environment: Environment,
  from: number,
  to: number,
  after: [number, string] | null,
  limit: number,
) {
  return inIndexOrder(db, (db) => pageEventsQuery(db, partnerId, environment, from, to, after, limit).execute());
}

/** The page query itself (its plan is checked by a test). */
export function pageEventsQuery(
  db: Executor,
  partnerId: string,
  environment: Environment,
  from: number,
  to: number,
  after: [number, string] | null,
  limit: number,
) {
  let q = db.selectFrom('usage_events').selectAll().where('partner_id', '=', partnerId).where('environment', '=', environment);
  if (after && after[0] >= from) {
    const [at, id] = after;
    // The cursor is the only lower bound, so the index range starts there: beside `occurred_at >= from`, SQLite
    // seeks with the window's start and checks the cursor row by row (every page read the window again from its
    // first row). The cursor's row was in the window, so the window's start adds nothing.
    q = q.where((eb) => eb(eb.refTuple('occurred_at', 'id'), '>', eb.tuple(at, id)));
  } else q = q.where('occurred_at', '>=', from);
  return q.where('occurred_at', '<', to).orderBy('occurred_at').orderBy('id').limit(limit);
}

/** The sender ids already stored for a partner in [from, to) among `keys`. */
export async function storedEventKeys(db: Executor, partnerId: string, environment: Environment, from: number, to: number, prefix: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('usage_events')
    .select('event_key')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('occurred_at', '>=', from)
    .where('occurred_at', '<', to)
    .where('event_key', 'like', `${prefix}%`)
    .execute();
  return new Set(rows.map((r) => r.event_key!));
}
