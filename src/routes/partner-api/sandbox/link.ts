/** The Link flow: POST /api/v1/link/token/create, POST /api/v1/accounts/link (also under /v1). */
import { errorResponses, security } from '../../../http/schemas.js';
import { AccountsLinkReq, AccountsLinkResp, LinkTokenCreateBody, LinkTokenResp } from '../../../areas/sandbox/schemas.js';
import { createLinkToken, linkAccounts } from '../../../areas/sandbox/service.js';
import { typed, type Routes } from '../../scope.js';
import type { V1Options } from '../../v1-alias.js';
import { caller, common, TAGS, type SandboxOptions } from './layer.js';

export const linkRoutes: Routes<SandboxOptions & V1Options> = async (app, { deps, provider, v1 }) => {
  const r = typed(app);

  r.post(
    v1('/api/v1/link/token/create'),
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
    v1('/api/v1/accounts/link'),
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
};
