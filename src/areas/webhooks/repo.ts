/** SQL of the webhooks area. Every function takes an Executor (the database or a transaction). */
import { sql, type Selectable } from 'kysely';
import { inIndexOrder, type Database, type Executor } from '../../db/database.js';
import type { Environment, WebhookEndpointsTable, WebhookEventsTable } from '../../db/schema/index.js';
import type { WebhookDeliveriesTable } from '../../db/schema/webhooks.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EventRow = Selectable<WebhookEventsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;

// ---------------------------------------------------------------- endpoints

export function getEndpoint(db: Executor, partnerId: string, environment: Environment) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

export async function insertEndpoint(db: Executor, row: WebhookEndpointsTable): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}

export async function updateEndpoint(
  db: Executor,
  id: string,
  set: Partial<Omit<WebhookEndpointsTable, 'id' | 'partner_id' | 'environment' | 'created_at'>>,
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Executor, partnerId: string, environment: Environment): Promise<number> {
  const r = await db.deleteFrom('webhook_endpoints').where('partner_id', '=', partnerId).where('environment', '=', environment).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The endpoints of several (partner, environment) pairs, for one delivery pass. */
export async function endpointsFor(db: Executor, pairs: { partnerId: string; environment: Environment }[]): Promise<EndpointRow[]> {
  if (pairs.length === 0) return [];
  const ids = [...new Set(pairs.map((p) => p.partnerId))];
  const rows = await db.selectFrom('webhook_endpoints').selectAll().where('partner_id', 'in', ids).execute();
  const wanted = new Set(pairs.map((p) => `${p.partnerId}|${p.environment}`));
  return rows.filter((r) => wanted.has(`${r.partner_id}|${r.environment}`));
}

/** Disables an endpoint (a 410 from the receiver), unless it was replaced meanwhile. */
export async function disableEndpoint(db: Executor, id: string, reason: string, now: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ enabled: 0, disabled_reason: reason, updated_at: now }).where('id', '=', id).execute();
}

/** A partner's endpoint in one environment: only whether it exists and is enabled. */
export function endpointStateOf(db: Executor, partnerId: string, environment: Environment) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'enabled'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

export async function countEndpointsOfPartner(db: Executor, partnerId: string): Promise<number> {
  const r = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll().as('n')).where('partner_id', '=', partnerId).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Outbox events: all of them, or one partner's. */
export async function countEvents(db: Executor, partnerId?: string): Promise<number> {
  let q = db.selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n'));
  if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
  const r = await q.executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function countDeliveredEvents(db: Executor): Promise<number> {
  const r = await db.selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n')).where('state', '=', 'delivered').executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The status probe's view of the outbox: the oldest due pending event and how many are due. */
export async function dueEventsSummary(db: Executor, now: number): Promise<{ oldest: number | null; due: number }> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => [eb.fn.min('next_attempt_at').as('oldest'), eb.fn.countAll().as('n')])
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  return { oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest), due: Number(row?.n ?? 0) };
}

// ---------------------------------------------------------------- claiming

const PENDING = sql.lit('pending');

/**
 * Claims up to `limit` due events for one delivery pass and returns them. An event
 * is due when it is pending, its next attempt time has come, no live lease holds
 * it, and no older event of the same (partner, environment, ordering_key) is still
 * pending (so deliveries keep their order per end-user). The claim is a lease:
 * locked_until = now + leaseMs, lock_token = `token`; a crashed worker's events
 * become claimable again when the lease runs out (at-least-once).
 *
 * PostgreSQL: the candidate rows are locked with FOR UPDATE SKIP LOCKED, so
 * concurrent workers in any number of processes claim disjoint sets without
 * waiting on each other. SQLite: one UPDATE … WHERE id IN (SELECT … LIMIT n)
 * RETURNING statement; SQLite runs one writer at a time, so the statement is the
 * claim (two processes on one file serialize on the write lock).
 */
export async function claimDueEvents(
  db: Executor,
  database: Pick<Database, 'dialect'>,
  opts: { now: number; limit: number; leaseMs: number; token: string },
): Promise<EventRow[]> {
  return inIndexOrder(db, (db) => claimDue(db, database, opts));
}

/** The claim statement itself (its plan is checked by a test: the partial index of pending events, no sort). */
export function claimDueQuery(db: Executor, database: Pick<Database, 'dialect'>, opts: { now: number; limit: number; leaseMs: number; token: string }) {
  const { now, limit, leaseMs, token } = opts;
  const candidates = (db: Executor) => {
    const q = db
      .selectFrom('webhook_events as e')
      .select('e.id')
      // A literal, not a parameter: SQLite only uses the partial index (state = 'pending') for a literal.
      .where('e.state', '=', PENDING)
      .where('e.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('e.locked_until', 'is', null), eb('e.locked_until', '<=', now)]))
      .where((eb) =>
        eb.or([
          eb('e.ordering_key', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('webhook_events as o')
                .select(sql<number>`1`.as('one'))
                .whereRef('o.partner_id', '=', 'e.partner_id')
                .whereRef('o.environment', '=', 'e.environment')
                .whereRef('o.ordering_key', '=', 'e.ordering_key')
                .where('o.state', '=', PENDING)
                .whereRef('o.id', '<', 'e.id'),
            ),
          ),
        ]),
      )
      // Due order only: a tie-break on id would make SQLite sort every due row before the LIMIT.
      // Order per end-user does not depend on it (the NOT EXISTS above).
      .orderBy('e.next_attempt_at')
      .limit(limit);
    return database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
  };
  return db
    .updateTable('webhook_events')
    .set({ locked_until: now + leaseMs, lock_token: token })
    .where('id', 'in', candidates(db))
    .returningAll();
}

