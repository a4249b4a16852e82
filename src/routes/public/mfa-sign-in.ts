/** The sign-in's second step: POST /api/auth/{partner|admin}/login/mfa (no credential: the mfa_token of a right password). */
import { errorResponses } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import * as sessions from '../../areas/accounts/sessions.js';
import { MfaLogin } from '../../areas/mfa/schemas.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

const STEP =
  'The second step of a password sign-in that answered 401 `mfa_required`: its `mfa_token` (it works for 5 minutes, once) and a code of the authenticator app ' +
  '(a code works once: a replayed one is refused) or one of the recovery codes (each works once). Answers the session as the sign-in does and sets the svc_session cookie. ' +
  'A wrong code is 401 `mfa_code_invalid` and counts toward the sign-in lockout of the account and the client address (5 failures within 15 minutes: 429 `locked_out` with Retry-After); ' +
  'an unknown or used token is 401 `mfa_token_invalid`, an expired one 401 `mfa_token_expired` (sign in again).';

export const mfaSignInRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const limitLogin = publicWriteLimit(deps, 'login');

  r.post(
    '/api/auth/partner/login/mfa',
    {
      onRequest: limitLogin,
      config: { noStore: true },
      schema: {
        operationId: 'loginPartnerMfa',
        tags: ['auth'],
        summary: 'Partner sign-in, second step: the code of the second factor',
        description: `${STEP} A suspended account answers 403 \`partner_suspended\`.`,
        security: [],
        body: MfaLogin,
        response: { 200: S.PartnerSession, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await sessions.partnerLoginMfa(deps, request.body, sessions.clientOf(request))),
  );

  r.post(
    '/api/auth/admin/login/mfa',
    {
      onRequest: limitLogin,
      config: { noStore: true },
      schema: {
        operationId: 'loginAdminMfa',
        tags: ['auth'],
        summary: 'Administrator sign-in, second step: the code of the second factor',
        description: STEP,
        security: [],
        body: MfaLogin,
        response: { 200: S.AdminSession, ...errorResponses(401, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await sessions.adminLoginMfa(deps, request.body, sessions.clientOf(request))),
  );
};
