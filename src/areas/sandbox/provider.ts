/**
 * The account-data provider behind the sandbox layer's operations. Test keys are
 * answered by the sandbox provider (deterministic generated data); live keys go
 * to a real account-aggregation provider, plugged in by name (createDeps's
 * `liveProviders` option, or `registerLiveProvider`) and chosen by AGGREGATOR_PROVIDER. None exists yet, so a
 * production-enabled partner's live key answers 503 (and 402 before activation).
 *
 * Pagination, remembered cursors, idempotency and usage events are the layer's
 * own (service.ts) and work the same over every provider.
 */
import type { Config } from '../../config.js';
import type { Executor } from '../../db/database.js';
import type { Environment } from '../../db/schema/index.js';
import type { Forecast } from '../../domain/sandbox/cashflow.js';
import type { AuthedPartner } from '../../http/auth-cache.js';
import { errors } from '../../http/errors.js';
import type { Account, Transaction } from './schemas.js';

export interface ProviderContext {
  partnerId: string;
  environment: Environment;
  /** epoch ms (deps.clock) */
  now: number;
}

export interface LinkToken {
  link_token: string;
  expiration: string;
  request_id: string;
}

export interface LinkRequest {
  publicToken: string;
  userId: string;
  institution: Record<string, unknown> | null;
}

export interface LinkedItem {
  item_id: string;
  institution: Record<string, unknown>;
  /** The institution's display name, for the account_link usage event. */
  institutionName: string | null;
  accounts: Account[];
}

/** A transaction with its total-order key (pagination) and signed amount in cents (usage events). */
export interface ProviderTransaction extends Transaction {
  sort_key: string;
  amount_cents: number;
}

export interface TransactionPageQuery {
  from: string;
  to: string;
  /** asc: oldest first, strictly after the sort_key `after` when given; desc: newest first, from `offset`. */
  order: 'asc' | 'desc';
  after?: string | null;
  offset?: number;
  limit: number;
}

export interface TransactionPage {
  transactions: ProviderTransaction[];
  /** desc: how many transactions the window holds; asc: null (ask for one more than a page to know if more follow). */
  total: number | null;
}

export interface TransferRequest {
  shape: 'A' | 'B';
  /** Shape A: the account; shape B: the account debited. */
  accountId: string;
  /** Shape B: the account credited. */
  toAccountId: string | null;
  direction: 'debit' | 'credit';
  amountCents: number;
  description: string;
}

export interface TransferResult {
  userId: string;
  transferId: string;
  /** pending (shape A) | submitted (shape B) | failed */
  status: string;
  rail: string;
  createdAt: number;
  settlementDay: string;
  failure: { code: string; description: string } | null;
}

export interface AccountDataProvider {
  readonly name: string;
  createLinkToken(ctx: ProviderContext, userId: string): Promise<LinkToken>;
  /** null when this partner has exchanged the public token before. Writes through `db` (the caller's transaction). */
  exchangePublicToken(ctx: ProviderContext, db: Executor, req: LinkRequest): Promise<LinkedItem | null>;
  getAccounts(ctx: ProviderContext, userId: string): Promise<Account[]>;
  /**
   * One page of the transactions dated from..to (inclusive, `to` at most today). A provider
   * reads only what the page needs: a page of the newest transactions of a long window does
   * not cost the whole window.
   */
  getTransactions(ctx: ProviderContext, userId: string, q: TransactionPageQuery): Promise<TransactionPage>;
  /** Decides and records a transfer inside the caller's transaction; a refusal on balance grounds is a `failed` result, not an error. */
  createTransfer(ctx: ProviderContext, db: Executor, req: TransferRequest): Promise<TransferResult>;
  forecastCashflow(ctx: ProviderContext, userId: string, horizonDays: number): Promise<Forecast>;
}

/**
 * Builds a live provider from the process's services. `D` is the Deps container (src/context.ts names it as
 * `ProviderFactory<Deps>`); generic here so this module does not import the container that imports it.
 */
export type ProviderFactory<D> = (deps: D) => AccountDataProvider;

/** Plugs in a real aggregator under the name AGGREGATOR_PROVIDER selects (deps.liveProviders). */
export function registerLiveProvider<D>(deps: { liveProviders: Map<string, ProviderFactory<D>> }, name: string, factory: ProviderFactory<D>): void {
  deps.liveProviders.set(name, factory);
}

/**
 * The provider for a call: the sandbox for test keys; for live keys 402 until the
 * partner is production-enabled, then the configured aggregator or 503.
 */
export function resolveProvider<D extends { config: Pick<Config, 'aggregatorProvider'>; liveProviders: Map<string, ProviderFactory<D>> }>(
  deps: D,
  sandbox: AccountDataProvider,
  partner: AuthedPartner,
  environment: Environment,
): AccountDataProvider {
  if (environment === 'test') return sandbox;
  if (partner.activated_at === null) {
    throw errors.paymentRequired(
      'Production access is not enabled for this account: live keys reach real account data only once the account is activated. Use your test key (svc_test_…) for the sandbox.',
    );
  }
  const name = deps.config.aggregatorProvider;
  if (!name) {
    throw errors.notConfigured(
      'Account-aggregation provider not configured: live account data is not available on this server yet (AGGREGATOR_PROVIDER is unset). Use your test key (svc_test_…) for the sandbox.',
    );
  }
  const factory = deps.liveProviders.get(name);
  if (!factory) throw errors.notConfigured(`Account-aggregation provider '${name}' is not available on this server: live account data cannot be reached.`);
  return factory(deps);
}
