/** POST /api/auth/partner/verify-email: follows an email verification link (no session: the link may open in another browser). */
import { errorResponses } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import { verifyEmailToken } from '../../areas/accounts/email-verification.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

export const emailVerificationRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.post(
    '/api/auth/partner/verify-email',
    {
      onRequest: publicWriteLimit(deps, 'verify-email'),
      schema: {
        operationId: 'verifyPartnerEmail',
        tags: ['auth'],
        summary: 'Verify an email address with the token of the link that was mailed to it',
        description:
          'The portal page `/portal/verify-email?token=…` sends the token here. One endpoint for both kinds of link: the account email ' +
          '(`purpose: "account"`, after sign-up) and a usage-alert address (`purpose: "notify_email"`). A link works once and for 48 hours; a newer link ' +
          'for the same address replaces it. 400 `verification_token_invalid` (unknown token), 410 `verification_token_used`, 410 `verification_token_expired` ' +
          '(expired, replaced, or for an address the account no longer has). No session is needed.',
        security: [],
        body: S.VerifyEmailBody,
        response: { 200: S.VerifyEmailResult, ...errorResponses(400, 410, 413, 415, 422, 429) },
      },
    },
    async (request) => verifyEmailToken(deps, request.body.token),
  );
};
