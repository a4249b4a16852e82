/**
 * The sandbox implementation of AccountDataProvider: every account, balance,
 * transaction and forecast comes from the pure per-user model
 * (src/domain/sandbox), seeded by (partner id, user id). The only stored state
 * is what the partner creates: linked items and transfers (which then show up in
 * the user's transactions and balances like any other movement).
 */
import type { Deps } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { SandboxTransfersTable } from '../../db/schema/sandbox.js';
import { forecastCashflow } from '../../domain/sandbox/cashflow.js';
import { dayOfMonth, daysInMonth, monthIndexOf, nextBusinessDay } from '../../domain/sandbox/dates.js';
import { balancesOn, isPending, LEDGER_START, userModel, type ExtraLeg, type ModelAccount, type ModelTransaction, type UserModel } from '../../domain/sandbox/model.js';
import { stableId, stableUuid } from '../../domain/sandbox/prng.js';
import { errors } from '../../http/errors.js';
import { sha256Hex } from '../../lib/crypto.js';
import { iso, utcDay } from '../../lib/time.js';
import type { AccountDataProvider, ProviderContext, ProviderTransaction, TransactionPage, TransactionPageQuery, TransferRequest, TransferResult } from './provider.js';
import { ensureAccounts, findAccount, insertItem, insertTransfer, nextTransferSeq, userTransfers, type Scope } from './repo.js';
import { recordTransferFailed } from './settlement.js';
import type { Account } from './schemas.js';

const LINK_TOKEN_TTL_MS = 4 * 3_600_000;

const cents = (c: number) => Math.round(c) / 100;

interface Leg extends ExtraLeg {
  txn: ProviderTransaction;
}

/** The account movements of the user's transfers, as of `today`. */
function transferLegs(model: UserModel, rows: SandboxTransfersTable[], today: string): Leg[] {
  const names = new Map(model.profile.accounts.map((a) => [a.account_id, a]));
  const legs: Leg[] = [];
  for (const t of rows) {
    const pending = today < t.settlement_day;
    const amount = Number(t.amount_cents);
    const createdAt = Number(t.created_at);
    const make = (leg: 'out' | 'in', accountId: string, signed: number, merchant: string, category: string) => {
      legs.push({
        account_id: accountId,
        date: t.created_day,
        amount_cents: signed,
        pending,
        txn: {
          transaction_id: stableId('txn_', 28, 'sandbox-transfer-txn-v1', t.transfer_id, leg),
          account_id: accountId,
          merchant_name: merchant,
          amount: cents(signed),
          iso_currency_code: 'USD',
          date: t.created_day,
          pending,
          personal_finance_category_primary: category,
          amount_cents: signed,
          // After the day's generated transactions, in creation order.
          sort_key: `${t.created_day}|1|${String(createdAt).padStart(15, '0')}|${t.transfer_id}|${leg}`,
        },
      });
    };
    if (t.shape === 'A') {
      if (t.direction === 'debit') make('out', t.account_id, amount, t.description || 'ACH Debit', 'TRANSFER_OUT');
      else make('in', t.account_id, -amount, t.description || 'ACH Credit', names.get(t.account_id)?.kind === 'credit' ? 'LOAN_PAYMENTS' : 'TRANSFER_IN');
    } else {
      const to = names.get(t.to_account_id ?? '');
      const from = names.get(t.account_id);
      make('out', t.account_id, amount, t.description || `Transfer to ${to?.name ?? 'account'}`, to?.kind === 'credit' ? 'LOAN_PAYMENTS' : 'TRANSFER_OUT');
      make('in', t.to_account_id ?? '', -amount, t.description || `Transfer from ${from?.name ?? 'account'}`, to?.kind === 'credit' ? 'LOAN_PAYMENTS' : 'TRANSFER_IN');
    }
  }
  return legs;
}

function accountView(a: ModelAccount, current: number, available: number): Account {
  return {
    account_id: a.account_id,
    name: a.name,
    mask: a.mask,
    type: a.type,
    subtype: a.subtype,
    current_balance: cents(current),
    available_balance: cents(available),
    iso_currency_code: 'USD',
  };
}

function usd(c: number): string {
  return `$${(c / 100).toFixed(2)}`;
}

function providerTxn(t: ModelTransaction, today: string): ProviderTransaction {
  return {
    transaction_id: t.transaction_id,
    account_id: t.account_id,
    merchant_name: t.merchant_name,
    amount: cents(t.amount_cents),
    iso_currency_code: 'USD',
    date: t.date,
    pending: isPending(t, today),
    personal_finance_category_primary: t.category,
    amount_cents: t.amount_cents,
    sort_key: t.sort_key,
  };
}

