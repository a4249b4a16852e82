/** GET /api/v1/transactions (date window, offset pages); its /v1 form is cursor-based and weighted by page size. */
import type { FastifyRequest } from 'fastify';
import { security } from '../../../http/schemas.js';
import { TransactionList, TransactionsPage, TransactionsQuery, TransactionsSyncQuery } from '../../../areas/sandbox/schemas.js';
import { listTransactions, syncTransactions } from '../../../areas/sandbox/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { caller, common, TAGS, type SandboxOptions } from './layer.js';

/** Transactions a request of the key's rate limit pays for: a larger page weighs more. */
export const WEIGHT_UNIT = 100;

/** The rate-limit weight of a /v1/transactions request (read before validation: anything unparsable weighs 1). */
function pageWeight(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown> | undefined)?.limit;
  const limit = typeof raw === 'string' && /^\d{1,4}$/.test(raw) ? Number(raw) : 0;
  return Math.max(1, Math.ceil(Math.min(limit, 500) / WEIGHT_UNIT));
}

export const transactionRoutes: Routes<SandboxOptions & V1Options> = async (app, { deps, provider, form, v1 }) => {
  const r = typed(app);

  if (form === 'machine') {
    r.get(
      v1('/api/v1/transactions'),
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
      v1('/api/v1/transactions'),
      {
        config: { rateWeight: pageWeight, rateWeightRule: 'a /v1/transactions page weighs one per 100 transactions of its limit' },
        schema: {
          operationId: 'listTransactions',
          tags: TAGS,
          summary: "The end-user's transactions, oldest first, by cursor",
          description:
            `Counts as one request of the key's per-second limit per ${WEIGHT_UNIT} transactions of \`limit\` (rounded up): a page of 500 counts as 5. ` +
            'A key may have pages weighing 5 in progress at once (one page of 500, or five of 100; KEY_COSTLY_IN_FLIGHT): ' +
            'a page beyond that answers 429 `costly_request_in_progress` at once, so read large pages one after another.',
          security: security.key,
          querystring: TransactionsSyncQuery,
          response: { 200: TransactionsPage, ...common },
        },
      },
      async (request) => syncTransactions(deps, provider(request), caller(request), request.query),
    );
  }
};
