/** SQL of the sandbox area (Kysely builder only; takes an Executor). */
import type { Database, Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import type { SandboxIdempotencyTable, SandboxTransfersTable } from '../../db/schema/sandbox.js';

export interface Scope {
  partnerId: string;
  environment: Environment;
}

/** Makes the user's accounts addressable by id (transfers); a no-op when they already are. */
export async function ensureAccounts(db: Executor, s: Scope, userId: string, accounts: { account_id: string; kind: string }[], now: number): Promise<void> {
  await db
    .insertInto('sandbox_accounts')
    .values(accounts.map((a) => ({ account_id: a.account_id, partner_id: s.partnerId, environment: s.environment, user_id: userId, kind: a.kind, transfer_seq: 0, created_at: now })))
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
}

export function findAccount(db: Executor, s: Scope, accountId: string) {
  return db
    .selectFrom('sandbox_accounts')
    .select(['account_id', 'user_id', 'kind', 'transfer_seq'])
    .where('account_id', '=', accountId)
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .executeTakeFirst();
}

/**
 * Takes the account's row lock (PostgreSQL: row lock until commit; SQLite: the
 * write lock) and returns the next transfer sequence number of the account.
 */
export async function nextTransferSeq(db: Executor, accountId: string): Promise<number> {
  await db.updateTable('sandbox_accounts').set((eb) => ({ transfer_seq: eb('transfer_seq', '+', 1) })).where('account_id', '=', accountId).execute();
  const row = await db.selectFrom('sandbox_accounts').select('transfer_seq').where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.transfer_seq);
}

/** Inserts the item; false when this partner already exchanged the public token in this environment. */
export async function insertItem(
  db: Executor,
  row: { item_id: string; partner_id: string; environment: Environment; user_id: string; public_token_hash: string; institution: string; created_at: number },
): Promise<boolean> {
  const r = await db
    .insertInto('sandbox_items')
    .values(row)
    .onConflict((oc) => oc.columns(['partner_id', 'environment', 'public_token_hash']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function insertTransfer(db: Executor, row: SandboxTransfersTable): Promise<void> {
  await db.insertInto('sandbox_transfers').values(row).execute();
}

/** What a transfer is before it settles: shape A answers `pending`, shape B `submitted`. */
export const UNSETTLED_STATUSES = ['pending', 'submitted'] as const;

/**
 * The sandbox transfers (test environment only: live transfers are the aggregator's) whose settlement
 * day has come, at most `limit`, through sandbox_transfers_due_idx (status, settlement_day): the settled
 * rows are never read. PostgreSQL locks them, skipping rows another process holds; SQLite has one writer.
 */
export function dueTransfersQuery(db: Executor, database: Pick<Database, 'dialect'>, today: string, limit: number) {
  const q = db
    .selectFrom('sandbox_transfers')
    .select('transfer_id')
    .where('status', 'in', [...UNSETTLED_STATUSES])
    .where('settlement_day', '<=', today)
    .where('environment', '=', 'test')
    .limit(limit);
  return database.dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
}

/**
 * Marks up to `limit` due sandbox transfers settled (at the start of their settlement day) and returns
 * them; the caller writes their events in the same transaction. Only a row still unsettled is changed,
 * so a transfer is returned by one call only, whichever process runs it. The first statement writes
 * (SQLite takes the write lock at once, not on a later upgrade).
 */
export async function settleDueTransfers(db: Executor, database: Pick<Database, 'dialect'>, today: string, limit: number) {
  const rows = await db
    .updateTable('sandbox_transfers')
    .set({ status: 'settled' })
    .where('transfer_id', 'in', dueTransfersQuery(db, database, today, limit))
    .where('status', 'in', [...UNSETTLED_STATUSES])
    .returning(['transfer_id', 'partner_id', 'environment', 'user_id', 'account_id', 'to_account_id', 'direction', 'amount_cents', 'settlement_day'])
    .execute();
  const byDay = new Map<string, string[]>();
  for (const r of rows) {
    const ids = byDay.get(r.settlement_day);
    if (ids) ids.push(r.transfer_id);
    else byDay.set(r.settlement_day, [r.transfer_id]);
  }
  for (const [day, ids] of byDay) {
    await db.updateTable('sandbox_transfers').set({ settled_at: dayStart(day) }).where('transfer_id', 'in', ids).execute();
  }
  return rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents), settled_at: dayStart(r.settlement_day) }));
}

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

/** The user's transfers that moved money (neither failed nor returned), created on or before `to`, and from `from` when given. */
export function userTransfers(db: Executor, s: Scope, userId: string, to: string, from?: string) {
  return userTransfersQuery(db, s, userId, to, from).execute();
}

/** One end-user's transfers (its plan is checked by a test: sandbox_transfers_user_idx; the sort is over that user's rows only). */
export function userTransfersQuery(db: Executor, s: Scope, userId: string, to: string, from?: string) {
  let q = db
    .selectFrom('sandbox_transfers')
    .selectAll()
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('user_id', '=', userId)
    .where('status', 'not in', ['failed', 'returned'])
    .where('created_day', '<=', to);
  if (from) q = q.where('created_day', '>=', from);
  return q.orderBy('created_at').orderBy('transfer_id');
}

// Idempotency records, per (partner, environment, key): the test and the live key never share one.

