/** POST /api/auth/partner/verify-email/resend: a new verification link for the signed-in partner's account email. */
import { errorResponses, security } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import { resendAccountVerification } from '../../areas/accounts/email-verification.js';
import { typed, type Routes } from '../scope.js';

export const emailVerificationRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.post(
    '/api/auth/partner/verify-email/resend',
    {
      schema: {
        operationId: 'resendPartnerEmailVerification',
        tags: ['auth'],
        summary: 'Mail a new verification link to the account email',
        description:
          'Answers 202 when a link was sent (earlier links stop working), 200 with `sent: false` when the email is already verified. ' +
          'At most 5 verification mails per account per hour (every kind together): 429 `verification_mail_limited` with Retry-After.',
        security: security.partnerSession,
        response: { 200: S.VerificationSent, 202: S.VerificationSent, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const out = await resendAccountVerification(deps, request.partner.id);
      return reply.code(out.sent ? 202 : 200).send(out);
    },
  );
};
