/**
 * The sandbox layer's rules, over any AccountDataProvider: validation the
 * schemas cannot express, pagination (offset on /api/v1, remembered cursors on
 * /v1), idempotent transfers, and the usage events of §6.2.
 */
import type { Transaction as DbTransaction } from 'kysely';
import type { Deps } from '../../context.js';
import type { DB, Environment } from '../../db/schema/index.js';
import { addDays } from '../../domain/sandbox/dates.js';
import type { Forecast } from '../../domain/sandbox/cashflow.js';
import { errors, ValidationFailed, type ValidationItem } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { yieldToEventLoop } from '../../lib/loop.js';
import { iso, parseDay, utcDay } from '../../lib/time.js';
import { IDEMPOTENCY_WINDOW_MS, idsInWindow, recordUsageEvents } from '../usage-events/events.js';
import { requestHash, runIdempotent, type IdempotentKey } from './idempotency.js';
import type { AccountDataProvider, ProviderContext, ProviderTransaction, TransferRequest, TransferResult } from './provider.js';
import { isRecorded, parseRuns, withRun, type Run } from './recorded-runs.js';
import { eraseUser, getCursor, getRecordedRuns, lockRecordedRuns, saveCursor, saveRecordedRuns } from './repo.js';
import type {
  AccountsLinkReq,
  Transaction,
  TransactionsQuery,
  TransactionsSyncQuery,
  TransferBody,
  TransferRespA,
  TransferRespB,
} from './schemas.js';

/** A provider call: the clock of its context and the meter that counts its end-user. */
type ProviderCallDeps = Pick<Deps, 'clock' | 'usage'>;
/** A provider call that also records its usage events. */
type RecordingCallDeps = Pick<Deps, 'clock' | 'database' | 'usage' | 'usageEvents'>;

export interface Caller {
  partnerId: string;
  environment: Environment;
}

/** Default window of the /api/v1 form when start_date is omitted. */
export const DEFAULT_WINDOW_DAYS = 30;
/** Default lower bound of the /v1 form when since is omitted. */
export const DEFAULT_SINCE_DAYS = 90;

function ctxOf(deps: Pick<Deps, 'clock'>, caller: Caller): ProviderContext {
  return { partnerId: caller.partnerId, environment: caller.environment, now: deps.clock.now() };
}

function day(value: string, loc: (string | number)[]): string {
  if (parseDay(value) === null) throw errors.invalid(loc, 'Input should be a valid date in the format YYYY-MM-DD', value, 'date_from_datetime_parsing');
  return value;
}

function publicTxn(t: ProviderTransaction): Transaction {
  return {
    transaction_id: t.transaction_id,
    account_id: t.account_id,
    merchant_name: t.merchant_name,
    amount: t.amount,
    iso_currency_code: t.iso_currency_code,
    date: t.date,
    pending: t.pending,
    personal_finance_category_primary: t.personal_finance_category_primary,
  };
}

/**
 * Records the `transaction` usage events of a page, once per transaction, and the page's
 * past-dated stretch as a recorded run of the user's ledger (recorded-runs.ts), so that the same
 * transactions paged again write nothing, whichever process serves them. In `trx` when given.
 * `lowerBound`: the sort key right before the page in the ledger when known (the page then
 * continues a run).
 */
