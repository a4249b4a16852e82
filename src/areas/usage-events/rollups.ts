/**
 * The usage rollups, maintained from deltas instead of inside every ingest.
 *
 * An ingest transaction stores its events and, per (partner, environment), one
 * pending row with what those events add to the rollups (counts and sums per day,
 * type and category; the (user, day) pairs seen). Nothing shared is updated on the
 * ingest path, so concurrent batches never wait on each other's counter rows.
 *
 * `applyPendingRollups` claims pending rows, merges them (every delta is
 * commutative: sums, set unions, maxima), updates the rollups and deletes the rows
 * it applied, in one transaction: a delta is applied exactly once, and a crash at
 * any point leaves it either pending or applied. The rollup worker runs it every
 * second; every dashboard read runs it first for the partners it reads, so an
 * answer always includes every event acknowledged before the read began.
 */
import type { Database, Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import type {
  UsageEventDailyActiveTable,
  UsageEventDailyTable,
  UsageEventDayUsersTable,
  UsageEventLastDaysTable,
  UsageEventPendingTable,
  UsageEventsTable,
  UsageEventTypeColumn,
  UsageEventUsersTable,
} from '../../db/schema/ingest.js';
import { newId } from '../../lib/ids.js';
import { compareStrings } from '../../lib/order.js';
import { addDaily, addDailyActive, addDayUsers, addLastDays, claimPendingDeltas, rollupCategory, upsertUsers } from './repo.js';

/** What one transaction's events of one (partner, environment) add to the rollups. */
interface RollupDelta {
  /** [day, event type, rollup category, events, amount cents] */
  d: [string, UsageEventTypeColumn, string, number, number][];
  /** [user id, day], distinct */
  u: [string, string][];
}

const SEP = '\u0000';

/** The pending rows for freshly stored events: one per (partner, environment). */
export function pendingRowsOf(rows: UsageEventsTable[], now: number): UsageEventPendingTable[] {
  const groups = new Map<string, { partner_id: string; environment: Environment; daily: Map<string, RollupDelta['d'][number]>; users: Map<string, [string, string]> }>();
  for (const r of rows) {
    const gk = r.partner_id + SEP + r.environment;
    let g = groups.get(gk);
    if (!g) groups.set(gk, (g = { partner_id: r.partner_id, environment: r.environment, daily: new Map(), users: new Map() }));
    const category = rollupCategory(r.event_type, r.category);
    const dk = r.day + SEP + r.event_type + SEP + category;
    const d = g.daily.get(dk);
    if (d) {
      d[3] += 1;
      d[4] += r.amount_cents ?? 0;
    } else g.daily.set(dk, [r.day, r.event_type, category, 1, r.amount_cents ?? 0]);
    if (r.user_id != null && r.user_id !== '') g.users.set(r.user_id + SEP + r.day, [r.user_id, r.day]);
  }
  return [...groups.values()].map((g) => ({
    id: newId('rup', now),
    partner_id: g.partner_id,
    environment: g.environment,
    payload: JSON.stringify({ d: [...g.daily.values()], u: [...g.users.values()] } satisfies RollupDelta),
  }));
}

export interface ApplyOptions {
  /** Only this partner's deltas (a dashboard of one partner, an erasure). */
  partnerId?: string;
  environment?: Environment;
  /**
   * Skip rows another transaction is applying (the background worker). Without it
   * (dashboard reads) the call waits for them, so what it reads afterwards includes them.
   */
  skipLocked?: boolean;
  /** Pending rows per transaction. */
  batch?: number;
}

/**
 * Applies pending deltas until none is left for the filter; returns how many
 * pending rows were applied. In the caller's transaction when `db` is one (then
 * one batch only, unbounded).
 */
export async function applyPendingRollups(database: Database, db: Executor, opts: ApplyOptions = {}): Promise<number> {
  if (db.isTransaction) return applyOnce(database, db, opts, Number.MAX_SAFE_INTEGER);
  const batch = opts.batch ?? 2000;
  let total = 0;
  for (;;) {
    const n = await db.transaction().execute((trx) => applyOnce(database, trx, opts, batch));
    total += n;
    if (n < batch) return total;
  }
}

async function applyOnce(database: Database, trx: Executor, opts: ApplyOptions, limit: number): Promise<number> {
  const claimed = await claimPendingDeltas(database, trx, opts, limit);
  if (claimed.length === 0) return 0;

  // Merge every claimed delta.
  const daily = new Map<string, UsageEventDailyTable>();
  const dayUsers = new Map<string, UsageEventDayUsersTable>();
  const users = new Map<string, Omit<UsageEventUsersTable, 'prev_last_day'>>();
  for (const c of claimed) {
    const delta = JSON.parse(c.payload) as RollupDelta;
    const pe = c.partner_id + SEP + c.environment;
    for (const [day, event_type, category, events, amount_cents] of delta.d) {
      const k = pe + SEP + day + SEP + event_type + SEP + category;
      const x = daily.get(k);
      if (x) {
        x.events += events;
        x.amount_cents += amount_cents;
      } else daily.set(k, { partner_id: c.partner_id, environment: c.environment, day, event_type, category, events, amount_cents });
    }
    for (const [user_id, day] of delta.u) {
      const uk = pe + SEP + user_id;
      dayUsers.set(uk + SEP + day, { partner_id: c.partner_id, environment: c.environment, user_id, day });
      const u = users.get(uk);
      if (!u) users.set(uk, { partner_id: c.partner_id, environment: c.environment, user_id, last_day: day });
      else if (day > u.last_day) u.last_day = day;
    }
  }
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort((a, b) => compareStrings(a[0], b[0])).map(([, v]) => v);

  // Every write in key order and the tables in one order: concurrent appliers take their locks alike.
  const active = new Map<string, UsageEventDailyActiveTable>();
  const lastDays = new Map<string, UsageEventLastDaysTable>();
  if (dayUsers.size > 0) {
    const added = await addDayUsers(trx, sorted(dayUsers));
    for (const a of added) {
      const k = a.partner_id + SEP + a.environment + SEP + a.day;
      const x = active.get(k);
      if (x) x.active_users += 1;
      else active.set(k, { partner_id: a.partner_id, environment: a.environment, day: a.day, active_users: 1 });
    }
    // A (user, day) pair that was already there cannot move the user's last day (it is already at least that
    // day), so only users with a new pair need the upsert: in steady state most passes touch few.
    const touched = new Set(added.map((a) => a.partner_id + SEP + a.environment + SEP + a.user_id));
    const moved = [...users.entries()].filter(([k]) => touched.has(k)).sort((a, b) => compareStrings(a[0], b[0]));
    const changed = moved.length > 0 ? await upsertUsers(trx, moved.map(([, v]) => v)) : [];
    const bump = (partner_id: string, environment: Environment, day: string, by: number) => {
      const k = partner_id + SEP + environment + SEP + day;
      const x = lastDays.get(k);
      if (x) x.users += by;
      else lastDays.set(k, { partner_id, environment, day, users: by });
    };
    for (const c of changed) {
      if (c.prev_last_day === c.last_day) continue;
      if (c.prev_last_day !== null) bump(c.partner_id, c.environment, c.prev_last_day, -1);
      bump(c.partner_id, c.environment, c.last_day, 1);
    }
    for (const [k, v] of lastDays) if (v.users === 0) lastDays.delete(k);
  }
  await addDaily(trx, sorted(daily));
  if (active.size > 0) await addDailyActive(trx, sorted(active));
  if (lastDays.size > 0) await addLastDays(trx, sorted(lastDays));
  return claimed.length;
}
