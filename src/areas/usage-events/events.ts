/**
 * Recording usage events (user_signup, account_link, transaction). Used by the
 * platform ingest routes and by the sandbox layer (§6.2).
 */
import { singleWriter, type Database, type Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import type { UsageEventKeysTable, UsageEventsTable } from '../../db/schema/ingest.js';
import { GroupCommit, type Outcome } from '../../db/group-commit.js';
import { newId } from '../../lib/ids.js';
import type { Metrics } from '../../lib/metrics.js';
import { compareStrings } from '../../lib/order.js';
import { DAY_MS, type Clock, utcDay } from '../../lib/time.js';
import { preparedInsertsFor, type PreparedInserts } from '../../db/bulk-insert.js';
import { claimEventKeys, claimedEventKeys, inSavepoint, insertEventsAndDeltas, keyOf, pruneEventKeys } from './repo.js';
import { pendingRowsOf } from './rollups.js';

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
  /** Optional idempotency id: the same id from the same partner and environment within 32 days is stored once. */
  id?: string | null;
  /**
   * The caller has already made sure this id was not recorded (the sandbox's recorded runs of a
   * ledger): the id is stored on the event but claims no idempotency key.
   */
  idIsNew?: boolean;
}

/** How long an event id blocks a repeat of itself. */
export const IDEMPOTENCY_WINDOW_MS = 32 * DAY_MS;

/** Expired idempotency keys are pruned at most this often per process, inside an ingest transaction. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

type Recorded = { accepted: number; duplicates: number };

/** How long the first call of a group waits for others (ms), and the queued events that start a group at once. */
const GROUP_GATHER_MS = 2;
const GROUP_MAX_EVENTS = 5000;

/**
 * The per-process state of event recording (deps.usageEvents, built by createDeps): on a
 * database with one writer (SQLite) the group commit that concurrent calls share and the
 * prepared multi-row inserts; when expired idempotency keys were last pruned.
 */
export class UsageEventWriter {
  /**
   * Group commit (src/db/group-commit.ts) where every commit is an fsync on the one
   * connection: concurrent calls go in one transaction, each inside its own savepoint,
   * so a call that fails (an unknown partner) is rolled back alone and the others commit.
   * null where concurrent transactions commit side by side (PostgreSQL).
   */
  readonly group: GroupCommit<UsageEventInput[], Recorded> | null;
  readonly prepared: PreparedInserts | null;
  lastPruneAt = Number.NEGATIVE_INFINITY;

  constructor(database: Database, clock: Clock, metrics?: Pick<Metrics, 'groupCommit'>) {
    this.prepared = preparedInsertsFor(database);
    const deps = { database, clock, usageEvents: this };
    this.group = singleWriter(database)
      ? new GroupCommit<UsageEventInput[], Recorded>(
          (calls) =>
            database.tx(async (trx) => {
              const outcomes: Outcome<Recorded>[] = [];
              for (const events of calls) {
                try {
                  outcomes.push({ ok: true, value: await inSavepoint(trx, 'usage_ingest', () => recordUsageEvents(deps, trx, events)) });
                } catch (error) {
                  outcomes.push({ ok: false, error });
                }
              }
              return outcomes;
            }),
          {
            maxGroup: 64,
            gatherMs: GROUP_GATHER_MS,
            weight: (events) => events.length,
            maxWeight: GROUP_MAX_EVENTS,
            onGroup: metrics ? (size) => metrics.groupCommit('usage_events', size) : undefined,
          },
        )
      : null;
  }
}

/** Which of `ids` (events of one partner and environment) are recorded within the idempotency window ending at `now`. */
export function idsInWindow(db: Executor, partnerId: string, environment: Environment, ids: string[], now: number): Promise<Set<string>> {
  return claimedEventKeys(db, partnerId, environment, ids, now - IDEMPOTENCY_WINDOW_MS);
}

