/** SQL of the webhooks area. Every function takes an Executor (the database or a transaction). */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { inIndexOrder, type Database, type Executor } from '../../db/database.js';
import type { DB, Environment, WebhookEndpointsTable, WebhookEventsTable } from '../../db/schema/index.js';
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

/** One sealed value and the row that holds it (rotation of SECRETS_KEY). */
export interface SealedSecretRow {
  id: string;
  sealed: string;
}

/** Endpoints' sealed signing secrets (`current`: secret_enc, `previous`: previous_secret_enc where set) after `afterId`, by id. */
export async function sealedEndpointSecretsPage(db: Executor, which: 'current' | 'previous', afterId: string | null, limit: number): Promise<SealedSecretRow[]> {
  let q = db.selectFrom('webhook_endpoints').select(['id', 'secret_enc', 'previous_secret_enc']);
  if (which === 'previous') q = q.where('previous_secret_enc', 'is not', null);
  if (afterId !== null) q = q.where('id', '>', afterId);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, sealed: which === 'current' ? r.secret_enc : r.previous_secret_enc! }));
}

/** Replaces an endpoint's sealed secret if it is still `from` (a secret rotation meanwhile wins); whether it did. */
export async function resealEndpointSecret(db: Executor, which: 'current' | 'previous', id: string, from: string, to: string): Promise<boolean> {
  const q =
    which === 'current'
      ? db.updateTable('webhook_endpoints').set({ secret_enc: to }).where('secret_enc', '=', from)
      : db.updateTable('webhook_endpoints').set({ previous_secret_enc: to }).where('previous_secret_enc', '=', from);
  const r = await q.where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Disables an endpoint (a 410 from the receiver), unless it was replaced meanwhile. */
export async function disableEndpoint(db: Executor, id: string, reason: string, now: number): Promise<void> {
  await db.updateTable('webhook_endpoints').set({ enabled: 0, disabled_reason: reason, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Takes the probe of an endpoint whose circuit is open past its retry time (or whose
 * probe holder's lease ran out): one process wins, the others see false.
 */
export async function acquireProbe(db: Executor, id: string, now: number, until: number): Promise<boolean> {
  const r = await db
    .updateTable('webhook_endpoints')
    .set({ circuit_state: 'half_open', circuit_probe_until: until })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('circuit_state', '=', 'open'), eb.or([eb('circuit_retry_at', 'is', null), eb('circuit_retry_at', '<=', now)])]),
        eb.and([eb('circuit_state', '=', 'half_open'), eb.or([eb('circuit_probe_until', 'is', null), eb('circuit_probe_until', '<=', now)])]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives a probe back unused (its claim found no event to send): the next pass may take it. */
export async function releaseProbe(db: Executor, id: string, until: number): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ circuit_probe_until: null })
    .where('id', '=', id)
    .where('circuit_state', '=', 'half_open')
    .where('circuit_probe_until', '=', until)
    .execute();
}

/** The circuit columns of some endpoints, locked until the transaction ends on PostgreSQL (SQLite has one writer). */
export async function lockCircuits(db: Executor, database: Pick<Database, 'dialect'>, ids: string[]) {
  if (ids.length === 0) return [];
  const q = db
    .selectFrom('webhook_endpoints')
    .select(['id', 'circuit_state', 'circuit_failures', 'circuit_trips', 'circuit_retry_at', 'circuit_probe_until'])
    .where('id', 'in', [...ids].sort())
    .orderBy('id');
  return (database.dialect === 'postgres' ? q.forUpdate() : q).execute();
}

export async function writeCircuit(
  db: Executor,
  id: string,
  c: { circuit_state: string; circuit_failures: number; circuit_trips: number; circuit_retry_at: number | null; circuit_probe_until: number | null },
): Promise<void> {
  await db.updateTable('webhook_endpoints').set(c).where('id', '=', id).execute();
}

/** Closes the circuits of endpoints whose receiver answered; a no-op (no write, no lock) for those already closed. */
export async function closeCircuits(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_endpoints')
    .set({ circuit_state: 'closed', circuit_failures: 0, circuit_trips: 0, circuit_retry_at: null, circuit_probe_until: null })
    .where('id', 'in', [...ids].sort())
    .where((eb) => eb.or([eb('circuit_state', '<>', 'closed'), eb('circuit_failures', '<>', 0), eb('circuit_trips', '<>', 0)]))
    .execute();
}

/**
 * Applies attempts' durations to an endpoint's mean attempt duration (src/areas/webhooks/pace.ts) in one
 * statement, to the mean as the row holds it then: `first` when it has none, else `mean × factor + add`.
 * The factors are cast, so PostgreSQL does not take them for integers beside the integer column.
 */
export async function recordEndpointLatency(db: Executor, id: string, u: { factor: number; add: number; first: number }): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      latency_ms: sql<number>`case when latency_ms is null then ${Math.round(u.first)} else cast(round(latency_ms * cast(${u.factor} as double precision) + cast(${u.add} as double precision)) as integer) end`,
    })
    .where('id', '=', id)
    .execute();
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
  // A literal, not a parameter: SQLite only uses the partial index (webhook_events_delivered_idx) for a literal.
  const r = await db.selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n')).where('state', '=', sql.lit('delivered')).executeTakeFirst();
  return Number(r?.n ?? 0);
}

