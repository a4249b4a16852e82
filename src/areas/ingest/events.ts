/**
 * Recording usage events (user_signup, account_link, transaction). Used by the
 * platform ingest routes and by the sandbox layer (§6.2). Implemented by the
 * ingest area (issue 6).
 */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import type {
  UsageEventDailyActiveTable,
  UsageEventDailyTable,
  UsageEventDayUsersTable,
  UsageEventKeysTable,
  UsageEventLastDaysTable,
  UsageEventsTable,
  UsageEventUsersTable,
} from '../../db/schema/ingest.js';
import { newId } from '../../lib/ids.js';
import { DAY_MS, utcDay } from '../../lib/time.js';
import {
  addDaily,
  addDailyActive,
  addDayUsers,
  addLastDays,
  claimEventKeys,
  insertEvents,
  keyOf,
  pruneEventKeys,
  rollupCategory,
  upsertUsers,
} from './repo.js';

export type UsageEventType = 'user_signup' | 'account_link' | 'transaction';

export interface UsageEventInput {
  partnerId: string;
  environment: Environment;
  eventType: UsageEventType;
  userId?: string | null;
  amountCents?: number | null;
  category?: string | null;
  institution?: string | null;
  /** epoch ms */
  occurredAt: number;
  /** Optional idempotency id: the same id from the same partner within 32 days is stored once. */
  id?: string | null;
}

/** How long an event id blocks a repeat of itself. */
export const IDEMPOTENCY_WINDOW_MS = 32 * DAY_MS;

/** Expired idempotency keys are pruned at most this often per process, inside an ingest transaction. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
let lastPruneAt = Number.NEGATIVE_INFINITY;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Stores the events and updates the rollups in one transaction (the caller's when
 * `db` is one); returns how many were new and how many duplicates.
 *
 * Fields that do not apply to an event type are not kept: `amount_cents` and
 * `category` only on transactions, `institution` only on account links.
 * Duplicates (an `id` already accepted from that partner within 32 days, or
 * repeated in the same call) are dropped before anything is written.
 */
export async function recordUsageEvents(
  deps: Pick<Deps, 'clock'>,
  db: Executor,
  events: UsageEventInput[],
): Promise<{ accepted: number; duplicates: number }> {
  if (events.length === 0) return { accepted: 0, duplicates: 0 };
  if (!db.isTransaction) return db.transaction().execute((trx) => recordUsageEvents(deps, trx, events));

  const now = deps.clock.now();
  const cutoff = now - IDEMPOTENCY_WINDOW_MS;

  // Duplicates within the call: the first occurrence of an id wins.
  const seen = new Set<string>();
  let duplicates = 0;
  const unique: UsageEventInput[] = [];
  const keyRows: UsageEventKeysTable[] = [];
  for (const e of events) {
    if (e.id != null) {
      const k = keyOf(e.partnerId, e.id);
      if (seen.has(k)) {
        duplicates++;
        continue;
      }
      seen.add(k);
      keyRows.push({ partner_id: e.partnerId, event_key: e.id, received_at: now });
    }
    unique.push(e);
  }

  let fresh = unique;
  if (keyRows.length > 0) {
    if (now - lastPruneAt >= PRUNE_EVERY_MS) {
      lastPruneAt = now;
      await pruneEventKeys(db, cutoff);
    }
    // Sorted so that concurrent transactions take row locks in the same order.
    keyRows.sort((a, b) => cmp(a.partner_id, b.partner_id) || cmp(a.event_key, b.event_key));
    const claimed = await claimEventKeys(db, keyRows, cutoff);
    fresh = unique.filter((e) => e.id == null || claimed.has(keyOf(e.partnerId, e.id)));
    duplicates += unique.length - fresh.length;
  }
  if (fresh.length === 0) return { accepted: 0, duplicates };

  const rows: UsageEventsTable[] = [];
  const daily = new Map<string, UsageEventDailyTable>();
  const dayUsers = new Map<string, UsageEventDayUsersTable>();
  const users = new Map<string, Omit<UsageEventUsersTable, 'prev_last_day'>>();
  const dayNames = new Map<number, string>(); // most events of a call share a day or two
  for (const e of fresh) {
    const isTx = e.eventType === 'transaction';
    const dayNo = Math.floor(e.occurredAt / DAY_MS);
    let day = dayNames.get(dayNo);
    if (day === undefined) dayNames.set(dayNo, (day = utcDay(e.occurredAt)));
    const category = isTx ? (e.category ?? null) : null;
    const amount = isTx ? (e.amountCents ?? null) : null;
    rows.push({
      id: newId('evt', now),
      partner_id: e.partnerId,
      environment: e.environment,
      event_type: e.eventType,
      user_id: e.userId ?? null,
      amount_cents: amount,
      category,
      institution: e.eventType === 'account_link' ? (e.institution ?? null) : null,
      occurred_at: e.occurredAt,
      day,
      received_at: now,
      event_key: e.id ?? null,
    });
    const rc = rollupCategory(e.eventType, category);
    const dk = [e.partnerId, e.environment, day, e.eventType, rc].join('\u0000');
    const d = daily.get(dk);
    if (d) {
      d.events += 1;
      d.amount_cents += amount ?? 0;
    } else {
      daily.set(dk, {
        partner_id: e.partnerId,
        environment: e.environment,
        day,
        event_type: e.eventType,
        category: rc,
        events: 1,
        amount_cents: amount ?? 0,
      });
    }
    if (e.userId != null && e.userId !== '') {
      const uk = [e.partnerId, e.environment, e.userId].join('\u0000');
      dayUsers.set(uk + '\u0000' + day, { partner_id: e.partnerId, environment: e.environment, user_id: e.userId, day });
      const u = users.get(uk);
      if (!u) users.set(uk, { partner_id: e.partnerId, environment: e.environment, user_id: e.userId, last_day: day });
      else if (day > u.last_day) u.last_day = day;
    }
  }

  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort((a, b) => cmp(a[0], b[0])).map(([, v]) => v);

  // Per-row writes first; the counters every concurrent batch shares (daily, daily active, last days)
  // last, so their row locks are held for as short a time as possible before the commit. Every write
  // is in key order: concurrent batches take their locks in one order.
  await insertEvents(db, rows);
  const active = new Map<string, UsageEventDailyActiveTable>();
  const lastDays = new Map<string, UsageEventLastDaysTable>();
  if (dayUsers.size > 0) {
    const added = await addDayUsers(db, sorted(dayUsers));
    for (const a of added) {
      const k = [a.partner_id, a.environment, a.day].join('\u0000');
      const x = active.get(k);
      if (x) x.active_users += 1;
      else active.set(k, { partner_id: a.partner_id, environment: a.environment, day: a.day, active_users: 1 });
    }
    // A (user, day) pair that was already there cannot move the user's last day (it is already at least that
    // day), so only users with a new pair need the upsert: in steady state most batches touch few.
    const touched = new Set(added.map((a) => [a.partner_id, a.environment, a.user_id].join('\u0000')));
    const moved = [...users.entries()].filter(([k]) => touched.has(k)).sort((a, b) => cmp(a[0], b[0]));
    const changed = moved.length > 0 ? await upsertUsers(db, moved.map(([, v]) => v)) : [];
    const bump = (partner_id: string, environment: Environment, day: string, by: number) => {
      const k = [partner_id, environment, day].join('\u0000');
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
  await addDaily(db, sorted(daily));
  if (active.size > 0) await addDailyActive(db, sorted(active));
  if (lastDays.size > 0) await addLastDays(db, sorted(lastDays));
  return { accepted: rows.length, duplicates };
}