export async function claimIdempotencyKey(db: Executor, row: SandboxIdempotencyTable): Promise<boolean> {
  const r = await db
    .insertInto('sandbox_idempotency')
    .values(row)
    .onConflict((oc) => oc.columns(['partner_id', 'environment', 'idem_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function getIdempotency(db: Executor, s: Scope, key: string) {
  return db
    .selectFrom('sandbox_idempotency')
    .selectAll()
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('idem_key', '=', key)
    .executeTakeFirst();
}

/** Deletes the record only if it is still the one that was read (compare-and-delete on its creation time and state). */
export async function dropIdempotency(db: Executor, s: Scope, key: string, createdAt: number, state: string): Promise<void> {
  await db
    .deleteFrom('sandbox_idempotency')
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('idem_key', '=', key)
    .where('created_at', '=', createdAt)
    .where('state', '=', state)
    .execute();
}

export async function completeIdempotency(
  db: Executor,
  s: Scope,
  key: string,
  values: { user_id: string | null; status_code: number; response: string },
): Promise<void> {
  await db
    .updateTable('sandbox_idempotency')
    .set({ ...values, state: 'done' })
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('idem_key', '=', key)
    .execute();
}

export async function purgeExpiredIdempotency(db: Executor, now: number): Promise<number> {
  const r = await db.deleteFrom('sandbox_idempotency').where('expires_at', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Maintenance: at most `batch` idempotency records expired by `now`, oldest expiry first. */
export async function pruneSandboxIdempotency(db: Executor, now: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('sandbox_idempotency')
    .where((eb) =>
      eb(
        eb.refTuple('partner_id', 'environment', 'idem_key'),
        'in',
        eb
          .selectFrom('sandbox_idempotency')
          .select(['partner_id', 'environment', 'idem_key'])
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .limit(batch)
          .$asTuple('partner_id', 'environment', 'idem_key'),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// Remembered cursors

export function getCursor(db: Executor, s: Scope, userId: string) {
  return db
    .selectFrom('sandbox_cursors')
    .select(['since', 'cursor'])
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveCursor(db: Executor, s: Scope, userId: string, since: string, cursor: string, now: number): Promise<void> {
  await db
    .insertInto('sandbox_cursors')
    .values({ partner_id: s.partnerId, environment: s.environment, user_id: userId, since, cursor, updated_at: now })
    .onConflict((oc) => oc.columns(['partner_id', 'environment', 'user_id']).doUpdateSet({ since, cursor, updated_at: now }))
    .execute();
}

// Recorded runs (which stretches of a user's ledger have their usage events)

export interface RecordedRunsRow {
  /** JSON (recorded-runs.ts). */
  runs: string;
  keyed_at: number | null;
}

/** The user's recorded runs as stored, without a lock; null when none were recorded. */
export async function getRecordedRuns(db: Executor, s: Scope, userId: string): Promise<RecordedRunsRow | null> {
  const row = await db
    .selectFrom('sandbox_recorded_runs')
    .select(['runs', 'keyed_at'])
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The user's recorded runs, read under the row's lock until `trx` ends (the row is created
 * empty when missing), so that two processes recording pages of one user do it one after the
 * other. One statement: an upsert locks the row it conflicts with (SQLite: the transaction
 * holds the database's write lock anyway).
 */
export async function lockRecordedRuns(trx: Executor, s: Scope, userId: string, now: number): Promise<RecordedRunsRow> {
  return trx
    .insertInto('sandbox_recorded_runs')
    .values({ partner_id: s.partnerId, environment: s.environment, user_id: userId, runs: '[]', updated_at: now, keyed_at: null })
    .onConflict((oc) => oc.columns(['partner_id', 'environment', 'user_id']).doUpdateSet((eb) => ({ runs: eb.ref('sandbox_recorded_runs.runs') })))
    .returning(['runs', 'keyed_at'])
    .executeTakeFirstOrThrow();
}

/** Stores the user's runs (in the transaction that holds the row's lock); `keyedAt` when past transactions were counted through event ids. */
export async function saveRecordedRuns(trx: Executor, s: Scope, userId: string, runs: string, now: number, keyedAt?: number): Promise<void> {
  await trx
    .updateTable('sandbox_recorded_runs')
    .set(keyedAt === undefined ? { runs, updated_at: now } : { runs, updated_at: now, keyed_at: keyedAt })
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('user_id', '=', userId)
    .execute();
}

/** Maintenance: at most `batch` rows whose runs were all recorded before `before`, oldest first. */
export async function pruneRecordedRuns(db: Executor, before: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('sandbox_recorded_runs')
    .where((eb) =>
      eb(
        eb.refTuple('partner_id', 'environment', 'user_id'),
        'in',
        eb
          .selectFrom('sandbox_recorded_runs')
          .select(['partner_id', 'environment', 'user_id'])
          .where('updated_at', '<', before)
          .orderBy('updated_at')
          .limit(batch)
          .$asTuple('partner_id', 'environment', 'user_id'),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Erases every sandbox row about one end-user; returns the number of rows removed. */
export async function eraseUser(db: Executor, partnerId: string, environment: Environment, userId: string): Promise<number> {
  let n = 0;
  for (const table of ['sandbox_accounts', 'sandbox_items', 'sandbox_transfers', 'sandbox_cursors', 'sandbox_idempotency', 'sandbox_recorded_runs'] as const) {
    const r = await db.deleteFrom(table).where('partner_id', '=', partnerId).where('environment', '=', environment).where('user_id', '=', userId).executeTakeFirst();
    n += Number(r.numDeletedRows);
  }
  return n;
}