const bySortKey = (a: { sort_key: string }, b: { sort_key: string }) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0);

/**
 * A page of the window from..to, generating only the months it reaches: months are
 * independent (model.ts), the window's total comes from the months' sizes, and the
 * transfer legs (few, stored) are merged into the month they are dated in.
 */
export function transactionPage(model: UserModel, legs: ProviderTransaction[], today: string, q: TransactionPageQuery): TransactionPage {
  const start = q.from < LEDGER_START ? LEDGER_START : q.from;
  if (start > q.to) return { transactions: [], total: q.order === 'desc' ? 0 : null };
  const lo = monthIndexOf(start);
  const hi = monthIndexOf(q.to);
  const legsOf = new Map<number, ProviderTransaction[]>();
  for (const l of legs) {
    if (l.date < start || l.date > q.to) continue;
    const mi = monthIndexOf(l.date);
    const list = legsOf.get(mi);
    if (list) list.push(l);
    else legsOf.set(mi, [l]);
  }
  const monthItems = (mi: number): ProviderTransaction[] => {
    const out: ProviderTransaction[] = [];
    for (const t of model.month(mi)) if (t.date >= start && t.date <= q.to) out.push(providerTxn(t, today));
    const extra = legsOf.get(mi);
    return extra ? out.concat(extra).sort(bySortKey) : out;
  };

  const page: ProviderTransaction[] = [];
  if (q.order === 'asc') {
    const after = q.after ?? null;
    for (let mi = lo; mi <= hi && page.length < q.limit; mi++) {
      // A month wholly at or before the position is not generated.
      if (after !== null && `${dayOfMonth(mi, daysInMonth(mi))}|9` <= after) continue;
      for (const t of monthItems(mi)) {
        if (after !== null && t.sort_key <= after) continue;
        page.push(t);
        if (page.length === q.limit) break;
      }
    }
    return { transactions: page, total: null };
  }
  const sizes: number[] = [];
  let total = 0;
  for (let mi = lo; mi <= hi; mi++) {
    const n = model.countBetween(mi, start, q.to) + (legsOf.get(mi)?.length ?? 0);
    sizes.push(n);
    total += n;
  }
  let skip = q.offset ?? 0;
  for (let mi = hi; mi >= lo && page.length < q.limit; mi--) {
    const n = sizes[mi - lo];
    if (skip >= n) {
      skip -= n;
      continue;
    }
    const items = monthItems(mi);
    for (let i = items.length - 1 - skip; i >= 0 && page.length < q.limit; i--) page.push(items[i]);
    skip = 0;
  }
  return { transactions: page, total };
}