async function recordTransactionEvents(
  deps: Pick<Deps, 'clock' | 'database' | 'usageEvents'>,
  caller: Caller,
  userId: string,
  page: ProviderTransaction[],
  today: string,
  now: number,
  opts: { trx?: DbTransaction<DB>; lowerBound?: string | null } = {},
): Promise<void> {
  if (page.length === 0) return;
  let lo: string | null = null;
  let hi: string | null = null;
  for (const t of page) {
    if (t.date >= today) continue;
    if (lo === null || t.sort_key < lo) lo = t.sort_key;
    if (hi === null || t.sort_key > hi) hi = t.sort_key;
  }
  const run = lo === null || hi === null ? null : opts.lowerBound ? { lo: opts.lowerBound, open: true, hi } : { lo, open: false, hi };
  /** The page's transactions these runs do not cover (today's are never covered). */
  const uncounted = (runs: Run[]) => page.filter((t) => t.date >= today || !isRecorded(runs, t.sort_key, now));
  // Outside a transaction, a page read again has nothing to record: found without taking a lock or
  // opening a transaction. (Inside one the locked read below is as cheap.)
  if (run && !opts.trx) {
    const stored = await getRecordedRuns(deps.database.db, caller, userId);
    if (uncounted(parseRuns(stored?.runs ?? null)).length === 0) return;
  }

  // Transactions from yesterday on are counted through their event ids: today's can still change, and
  // around midnight two processes may disagree on the day.
  const keyedFrom = addDays(today, -1);
  const write = async (trx: DbTransaction<DB>) => {
    if (!run) {
      await recordUsageEvents(deps, trx, transactionEvents(caller, userId, page, now, () => false));
      return;
    }
    const row = await lockRecordedRuns(trx, caller, userId, now);
    const runs = parseRuns(row.runs);
    const todo = uncounted(runs);
    if (todo.length === 0) return;
    const next = withRun(runs, run.lo, run.open, run.hi, now);
    // Older transactions the stored run will cover need no event id of their own. One may be stored for
    // them already when they were counted while recent, or while this user's runs were full (or before
    // runs were kept): those are looked up, and counted only when they are not there.
    const keyless = next ? todo.filter((t) => t.date < keyedFrom) : [];
    const withinWindow = (at: number | null) => at !== null && now - at < IDEMPOTENCY_WINDOW_MS;
    const recentFrom = addDays(utcDay(now - IDEMPOTENCY_WINDOW_MS), -1);
    const maybeCounted = withinWindow(row.keyed_at) ? keyless : keyless.filter((t) => t.date >= recentFrom);
    const counted = maybeCounted.length
      ? await idsInWindow(trx, caller.partnerId, caller.environment, maybeCounted.map((t) => t.transaction_id), now)
      : new Set<string>();
    const events = transactionEvents(caller, userId, counted.size ? todo.filter((t) => !counted.has(t.transaction_id)) : todo, now, (t) => next !== null && t.date < keyedFrom);
    await recordUsageEvents(deps, trx, events);
    if (next) await saveRecordedRuns(trx, caller, userId, JSON.stringify(next), now);
    // The runs are full: this page's past transactions were counted through their ids.
    else await saveRecordedRuns(trx, caller, userId, row.runs, now, now);
  };
  if (opts.trx) await write(opts.trx);
  else await deps.database.tx(write);
}

function transactionEvents(caller: Caller, userId: string, txns: ProviderTransaction[], now: number, idIsNew: (t: ProviderTransaction) => boolean) {
  return txns.map((t) => ({
    partnerId: caller.partnerId,
    environment: caller.environment,
    eventType: 'transaction' as const,
    userId,
    amountCents: Math.abs(t.amount_cents),
    category: t.personal_finance_category_primary.slice(0, 60),
    occurredAt: now,
    id: t.transaction_id,
    idIsNew: idIsNew(t),
  }));
}

export async function createLinkToken(deps: ProviderCallDeps, provider: AccountDataProvider, caller: Caller, userId: string) {
  const ctx = ctxOf(deps, caller);
  deps.usage.recordEndUser(caller.partnerId, caller.environment, userId, ctx.now);
  return provider.createLinkToken(ctx, userId);
}

