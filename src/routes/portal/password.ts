/** POST /api/auth/partner/password: the signed-in partner changes its password. */
import { errorResponses, security } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import * as passwords from '../../areas/accounts/passwords.js';
import { typed, type Routes } from '../scope.js';

export const passwordRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.post(
    '/api/auth/partner/password',
    {
      schema: {
        operationId: 'changePartnerPassword',
        tags: ['auth'],
        summary: 'Change the password of the signed-in partner',
        description:
          'Checks `current_password` like a sign-in: a wrong one is 401 `invalid_credentials` and counts toward the sign-in lockout of the ' +
          'account and of the client address (429 `locked_out` with Retry-After once locked). `new_password` follows the password policy ' +
          '(422 naming the broken rule). Success ends every other session of the account (this one stays) and any pending reset link. ' +
          'A session opened by pasting an API key cannot change the password: 403 `password_session_required`.',
        security: security.partnerSession,
        body: S.PasswordChange,
        response: { 200: S.PasswordChanged, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => passwords.changePassword(deps, 'partner', request.session, request.body, request.ip),
  );
};