async function claimDue(db: Executor, database: Pick<Database, 'dialect'>, opts: { now: number; limit: number; leaseMs: number; token: string }): Promise<EventRow[]> {
  const rows = await claimDueQuery(db, database, opts).execute();
  // RETURNING gives no order: deliver oldest first.
  return rows.sort((a, b) => (a.next_attempt_at - b.next_attempt_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Claims one event by id (a manual resend); null when another worker holds it. */
export async function claimEvent(db: Executor, id: string, opts: { now: number; leaseMs: number; token: string }): Promise<EventRow | null> {
  const row = await db
    .updateTable('webhook_events')
    .set({ locked_until: opts.now + opts.leaseMs, lock_token: opts.token })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', opts.now)]))
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

export interface EventOutcome {
  id: string;
  token: string;
  state: 'pending' | 'delivered' | 'exhausted' | 'skipped';
  attempts: number;
  nextAttemptAt: number;
  completedAt: number | null;
}

/** Writes an event's new state and releases its lease; false when the lease was lost meanwhile. */
export async function settleEvent(db: Executor, o: EventOutcome): Promise<boolean> {
  const r = await db
    .updateTable('webhook_events')
    .set({ state: o.state, attempts: o.attempts, next_attempt_at: o.nextAttemptAt, completed_at: o.completedAt, locked_until: null, lock_token: null })
    .where('id', '=', o.id)
    .where('lock_token', '=', o.token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Marks delivered events of one claim in one statement (the common case of a
 * busy worker): attempts + 1, completed, lease released.
 */
export async function settleDelivered(db: Executor, token: string, ids: string[], at: number): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('webhook_events')
    .set((eb) => ({ state: 'delivered', attempts: eb('attempts', '+', 1), completed_at: at, locked_until: null, lock_token: null }))
    .where('lock_token', '=', token)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Marks several claimed events skipped (no enabled endpoint subscribed to them). */
export async function skipEvents(db: Executor, ids: string[], token: string, now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_events')
    .set({ state: 'skipped', completed_at: now, locked_until: null, lock_token: null })
    .where('id', 'in', ids)
    .where('lock_token', '=', token)
    .execute();
}

/** Outbox rows (src/areas/webhooks/outbox.ts builds them). */
export async function insertEvents(db: Executor, rows: WebhookEventsTable[]): Promise<void> {
  await db.insertInto('webhook_events').values(rows).execute();
}

export function getEvent(db: Executor, partnerId: string, environment: Environment, id: string) {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).where('partner_id', '=', partnerId).where('environment', '=', environment).executeTakeFirst();
}

/** Maintenance: at most `batch` delivered, exhausted and skipped outbox events finished before `cutoff`; their delivery records go with them (ON DELETE CASCADE). */
export async function pruneFinishedEvents(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('webhook_events')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('webhook_events')
        .select('id')
        // A literal, not a parameter: SQLite only uses the partial index for a literal.
        .where('state', '<>', sql.lit('pending'))
        .where('completed_at', '<', cutoff)
        .orderBy('completed_at')
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ---------------------------------------------------------------- deliveries

export async function insertDeliveries(db: Executor, rows: WebhookDeliveriesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('webhook_deliveries').values(rows).execute();
}

export function getDelivery(db: Executor, partnerId: string, environment: Environment, id: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('id', '=', id)
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

export interface DeliveryFilter {
  status?: 'delivered' | 'failed';
  eventId?: string;
  since?: number;
  until?: number;
  /** Keyset: rows strictly before this (created_at, id), newest first. */
  before?: [number, string];
}

/**
 * The delivery log of one partner and environment, newest first: served by
 * webhook_deliveries_page_idx in index order, the cursor as a row-value bound
 * (an index range, not an OR the planner has to filter).
 */
export function deliveriesPageQuery(db: Executor, partnerId: string, environment: Environment, limit: number, f: DeliveryFilter = {}) {
  let q = db.selectFrom('webhook_deliveries').selectAll().where('partner_id', '=', partnerId).where('environment', '=', environment);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.eventId) q = q.where('event_id', '=', f.eventId);
  if (f.since !== undefined) q = q.where('created_at', '>=', f.since);
  if (f.until !== undefined) q = q.where('created_at', '<', f.until);
  if (f.before) {
    const [at, id] = f.before;
    q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(at, id)));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

export function listDeliveries(db: Executor, partnerId: string, environment: Environment, limit: number, f: DeliveryFilter = {}) {
  return inIndexOrder(db, (db) => deliveriesPageQuery(db, partnerId, environment, limit, f).execute());
}

/** The outbox events about one end-user (their delivery records go with them: ON DELETE CASCADE). */
export async function deleteUserEvents(db: Executor, partnerId: string, environment: Environment, endUserId: string): Promise<number> {
  const r = await db
    .deleteFrom('webhook_events')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('ordering_key', '=', endUserId)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteUserDeliveries(db: Executor, partnerId: string, environment: Environment, endUserId: string): Promise<number> {
  const r = await db
    .deleteFrom('webhook_deliveries')
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .where('event_id', 'in', (eb) =>
      eb
        .selectFrom('webhook_events')
        .select('id')
        .where('partner_id', '=', partnerId)
        .where('environment', '=', environment)
        .where('ordering_key', '=', endUserId),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Of these events, the ones that still exist. On PostgreSQL their rows are locked until
 * the transaction ends, so an erasure cannot delete an event between this check and the
 * delivery records that refer to it (SQLite has one writer: nothing runs in between).
 */
export async function lockExistingEvents(db: Executor, database: Pick<Database, 'dialect'>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const q = db.selectFrom('webhook_events').select('id').where('id', 'in', [...ids].sort()).orderBy('id');
  const rows = await (database.dialect === 'postgres' ? q.forUpdate() : q).execute();
  return new Set(rows.map((r) => r.id));
}