export async function linkAccounts(deps: RecordingCallDeps, provider: AccountDataProvider, caller: Caller, body: AccountsLinkReq) {
  const ctx = ctxOf(deps, caller);
  deps.usage.recordEndUser(caller.partnerId, caller.environment, body.user_id, ctx.now);
  return deps.database.tx(async (trx) => {
    const item = await provider.exchangePublicToken(ctx, trx, { publicToken: body.public_token, userId: body.user_id, institution: (body.institution as Record<string, unknown> | null | undefined) ?? null });
    if (!item) throw errors.badRequest('This public_token has already been exchanged: a public token is accepted once. Complete Link again to get a new one.');
    await recordUsageEvents(deps, trx, [
      {
        partnerId: caller.partnerId,
        environment: caller.environment,
        eventType: 'account_link',
        userId: body.user_id,
        institution: item.institutionName,
        occurredAt: ctx.now,
        id: item.item_id,
      },
    ]);
    return { item_id: item.item_id, institution: item.institution, accounts: item.accounts };
  });
}

export async function listAccounts(deps: ProviderCallDeps, provider: AccountDataProvider, caller: Caller, userId: string) {
  const ctx = ctxOf(deps, caller);
  deps.usage.recordEndUser(caller.partnerId, caller.environment, userId, ctx.now);
  return { accounts: await provider.getAccounts(ctx, userId) };
}

/** /api/v1/transactions: a date window, newest first, offset pages. */
export async function listTransactions(deps: RecordingCallDeps, provider: AccountDataProvider, caller: Caller, q: TransactionsQuery) {
  const ctx = ctxOf(deps, caller);
  deps.usage.recordEndUser(caller.partnerId, caller.environment, q.user_id, ctx.now);
  const today = utcDay(ctx.now);
  const end = q.end_date !== undefined ? day(q.end_date, ['query', 'end_date']) : today;
  const start = q.start_date !== undefined ? day(q.start_date, ['query', 'start_date']) : addDays(end, -DEFAULT_WINDOW_DAYS);
  if (start > end) throw errors.invalid(['query', 'start_date'], 'start_date must be on or before end_date', q.start_date, 'value_error', { end_date: end });
  const to = end < today ? end : today;
  const { transactions: page, total } =
    start <= to ? await provider.getTransactions(ctx, q.user_id, { from: start, to, order: 'desc', offset: q.offset, limit: q.limit }) : { transactions: [], total: 0 };
  const count = total ?? 0;
  await recordTransactionEvents(deps, caller, q.user_id, page, today, ctx.now);
  return { transactions: page.map(publicTxn), total: count, has_more: q.offset + page.length < count };
}

/** Pages longer than this give the event loop a turn between their steps. */
const LONG_PAGE = 100;

/**
 * Between the steps of a long page (generating it, writing its usage events, turning it into
 * JSON), other requests get a turn: on SQLite each step runs synchronously, and a page of 500
 * new transactions done in one go would hold the event loop for tens of milliseconds. Not
 * inside a transaction: the database's one connection stays free meanwhile.
 */
async function turnBetweenSteps(pageLength: number): Promise<void> {
  if (pageLength > LONG_PAGE) await yieldToEventLoop();
}

const SORT_KEY_RE = /^\d{4}-\d{2}-\d{2}\|[0-9]/;

function decodePosition(cursor: string): string {
  const [version, position] = decodeCursor(cursor, ['string', 'string']);
  if (version !== 't1' || !SORT_KEY_RE.test(position) || parseDay(position.slice(0, 10)) === null) {
    throw errors.invalid(['query', 'cursor'], 'Invalid cursor: pass next_cursor from a previous page unchanged', cursor, 'value_error');
  }
  return position;
}

/**
 * /v1/transactions: oldest first from `since`, cursor pages. Without a cursor the
 * service continues from the latest cursor it handed out for this user (made under
 * the same `since`); `cursor=` (empty) starts again from `since`. next_cursor is
 * always given: passed back later, it returns the transactions added since.
 */
