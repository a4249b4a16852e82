/** POST /api/auth/partner/password-reset and /confirm: a partner who forgot its password sets a new one through a mailed link. */
import { errorResponses } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import * as passwords from '../../areas/accounts/passwords.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

export const passwordResetRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.post(
    '/api/auth/partner/password-reset',
    {
      onRequest: publicWriteLimit(deps, 'password-reset'),
      schema: {
        operationId: 'requestPartnerPasswordReset',
        tags: ['auth'],
        summary: 'Ask for a password-reset link by email',
        description:
          'Answers the same 202 at once whether or not an account uses the email; when one does, a link to ' +
          '`/portal/reset-password?token=…` is mailed to it. The link works once, for 30 minutes, and a newer request replaces it. ' +
          'Limited per email and per client address (429 with Retry-After).',
        security: [],
        body: S.PasswordResetRequest,
        response: { 202: S.PasswordResetAccepted, ...errorResponses(413, 422, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await passwords.requestPasswordReset(deps, request.body.email, request.ip)),
  );

  r.post(
    '/api/auth/partner/password-reset/confirm',
    {
      onRequest: publicWriteLimit(deps, 'password-reset-confirm'),
      schema: {
        operationId: 'confirmPartnerPasswordReset',
        tags: ['auth'],
        summary: 'Set a new password with the token of a reset link',
        description:
          '`new_password` follows the password policy (422 naming the broken rule; the token stays usable). Success uses the token up, ' +
          'ends every session of the account and opens none: sign in with the new password. An unknown or superseded token is 400 ' +
          '`reset_token_invalid`; an expired one 410 `reset_token_expired`; a used one 410 `reset_token_used`.',
        security: [],
        body: S.PasswordResetConfirm,
        response: { 200: S.PasswordChanged, ...errorResponses(400, 410, 413, 422, 429) },
      },
    },
    async (request) => passwords.confirmPasswordReset(deps, request.body),
  );
};