export function createSandboxProvider(deps: Pick<Deps, 'database' | 'webhooks'>): AccountDataProvider {
  const scope = (ctx: ProviderContext): Scope => ({ partnerId: ctx.partnerId, environment: ctx.environment });

  async function balances(ctx: ProviderContext, db: Executor, userId: string) {
    const model = userModel(ctx.partnerId, userId);
    const today = utcDay(ctx.now);
    const legs = transferLegs(model, await userTransfers(db, scope(ctx), userId, today), today);
    return { model, today, balances: balancesOn(model, today, legs) };
  }

  async function accounts(ctx: ProviderContext, db: Executor, userId: string): Promise<Account[]> {
    const { model, balances: b } = await balances(ctx, db, userId);
    await ensureAccounts(db, scope(ctx), userId, model.profile.accounts, ctx.now);
    return model.profile.accounts.map((a) => {
      const x = b.get(a.account_id)!;
      return accountView(a, x.current_cents, x.available_cents);
    });
  }

  return {
    name: 'sandbox',

    async createLinkToken(ctx, userId) {
      return {
        link_token: `link-sandbox-${stableUuid('sandbox-link-token-v1', ctx.partnerId, userId, ctx.now)}`,
        expiration: iso(ctx.now + LINK_TOKEN_TTL_MS),
        request_id: stableId('', 15, 'sandbox-request-v1', ctx.partnerId, userId, ctx.now),
      };
    },

    async exchangePublicToken(ctx, db, req) {
      const model = userModel(ctx.partnerId, req.userId);
      const tokenHash = sha256Hex(req.publicToken);
      const institution = req.institution ?? { ...model.profile.institution };
      const itemId = `item-sandbox-${stableUuid('sandbox-item-v1', ctx.partnerId, ctx.environment, tokenHash)}`;
      const inserted = await insertItem(db, {
        item_id: itemId,
        partner_id: ctx.partnerId,
        environment: ctx.environment,
        user_id: req.userId,
        public_token_hash: tokenHash,
        institution: JSON.stringify(institution),
        created_at: ctx.now,
      });
      if (!inserted) return null;
      const name = typeof institution.name === 'string' ? institution.name : typeof institution.institution_id === 'string' ? institution.institution_id : null;
      return { item_id: itemId, institution, institutionName: name ? name.slice(0, 60) : null, accounts: await accounts(ctx, db, req.userId) };
    },

    getAccounts: (ctx, userId) => accounts(ctx, deps.database.db, userId),

    async getTransactions(ctx, userId, q) {
      const model = userModel(ctx.partnerId, userId);
      const today = utcDay(ctx.now);
      await ensureAccounts(deps.database.db, scope(ctx), userId, model.profile.accounts, ctx.now);
      const legs = transferLegs(model, await userTransfers(deps.database.db, scope(ctx), userId, q.to, q.from), today).map((l) => l.txn);
      return transactionPage(model, legs, today, q);
    },

    async createTransfer(ctx, db, req: TransferRequest): Promise<TransferResult> {
      const s = scope(ctx);
      const from = await findAccount(db, s, req.accountId);
      const field = req.shape === 'A' ? 'account_id' : 'from_account_id';
      if (!from) throw errors.notFound(`Unknown ${field} '${req.accountId}': use an account_id from GET /accounts for this user`);
      if (req.shape === 'B') {
        const to = await findAccount(db, s, req.toAccountId!);
        if (!to) throw errors.notFound(`Unknown to_account_id '${req.toAccountId}': use an account_id from GET /accounts for this user`);
        if (to.account_id === from.account_id) throw errors.badRequest('from_account_id and to_account_id must be different accounts');
        if (to.user_id !== from.user_id) throw errors.badRequest('from_account_id and to_account_id must belong to the same end-user');
      }
      const debits = req.shape === 'B' || req.direction === 'debit';
      if (debits && from.kind === 'credit') {
        throw errors.badRequest(`Transfers cannot debit a credit card account (${field} '${req.accountId}'): use a checking or savings account`);
      }
      // Serialises transfers from this account until the caller's transaction ends.
      const seq = await nextTransferSeq(db, from.account_id);
      const today = utcDay(ctx.now);
      let failure: TransferResult['failure'] = null;
      if (debits) {
        const { balances: b } = await balances(ctx, db, from.user_id);
        const available = b.get(from.account_id)?.available_cents ?? 0;
        if (req.amountCents > available) {
          failure = {
            code: 'insufficient_funds',
            description: `The account's available balance (${usd(available)}) is less than the transfer amount (${usd(req.amountCents)})`,
          };
        }
      }
      const transferId = stableId('tr_', 24, 'sandbox-transfer-v1', ctx.partnerId, ctx.environment, from.account_id, seq);
      const settlementDay = nextBusinessDay(today);
      const status = failure ? 'failed' : req.shape === 'A' ? 'pending' : 'submitted';
      await insertTransfer(db, {
        transfer_id: transferId,
        partner_id: ctx.partnerId,
        environment: ctx.environment,
        user_id: from.user_id,
        shape: req.shape,
        account_id: from.account_id,
        to_account_id: req.toAccountId,
        direction: req.direction,
        amount_cents: req.amountCents,
        description: req.description,
        rail: 'ach',
        status,
        failure_code: failure?.code ?? null,
        created_at: ctx.now,
        created_day: today,
        settlement_day: settlementDay,
        settled_at: null,
        failed_at: null,
        returned_at: null,
        return_code: null,
      });
      if (failure) {
        const facts = {
          transfer_id: transferId,
          partner_id: ctx.partnerId,
          environment: ctx.environment,
          user_id: from.user_id,
          account_id: from.account_id,
          to_account_id: req.toAccountId,
          direction: req.direction,
          amount_cents: req.amountCents,
        };
        await recordTransferFailed(deps, db, facts, failure, ctx.now);
      }
      return { userId: from.user_id, transferId, status, rail: 'ach', createdAt: ctx.now, settlementDay, failure };
    },

    async forecastCashflow(ctx, userId, horizonDays) {
      const { model, today, balances: b } = await balances(ctx, deps.database.db, userId);
      await ensureAccounts(deps.database.db, scope(ctx), userId, model.profile.accounts, ctx.now);
      return forecastCashflow(model, today, horizonDays, b.get(model.profile.checking.account_id)!.available_cents);
    },
  };
}
