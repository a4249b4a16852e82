/** The key's usage this month and its alert thresholds: /api/v1/usage, /api/v1/usage/alerts, /api/v1/usage/alerts/verify-email/resend (also under /v1). */
import { errorResponses, security } from '../../http/schemas.js';
import { AlertsDeleted, UsageAlertBody, UsageAlertConfig, UsageRecord } from '../../areas/metering/schemas.js';
import { currentUsage, deleteAlerts, getAlerts, putAlerts, resendNotifyEmailVerification } from '../../areas/metering/service.js';
import { VerificationSent } from '../../areas/accounts/schemas.js';
import { typed, type Routes } from '../scope.js';
import type { V1Options } from '../v1-alias.js';

export const usageRoutes: Routes<V1Options> = async (app, { deps, v1 }) => {
  const r = typed(app);
  const caller = (request: { partner: { id: string }; environment: 'test' | 'live' }) => ({ partnerId: request.partner.id, environment: request.environment });

  r.get(
    v1('/api/v1/usage'),
    {
      schema: {
        operationId: 'getUsage',
        tags: ['usage'],
        summary: 'Usage of the current month (UTC): calls, unique end-users and estimated bill, per environment',
        description: 'Counts are exact; calls made through other server processes appear within one flush interval (USAGE_FLUSH_MS, 1 s by default).',
        security: security.key,
        response: { 200: UsageRecord, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => currentUsage(deps, caller(request)),
  );

  r.get(
    v1('/api/v1/usage/alerts'),
    {
      schema: {
        operationId: 'getUsageAlerts',
        tags: ['usage'],
        summary: "The usage alert thresholds of the key's environment, the current values and what fired this month",
        security: security.key,
        response: { 200: UsageAlertConfig, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => getAlerts(deps, caller(request)),
  );

  r.put(
    v1('/api/v1/usage/alerts'),
    {
      schema: {
        operationId: 'putUsageAlerts',
        tags: ['usage'],
        summary: "Sets the usage alert thresholds and notify email of the key's environment",
        description:
          'A notify_email that is new here, is not the account email and was never verified by the account is mailed a single-use verification link ' +
          '(48 hours); alerts are mailed to it only once the link is followed (`notify_email_verified`, `mail_delivery`). While the account email is ' +
          'unverified no link is sent (ask for it with the resend operation afterwards). At most 5 verification mails per account per hour: beyond, ' +
          '429 `verification_mail_limited` and nothing changes.',
        security: security.key,
        body: UsageAlertBody,
        response: { 200: UsageAlertConfig, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => putAlerts(deps, caller(request), request.body),
  );

  r.delete(
    v1('/api/v1/usage/alerts'),
    {
      schema: {
        operationId: 'deleteUsageAlerts',
        tags: ['usage'],
        summary: "Clears every usage alert threshold of the key's environment",
        description: 'What already fired this month stays recorded, so setting the same threshold again does not notify twice in one month.',
        security: security.key,
        response: { 200: AlertsDeleted, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => deleteAlerts(deps, caller(request)),
  );

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