export async function syncTransactions(deps: RecordingCallDeps, provider: AccountDataProvider, caller: Caller, q: TransactionsSyncQuery) {
  const ctx = ctxOf(deps, caller);
  deps.usage.recordEndUser(caller.partnerId, caller.environment, q.user_id, ctx.now);
  const today = utcDay(ctx.now);
  if (q.since !== undefined) {
    day(q.since, ['query', 'since']);
    if (q.since > today) throw errors.invalid(['query', 'since'], 'since must not be after today', q.since, 'value_error', { today });
  }
  const lower = q.since ?? addDays(today, -DEFAULT_SINCE_DAYS);
  const sinceKey = q.since ?? '';
  let position: string | null = null;
  if (q.cursor !== undefined && q.cursor !== '') position = decodePosition(q.cursor);
  else if (q.cursor === undefined) {
    const saved = await getCursor(deps.database.db, caller, q.user_id);
    if (saved && saved.since === sinceKey) position = decodePosition(saved.cursor);
  }
  const from = position && position.slice(0, 10) > lower ? position.slice(0, 10) : lower;
  // One more than the page tells whether more follow.
  const after = from <= today ? (await provider.getTransactions(ctx, q.user_id, { from, to: today, order: 'asc', after: position, limit: q.limit + 1 })).transactions : [];
  const page = after.slice(0, q.limit);
  // Before any transaction of `lower` (and after every one of the day before).
  const nextPosition = page.length ? page[page.length - 1].sort_key : (position ?? `${addDays(lower, -1)}|9`);
  const nextCursor = encodeCursor(['t1', nextPosition]);
  // The page continues the ledger right after `position` when the window starts at its day or earlier.
  const lowerBound = position !== null && position.slice(0, 10) >= lower ? position : null;
  await turnBetweenSteps(page.length);
  await deps.database.tx(async (trx) => {
    await saveCursor(trx, caller, q.user_id, sinceKey, nextCursor, ctx.now);
    await recordTransactionEvents(deps, caller, q.user_id, page, today, ctx.now, { trx, lowerBound });
  });
  await turnBetweenSteps(page.length);
  return { transactions: page.map(publicTxn), next_cursor: nextCursor, has_more: after.length > q.limit };
}

function missing(field: string): ValidationItem {
  return { type: 'missing', loc: ['body', field], msg: 'Field required', input: null };
}

/** Tells shape A from shape B by their fields and checks what each needs. */
export function parseTransfer(body: TransferBody): TransferRequest {
  const isB = body.from_account_id !== undefined || body.to_account_id !== undefined;
  if (isB && body.account_id !== undefined) {
    throw errors.invalid(['body'], 'Send either shape A (account_id, amount_cents, direction) or shape B (from_account_id, to_account_id, amount, currency), not both', body, 'value_error');
  }
  if (!isB) {
    const gaps = (['account_id', 'amount_cents', 'direction'] as const).filter((f) => body[f] === undefined).map(missing);
    if (gaps.length) throw new ValidationFailed(gaps);
    return { shape: 'A', accountId: body.account_id!, toAccountId: null, direction: body.direction!, amountCents: body.amount_cents!, description: body.description ?? '' };
  }
  const gaps = (['from_account_id', 'to_account_id', 'amount', 'currency'] as const).filter((f) => body[f] === undefined).map(missing);
  if (gaps.length) throw new ValidationFailed(gaps);
  if (body.currency!.toUpperCase() !== 'USD') {
    throw errors.invalid(['body', 'currency'], "Input should be 'USD': sandbox accounts hold US dollars", body.currency, 'literal_error', { expected: "'USD'" });
  }
  const amountCents = Math.round(body.amount! * 100);
  if (Math.abs(body.amount! * 100 - amountCents) > 1e-6 || amountCents < 1) {
    throw errors.invalid(['body', 'amount'], 'Decimal input should have no more than 2 decimal places', body.amount, 'decimal_max_places', { decimal_places: 2 });
  }
  return { shape: 'B', accountId: body.from_account_id!, toAccountId: body.to_account_id!, direction: 'debit', amountCents, description: body.memo ?? '' };
}