/**
 * Stores the events and their pending rollup deltas in one transaction (the
 * caller's when `db` is one); returns how many were new and how many duplicates.
 *
 * Fields that do not apply to an event type are not kept: `amount_cents` and
 * `category` only on transactions, `institution` only on account links.
 * Duplicates (an `id` already accepted from that partner within 32 days, or
 * repeated in the same call) are dropped before anything is written.
 */
export async function recordUsageEvents(
  deps: { clock: Clock; database: Database; usageEvents: UsageEventWriter },
  db: Executor,
  events: UsageEventInput[],
): Promise<{ accepted: number; duplicates: number }> {
  if (events.length === 0) return { accepted: 0, duplicates: 0 };
  if (!db.isTransaction) {
    // SQLite: concurrent calls share one commit (group commit, each in its own savepoint).
    const group = deps.usageEvents.group;
    if (group) return group.write(events);
    // PostgreSQL: events without ids are one statement (atomic by itself): no transaction needed.
    if (events.some((e) => e.id != null)) return db.transaction().execute((trx) => recordUsageEvents(deps, trx, events));
  }

  const now = deps.clock.now();
  const cutoff = now - IDEMPOTENCY_WINDOW_MS;

  // Duplicates within the call: the first occurrence of an id wins.
  const seen = new Set<string>();
  let duplicates = 0;
  const unique: UsageEventInput[] = [];
  const keyRows: UsageEventKeysTable[] = [];
  for (const e of events) {
    if (e.id != null) {
      const k = keyOf(e.partnerId, e.environment, e.id);
      if (seen.has(k)) {
        duplicates++;
        continue;
      }
      seen.add(k);
      if (!e.idIsNew) keyRows.push({ partner_id: e.partnerId, environment: e.environment, event_key: e.id, received_at: now });
    }
    unique.push(e);
  }

  let fresh = unique;
  if (keyRows.length > 0) {
    if (now - deps.usageEvents.lastPruneAt >= PRUNE_EVERY_MS) {
      deps.usageEvents.lastPruneAt = now;
      await pruneEventKeys(db, cutoff);
    }
    // Sorted so that concurrent transactions take row locks in the same order.
    keyRows.sort((a, b) => compareStrings(a.partner_id, b.partner_id) || compareStrings(a.environment, b.environment) || compareStrings(a.event_key, b.event_key));
    const claimed = await claimEventKeys(db, keyRows, cutoff);
    fresh = unique.filter((e) => e.id == null || e.idIsNew || claimed.has(keyOf(e.partnerId, e.environment, e.id)));
    duplicates += unique.length - fresh.length;
  }
  if (fresh.length === 0) return { accepted: 0, duplicates };

  const rows: UsageEventsTable[] = [];
  const dayNames = new Map<number, string>(); // most events of a call share a day or two
  for (const e of fresh) {
    const isTx = e.eventType === 'transaction';
    const dayNo = Math.floor(e.occurredAt / DAY_MS);
    let day = dayNames.get(dayNo);
    if (day === undefined) dayNames.set(dayNo, (day = utcDay(e.occurredAt)));
    rows.push({
      id: newId('evt', now),
      partner_id: e.partnerId,
      environment: e.environment,
      event_type: e.eventType,
      user_id: e.userId ?? null,
      amount_cents: isTx ? (e.amountCents ?? null) : null,
      category: isTx ? (e.category ?? null) : null,
      institution: e.eventType === 'account_link' ? (e.institution ?? null) : null,
      occurred_at: e.occurredAt,
      day,
      received_at: now,
      event_key: e.id ?? null,
    });
  }
  // The rollups are not touched here: one pending delta per (partner, environment), applied later
  // (rollups.ts), keeps concurrent ingests off each other's counter rows.
  await insertEventsAndDeltas(deps.database, deps.usageEvents.prepared, db, rows, pendingRowsOf(rows, now));
  return { accepted: rows.length, duplicates };
}