/**
 * The status probe's view of the outbox: the oldest due pending event and how many are due.
 * Events held by an endpoint's open circuit are left out: they wait for their receiver by
 * design, and one partner's broken receiver is not the platform's delivery health.
 */
export async function dueEventsSummary(db: Executor, now: number): Promise<{ oldest: number | null; due: number }> {
  const row = await dueEventsSummaryQuery(db, now).executeTakeFirst();
  return { oldest: row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest), due: Number(row?.n ?? 0) };
}

export function dueEventsSummaryQuery(db: Executor, now: number) {
  return db
    .selectFrom('webhook_events as e')
    .select((eb) => [eb.fn.min('e.next_attempt_at').as('oldest'), eb.fn.countAll().as('n')])
    // A literal, not a parameter: SQLite only uses the partial index (webhook_events_pending_idx) for a literal.
    .where('e.state', '=', sql.lit('pending'))
    .where('e.next_attempt_at', '<=', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_endpoints as ep')
            .select(sql<number>`1`.as('one'))
            .whereRef('ep.partner_id', '=', 'e.partner_id')
            .whereRef('ep.environment', '=', 'e.environment')
            .where('ep.circuit_state', '<>', 'closed'),
        ),
      ),
    );
}

// ---------------------------------------------------------------- claiming

const PENDING = sql.lit('pending');

type EventsBuilder = ExpressionBuilder<DB & { e: DB['webhook_events'] }, 'e'>;

/**
 * An event is claimable when it is pending, due, no live lease holds it, and no older
 * event of the same (partner, environment, ordering_key) is still pending (so one
 * end-user's deliveries keep their order; other end-users are not held up).
 */
function claimableEvent(eb: EventsBuilder, now: number) {
  return eb.and([
    // A literal, not a parameter: SQLite only uses the partial indexes (state = 'pending') for a literal.
    eb('e.state', '=', PENDING),
    eb('e.next_attempt_at', '<=', now),
    eb.or([eb('e.locked_until', 'is', null), eb('e.locked_until', '<=', now)]),
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
  ]);
}

/** One endpoint (partner, environment) that has pending events, as the claim's walk finds it. */
export interface PendingEndpoint {
  /** Which of the walks asked for found it (their index). */
  walk: number;
  environment: Environment;
  partner_id: string;
  /** Its claimable events now, counted up to the `cap` asked for. */
  due: number;
  /** Its configuration; null when the partner has none in this environment. */
  endpoint: EndpointRow | null;
}

/** Where a walk through one environment's endpoints starts: after this partner (exclusive), or from the first. */
export interface WalkStart {
  environment: Environment;
  after: string | null;
}

/**
 * The endpoints that have pending events, for each walk: in partner order after its
 * `after`, at most `limit` per walk, each with how many of its events are claimable
 * now (up to `cap`; 0 for one whose pending events are not due yet, leased, or behind
 * an older event of their end-user) and its configuration (enabled, circuit). One
 * round trip for every environment.
 *
 * A skip scan over webhook_events_endpoint_idx: each step is one index seek to the next
 * partner with a pending event, so the walk costs one seek per endpoint whatever the
 * endpoints' backlogs (a partner with 50,000 queued events costs what one with one does).
 */
