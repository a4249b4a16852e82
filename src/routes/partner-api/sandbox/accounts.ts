/** GET /api/v1/accounts (also under /v1, whose form omits `mask`). */
import { security } from '../../../http/schemas.js';
import { AccountsList, AccountsListRef, UserQuery } from '../../../areas/sandbox/schemas.js';
import { listAccounts } from '../../../areas/sandbox/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { caller, common, TAGS, type SandboxOptions } from './layer.js';

export const accountRoutes: Routes<SandboxOptions & V1Options> = async (app, { deps, provider, form, v1 }) => {
  const r = typed(app);

  r.get(
    v1('/api/v1/accounts'),
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
};
