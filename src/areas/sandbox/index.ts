/**
 * Sandbox layer: link token, accounts, transactions, transfers, cash-flow (issue 7).
 *   sandboxV1KeyRoutes inside the API-key scope; opts.form tells /api/v1 (machine) from /v1 (reference)
 *
 * Test keys are answered by the sandbox provider; live keys by a real aggregator
 * (402 before the partner is production-enabled, 503 while none is configured).
 */
import type { FastifyRequest } from 'fastify';
import type { Area } from '../../http/area.js';
import { typed } from '../../http/area.js';
import { errorResponses, security } from '../../http/schemas.js';
import { resolveProvider, type AccountDataProvider } from './provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import {
  AccountsLinkReq,
  AccountsLinkResp,
  AccountsList,
  AccountsListRef,
  CashflowQuery,
  CashflowRefResp,
  CashflowResp,
  LinkTokenCreateBody,
  LinkTokenResp,
  TransactionList,
  TransactionsPage,
  TransactionsQuery,
  TransactionsSyncQuery,
  TransferBody,
  TransferHeaders,
  TransferResp,
  UserQuery,
} from './schemas.js';
import {
  cashflowRef,
  cashflowResp,
  createLinkToken,
  createTransfer,
  forecast,
  linkAccounts,
  listAccounts,
  listTransactions,
  syncTransactions,
} from './service.js';

const TAGS = ['sandbox'];

/** Transactions a request of the key's rate limit pays for: a larger page weighs more. */
export const WEIGHT_UNIT = 100;

/** The rate-limit weight of a /v1/transactions request (read before validation: anything unparsable weighs 1). */
function pageWeight(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown> | undefined)?.limit;
  const limit = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  return Math.max(1, Math.ceil(Math.min(limit, 500) / WEIGHT_UNIT));
}

export const sandboxV1KeyRoutes: Area = async (app, opts) => {
  const { deps, form } = opts;
  const sandbox = createSandboxProvider(deps);
  const providers = new WeakMap<FastifyRequest, AccountDataProvider>();
  const caller = (request: FastifyRequest) => ({ partnerId: request.partner.id, environment: request.environment });
  const provider = (request: FastifyRequest) => providers.get(request)!;

  // After the key guard (401/403), before validation: 402 / 503 for live keys.
  app.addHook('onRequest', async (request) => {
    providers.set(request, resolveProvider(deps, sandbox, request.partner, request.environment));
  });

  const common = errorResponses(401, 402, 403, 422, 429, 503);
  const r = typed(app);

  r.post(
    '/link/token/create',
    {
      schema: {
        operationId: 'createLinkToken',
        tags: TAGS,
        summary: 'Create a Link token for an end-user',
        description: 'Test keys get `link-sandbox-…` tokens that expire 4 hours after creation.',
        security: security.key,
        body: LinkTokenCreateBody,
        response: { 200: LinkTokenResp, ...common },
      },
    },
    async (request) => createLinkToken(deps, provider(request), caller(request), request.body.user_id),
  );

  r.post(
    '/accounts/link',
    {
      schema: {
        operationId: 'linkAccounts',
        tags: TAGS,
        summary: "Exchange a public token for the end-user's item and accounts",
        description: 'Records an `account_link` usage event. A public token is accepted once per partner: a second exchange answers 400.',
        security: security.key,
        body: AccountsLinkReq,
        response: { 200: AccountsLinkResp, ...errorResponses(400), ...common },
      },
    },
    async (request) => linkAccounts(deps, provider(request), caller(request), request.body),
  );

  r.get(
    '/accounts',
    {
      schema: {
        operationId: 'listAccounts',
        tags: TAGS,
        summary: "The end-user's accounts with their balances",
        description: 'Checking, savings and a credit card. Balances agree with the transactions (transfers included). The /v1 form omits `mask`.',
        security: security.key,
        querystring: UserQuery,
        response: { 200: form === 'reference' ? AccountsListRef : AccountsList, ...common },
      },
    },
    async (request) => listAccounts(deps, provider(request), caller(request), request.query.user_id),
  );

  if (form === 'machine') {
    r.get(
      '/transactions',
      {
        schema: {
          operationId: 'listTransactions',
          tags: TAGS,
          summary: "The end-user's transactions in a date window, newest first",
          description:
            'Window start_date..end_date (default: the 30 days up to today). Pages of `limit` (1-100, default 10) from `offset`; `total` counts the whole window. ' +
            'Each returned transaction records a `transaction` usage event. The /v1 form is cursor-based instead (since, limit up to 500, cursor).',
          security: security.key,
          querystring: TransactionsQuery,
          response: { 200: TransactionList, ...common },
        },
      },
      async (request) => listTransactions(deps, provider(request), caller(request), request.query),
    );
  } else {
    r.get(
      '/transactions',
      {
        config: { rateWeight: pageWeight },
        schema: {
          operationId: 'listTransactions',
          tags: TAGS,
          summary: "The end-user's transactions, oldest first, by cursor",
          description: `Counts as one request of the key's per-second limit per ${WEIGHT_UNIT} transactions of \`limit\` (rounded up): a page of 500 counts as 5.`,
          security: security.key,
          querystring: TransactionsSyncQuery,
          response: { 200: TransactionsPage, ...common },
        },
      },
      async (request) => syncTransactions(deps, provider(request), caller(request), request.query),
    );
  }

  r.post(
    '/transfers',
    {
      schema: {
        operationId: 'createTransfer',
        tags: TAGS,
        summary: 'Move money (shape A or shape B)',
        description:
          'Shape A {account_id, amount_cents, direction, description} answers {transfer_id, status: pending, …}; shape B {from_account_id, to_account_id, amount, currency, memo} answers {id, status: submitted, rail, estimated_settlement, …}. ' +
          'Idempotent for 24 hours on the Idempotency-Key header or the idempotency_key field: the same key and body give the first answer again, another body 422, a request still in flight 409. ' +
          'A debit above the available balance is answered with status `failed` and failure_reason insufficient_funds.',
        security: security.key,
        headers: TransferHeaders,
        body: TransferBody,
        response: { 200: TransferResp, ...errorResponses(400, 404, 409), ...common },
      },
    },
    async (request, reply) => {
      const out = await createTransfer(deps, provider(request), caller(request), request.body, request.headers['idempotency-key']);
      if (out.replayed) reply.header('Idempotent-Replayed', 'true');
      return out.body;
    },
  );

  r.get(
    '/insights/cashflow',
    {
      schema: {
        operationId: 'getCashflowForecast',
        tags: TAGS,
        summary: 'Cash-flow forecast of the checking account',
        description:
          'One point per day after today up to horizon_days (1-90, default 14): net = inflow − outflow, projected balance = previous + net, runway_days = days before it first goes below zero. ' +
          'The /v1 form answers the alternative shape (projected_min_balance, projected_min_date, confidence, alerts) from the same forecast.',
        security: security.key,
        querystring: CashflowQuery,
        response: { 200: form === 'reference' ? CashflowRefResp : CashflowResp, ...common },
      },
    },
    async (request) => {
      const { model, generatedAt } = await forecast(deps, provider(request), caller(request), request.query.user_id, request.query.horizon_days);
      return form === 'reference' ? cashflowRef(model, generatedAt) : cashflowResp(model, generatedAt);
    },
  );
};