export function pendingEndpointsQuery(db: Executor, opts: { walks: WalkStart[]; now: number; limit: number; cap: number }) {
  const { walks, now, limit, cap } = opts;
  if (walks.length === 0) throw new Error('pendingEndpointsQuery: no walk');
  const firstPartner = (eb: ExpressionBuilder<DB, never>, w: WalkStart) => {
    let q = eb.selectFrom('webhook_events as f').select('f.partner_id').where('f.state', '=', PENDING).where('f.environment', '=', sql.lit(w.environment));
    if (w.after !== null) q = q.where('f.partner_id', '>', w.after);
    // (partner_id, next_attempt_at): an order only webhook_events_endpoint_idx gives without a sort
    // (webhook_events_order_idx also leads with partner_id, but through every environment's rows).
    return q.orderBy('f.partner_id').orderBy('f.next_attempt_at').limit(1);
  };
  return db
    .withRecursive('walk(w, environment, partner_id, n)', (qc) => {
      const anchor = (w: WalkStart, i: number) =>
        qc.selectNoFrom((eb) => [
          sql<number>`${sql.lit(i)}`.as('w'),
          sql<Environment>`${sql.lit(w.environment)}`.as('environment'),
          firstPartner(eb, w).as('partner_id'),
          sql<number>`1`.as('n'),
        ]);
      let anchors = anchor(walks[0], 0);
      walks.slice(1).forEach((w, i) => (anchors = anchors.unionAll(anchor(w, i + 1))));
      return anchors.unionAll((qb) =>
        qb
          .selectFrom('walk')
          .select((eb) => [
            'walk.w',
            'walk.environment',
            eb
              .selectFrom('webhook_events as s')
              .select('s.partner_id')
              .where('s.state', '=', PENDING)
              .whereRef('s.environment', '=', 'walk.environment')
              .whereRef('s.partner_id', '>', 'walk.partner_id')
              .orderBy('s.partner_id')
              .orderBy('s.next_attempt_at')
              .limit(1)
              .as('partner_id'),
            sql<number>`walk.n + 1`.as('n'),
          ])
          .where('walk.partner_id', 'is not', null)
          .where('walk.n', '<', limit),
      );
    })
    .selectFrom('walk')
    .leftJoin('webhook_endpoints as ep', (j) => j.onRef('ep.partner_id', '=', 'walk.partner_id').onRef('ep.environment', '=', 'walk.environment'))
    .selectAll('ep')
    .select((eb) => [
      'walk.w as walk_index',
      'walk.environment as walk_environment',
      'walk.partner_id as walk_partner_id',
      'walk.n as walk_step',
      eb
        .selectFrom(
          eb
            .selectFrom('webhook_events as e')
            .select('e.id')
            .whereRef('e.environment', '=', 'walk.environment')
            .whereRef('e.partner_id', '=', 'walk.partner_id')
            .where((eb) => claimableEvent(eb, now))
            // Due order, so the count reads the endpoint's due rows only (webhook_events_endpoint_idx).
            .orderBy('e.next_attempt_at')
            .limit(cap)
            .as('c'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .as('due'),
    ])
    .where('walk.partner_id', 'is not', null);
}

/** The walks' endpoints, each walk's in partner order. */
export async function pendingEndpoints(db: Executor, opts: { walks: WalkStart[]; now: number; limit: number; cap: number }): Promise<PendingEndpoint[]> {
  const rows = await inIndexOrder(db, (db) => pendingEndpointsQuery(db, opts).execute());
  return rows
    .filter((r): r is typeof r & { walk_partner_id: string } => r.walk_partner_id !== null)
    // The join may return them in any order: each walk's, in its steps' order.
    .sort((a, b) => Number(a.walk_index) - Number(b.walk_index) || Number(a.walk_step) - Number(b.walk_step))
    .map(({ walk_index, walk_environment, walk_partner_id, walk_step: _step, due, ...ep }) => ({
      walk: Number(walk_index),
      environment: walk_environment,
      partner_id: walk_partner_id,
      due: Number(due ?? 0),
      endpoint: ep.id === null ? null : (ep as EndpointRow),
    }));
}

/** How many events of one endpoint a claim takes. */
export interface EndpointClaim {
  partnerId: string;
  environment: Environment;
  limit: number;
}

/**
 * Claims the due events of several endpoints in one statement, at most `limit` of each,
 * earliest due first, and returns them. The claim is a lease: locked_until = now +
 * leaseMs, lock_token = `token`; a crashed worker's events become claimable again when
 * the lease runs out (at-least-once).
 *
 * Each endpoint's candidates are read from the front of webhook_events_endpoint_idx.
 * PostgreSQL locks them FOR UPDATE SKIP LOCKED, so concurrent workers in any number of
 * processes claim disjoint sets without waiting on each other. SQLite runs the one
 * UPDATE … WHERE id IN (…) RETURNING statement as its claim (one writer at a time; two
 * processes on one file serialize on the write lock).
 */
export function claimEndpointEventsQuery(
  db: Executor,
  database: Pick<Database, 'dialect'>,
  opts: { now: number; leaseMs: number; token: string; claims: EndpointClaim[] },
) {
  const { now, leaseMs, token, claims } = opts;
  if (claims.length === 0) throw new Error('claimEndpointEventsQuery: no endpoint to claim from');
  const member = (c: EndpointClaim, i: number) => {
    const q = db
      .selectFrom('webhook_events as e')
      .select('e.id')
      .where('e.environment', '=', sql.lit(c.environment))
      .where('e.partner_id', '=', c.partnerId)
      .where((eb) => claimableEvent(eb, now))
      // Due order only: a tie-break on id would make SQLite sort the endpoint's due rows before the LIMIT.
      // Order per end-user does not depend on it (claimableEvent).
      .orderBy('e.next_attempt_at')
      .limit(c.limit);
    const alias = `c${i}`;
    return db.selectFrom((database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q).as(alias)).select(sql.ref<string>(`${alias}.id`).as('id'));
  };
  let ids = member(claims[0], 0);
  for (let i = 1; i < claims.length; i++) ids = ids.unionAll(member(claims[i], i));
  return db.updateTable('webhook_events').set({ locked_until: now + leaseMs, lock_token: token }).where('id', 'in', ids).returningAll();
}

export async function claimEndpointEvents(
  db: Executor,
  database: Pick<Database, 'dialect'>,
  opts: { now: number; leaseMs: number; token: string; claims: EndpointClaim[] },
): Promise<EventRow[]> {
  const claims = opts.claims.filter((c) => c.limit > 0);
  if (claims.length === 0) return [];
  const rows = await inIndexOrder(db, (db) => claimEndpointEventsQuery(db, database, { ...opts, claims }).execute());
  // RETURNING gives no order: deliver earliest due first.
  return rows.sort((a, b) => Number(a.next_attempt_at) - Number(b.next_attempt_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
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
  eventType?: string;
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
  if (f.eventType) q = q.where('event_type', '=', f.eventType);
  if (f.since !== undefined) q = q.where('created_at', '>=', f.since);
  if (f.before && (f.until === undefined || f.before[0] < f.until)) {
    const [at, id] = f.before;
    // Newest first, the range starts at its upper end: the cursor is the only upper bound there. Beside
    // `created_at < until`, SQLite seeks with `until` and checks the cursor row by row (every page of the CSV
    // export read again from the newest row); the cursor's row was before `until`, so `until` adds nothing.
    q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(at, id)));
  } else if (f.until !== undefined) q = q.where('created_at', '<', f.until);
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

// ---------------------------------------------------------------- the event inspector and the event stream

export interface EventFilter {
  type?: string;
  state?: string;
  since?: number;
  /** Keyset: events strictly before this (created_at, id), newest first. */
  before?: [number, string];
}

/** A page of one partner's events in one environment, newest first (webhook_events_page_idx, in index order). */
export function eventsPageQuery(db: Executor, partnerId: string, environment: Environment, limit: number, f: EventFilter = {}) {
  let q = db
    .selectFrom('webhook_events')
    .select(['id', 'type', 'state', 'attempts', 'created_at', 'next_attempt_at'])
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment);
  if (f.type) q = q.where('type', '=', f.type);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.since !== undefined) q = q.where('created_at', '>=', f.since);
  if (f.before) {
    const [at, id] = f.before;
    q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(at, id)));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}