function transferResponse(req: TransferRequest, r: TransferResult): TransferRespA | TransferRespB {
  if (req.shape === 'A') {
    return {
      transfer_id: r.transferId,
      status: r.status,
      amount_cents: req.amountCents,
      direction: req.direction,
      account_id: req.accountId,
      description: req.description,
      created_at: iso(r.createdAt),
      expected_settlement: r.settlementDay,
      failure_reason: r.failure,
    };
  }
  return {
    id: r.transferId,
    status: r.status,
    rail: r.rail,
    estimated_settlement: r.settlementDay,
    from_account_id: req.accountId,
    to_account_id: req.toAccountId!,
    amount: req.amountCents / 100,
    currency: 'USD',
    memo: req.description,
    created_at: iso(r.createdAt),
    failure_reason: r.failure,
  };
}

export async function createTransfer(deps: Pick<Deps, 'clock' | 'database' | 'usage'>, provider: AccountDataProvider, caller: Caller, body: TransferBody, headerKey: string | undefined) {
  if (headerKey !== undefined && body.idempotency_key !== undefined && headerKey !== body.idempotency_key) {
    throw errors.invalid(['body', 'idempotency_key'], 'idempotency_key does not match the Idempotency-Key header: send one key', body.idempotency_key, 'value_error');
  }
  const key: IdempotentKey | null =
    headerKey !== undefined ? { value: headerKey, loc: ['header', 'idempotency-key'] } : body.idempotency_key !== undefined ? { value: body.idempotency_key, loc: ['body', 'idempotency_key'] } : null;
  const req = parseTransfer(body);
  const { idempotency_key: _k, ...rest } = body;
  const out = await runIdempotent(deps, caller.partnerId, caller.environment, key, requestHash(rest), async (trx) => {
    const ctx = ctxOf(deps, caller);
    const result = await provider.createTransfer(ctx, trx, req);
    return { body: transferResponse(req, result), userId: result.userId };
  });
  if (out.userId) deps.usage.recordEndUser(caller.partnerId, caller.environment, out.userId, deps.clock.now());
  return out;
}

export async function forecast(deps: ProviderCallDeps, provider: AccountDataProvider, caller: Caller, userId: string, horizonDays: number): Promise<{ model: Forecast; generatedAt: string }> {
  const ctx = ctxOf(deps, caller);
  deps.usage.recordEndUser(caller.partnerId, caller.environment, userId, ctx.now);
  return { model: await provider.forecastCashflow(ctx, userId, horizonDays), generatedAt: iso(ctx.now) };
}

/** CashflowResp (/api/v1). */
export function cashflowResp(f: Forecast, generatedAt: string) {
  return {
    horizon_days: f.horizon_days,
    generated_at: generatedAt,
    points: f.points.map((p) => ({
      date: p.date,
      inflow_cents: p.inflow_cents,
      outflow_cents: p.outflow_cents,
      net_cents: p.net_cents,
      safe_to_spend_cents: p.safe_to_spend_cents,
      projected_balance_cents: p.balance_cents,
    })),
    runway_days: f.runway_days,
    starting_balance_cents: f.starting_balance_cents,
  };
}

/** The alternative reference shape (/v1), from the same forecast. */
export function cashflowRef(f: Forecast, generatedAt: string) {
  return {
    horizon_days: f.horizon_days,
    generated_at: generatedAt,
    projected_min_balance: f.min_balance_cents / 100,
    projected_min_date: f.min_date,
    confidence: f.confidence,
    alerts: f.alerts.map((a) => ({ type: a.type, date: a.date, amount: a.amount_cents / 100, message: a.message })),
    runway_days: f.runway_days,
    starting_balance: f.starting_balance_cents / 100,
  };
}

export function registerSandboxEraser(deps: Pick<Deps, 'erasers'>): void {
  deps.erasers.set('sandbox', (trx, p, env, u) => eraseUser(trx, p, env, u));
}
