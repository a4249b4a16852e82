/**
 * The key's usage this month and its alert thresholds (also under /v1): /api/v1/usage and /api/v1/usage/alerts are
 * declared with their portal form in dual/usage.ts; /api/v1/usage/alerts/verify-email/resend here.
 */
import { errorResponses, security } from '../../http/schemas.js';
import { resendNotifyEmailVerification } from '../../areas/metering/service.js';
import { keyForm } from '../dual-form.js';
import { usageOperations } from '../dual/usage.js';
import { VerificationSent } from '../../areas/accounts/schemas.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

export const usageRoutes: Routes<V1Options> = async (app, opts) => {
  const { deps, v1 } = opts;
  // The key form of the usage operations (declared once with their portal form).
  await keyForm(usageOperations, { tags: ['usage'], security: security.key })(app, opts);
  const r = typed(app);
  const caller = (request: { partner: { id: string }; environment: 'test' | 'live' }) => ({ partnerId: request.partner.id, environment: request.environment });

  r.post(
    v1('/api/v1/usage/alerts/verify-email/resend'),
    {
      schema: {
        operationId: 'resendUsageAlertEmailVerification',
        tags: ['usage'],
        summary: "Mails a new verification link to the notify_email of the key's environment",
        description:
          'Answers 202 when a link was sent (earlier links for that address stop working), 200 with `sent: false` when the address needs none ' +
          '(already verified, or it is the account email), 409 when no notify_email is set or the account email is not verified yet. ' +
          'At most 5 verification mails per account per hour: ' +
          '429 `verification_mail_limited` with Retry-After.',
        security: security.key,
        response: { 200: VerificationSent, 202: VerificationSent, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const out = await resendNotifyEmailVerification(deps, caller(request));
      return reply.code(out.sent ? 202 : 200).send(out);
    },
  );
};
