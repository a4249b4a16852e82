/** GET /api/v1/transactions (date window, offset pages); its /v1 form is cursor-based and weighted by page size. */
import { security } from '../../../http/schemas.js';
import { TransactionList, TransactionsPage, TransactionsQuery, TransactionsSyncQuery } from '../../../areas/sandbox/schemas.js';
import { listTransactions, syncTransactions } from '../../../areas/sandbox/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { caller, common, TAGS, type SandboxOptions } from './layer.js';

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
        schema: {
          operationId: 'listTransactions',
          tags: TAGS,
          summary: "The end-user's transactions, oldest first, by cursor",
          description: 'Since `since` (default: 90 days ago), `limit` up to 500 (default 100); without `cursor`, from the cursor last handed out for this user.',
          security: security.key,
          querystring: TransactionsSyncQuery,
          response: { 200: TransactionsPage, ...common },
        },
      },
      async (request) => syncTransactions(deps, provider(request), caller(request), request.query),
    );
  }
};