export function listEvents(db: Executor, partnerId: string, environment: Environment, limit: number, f: EventFilter = {}) {
  return inIndexOrder(db, (db) => eventsPageQuery(db, partnerId, environment, limit, f).execute());
}

/**
 * The newest `limit` attempts of one event, newest first (the caller reverses them):
 * webhook_deliveries_event_order_idx in index order, so the read stops at `limit` however often the event was resent.
 */
export function eventDeliveriesQuery(db: Executor, partnerId: string, environment: Environment, eventId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

export function eventDeliveries(db: Executor, partnerId: string, environment: Environment, eventId: string, limit: number) {
  return eventDeliveriesQuery(db, partnerId, environment, eventId, limit).execute();
}

/** How many attempts one event has in all (webhook_deliveries_event_order_idx). */
export async function countEventDeliveries(db: Executor, partnerId: string, environment: Environment, eventId: string): Promise<number> {
  const r = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('event_id', '=', eventId)
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** The latest delivery record of one event (a resend by event answers through it); undefined when it has none. */
export function lastDeliveryOf(db: Executor, partnerId: string, environment: Environment, eventId: string) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('partner_id', '=', partnerId)
    .where('environment', '=', environment)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The event stream's read: one partner's events in one environment created at or after `from`, oldest first,
 * at most `limit` (webhook_events_page_idx). The stream leaves out those it has sent already.
 */
export function eventsFrom(db: Executor, partnerId: string, environment: Environment, from: number, limit: number) {
  return inIndexOrder(db, (db) =>
    db
      .selectFrom('webhook_events')
      .select(['id', 'type', 'payload', 'created_at'])
      .where('partner_id', '=', partnerId)
      .where('environment', '=', environment)
      .where('created_at', '>=', from)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute(),
  );
}
