/**
 * The billing usage of this month and the usage alert thresholds, declared once in two forms (dual-form.ts):
 * the key's (/api/v1/usage, /api/v1/usage/alerts; also under /v1) and the portal's session form
 * (/api/partners/me/usage/current, /api/partners/me/usage/alerts). (/api/partners/me/usage itself is the
 * usage-events dashboard, portal/usage-dashboard.ts.)
 */
import { AlertsDeleted, UsageAlertBody, UsageAlertConfig, UsageRecord } from '../../areas/metering/schemas.js';
import { currentUsage, deleteAlerts, getAlerts, putAlerts } from '../../areas/metering/service.js';
import { operation } from '../dual-form.js';

export const usageOperations = [
  operation({
    method: 'GET',
    key: '/api/v1/usage',
    portal: '/api/partners/me/usage/current',
    write: false,
    portalEnvironment: 'session',
    summary: 'Usage of the current month (UTC): calls, unique end-users and estimated bill, per environment',
    keyDoc: {
      operationId: 'getUsage',
      description: 'Counts are exact; calls made through other server processes appear within one flush interval (USAGE_FLUSH_MS, 1 s by default).',
    },
    portalDoc: {
      operationId: 'getMyUsage',
      whole:
        'The session form of GET /api/v1/usage, which answers both environments to either key: so does this one, to every partner session. ' +
        'Calls are partner-API calls; portal requests are not counted.',
    },
    errors: [401, 403],
    response: { 200: UsageRecord },
    handler: ({ deps, caller }) => currentUsage(deps, caller),
  }),

  operation({
    method: 'GET',
    key: '/api/v1/usage/alerts',
    portal: '/api/partners/me/usage/alerts',
    write: false,
    summary: 'The usage alert thresholds of one environment, the current values and what fired this month',
    keyDoc: { operationId: 'getUsageAlerts', summary: "The usage alert thresholds of the key's environment, the current values and what fired this month" },
    portalDoc: { operationId: 'getMyUsageAlerts', whole: 'The session form of GET /api/v1/usage/alerts, in the environment the `environment` query parameter names.' },
    errors: [401, 403],
    response: { 200: UsageAlertConfig },
    handler: ({ deps, caller }) => getAlerts(deps, caller),
  }),

  operation({
    method: 'PUT',
    key: '/api/v1/usage/alerts',
    portal: '/api/partners/me/usage/alerts',
    write: true,
    summary: 'Sets the usage alert thresholds and notify email of one environment',
    keyDoc: {
      operationId: 'putUsageAlerts',
      summary: "Sets the usage alert thresholds and notify email of the key's environment",
      description:
        'A notify_email that is new here, is not the account email and was never verified by the account is mailed a single-use verification link ' +
        '(48 hours); alerts are mailed to it only once the link is followed (`notify_email_verified`, `mail_delivery`). While the account email is ' +
        'unverified no link is sent (ask for it with the resend operation afterwards). At most 5 verification mails per account per hour: beyond, ' +
        '429 `verification_mail_limited` and nothing changes.',
    },
    portalDoc: { operationId: 'putMyUsageAlerts', whole: 'The session form of PUT /api/v1/usage/alerts: replaces the configuration (a threshold left out is off).' },
    body: UsageAlertBody,
    errors: [401, 403, 413, 422],
    response: { 200: UsageAlertConfig },
    handler: ({ deps, caller, body }) => putAlerts(deps, caller, body),
  }),

  operation({
    method: 'DELETE',
    key: '/api/v1/usage/alerts',
    portal: '/api/partners/me/usage/alerts',
    write: true,
    summary: 'Clears every usage alert threshold of one environment',
    keyDoc: {
      operationId: 'deleteUsageAlerts',
      summary: "Clears every usage alert threshold of the key's environment",
      description: 'What already fired this month stays recorded, so setting the same threshold again does not notify twice in one month.',
    },
    portalDoc: {
      operationId: 'deleteMyUsageAlerts',
      whole: 'The session form of DELETE /api/v1/usage/alerts. What already fired this month stays recorded, so setting the same threshold again does not notify twice in one month.',
    },
    errors: [401, 403],
    response: { 200: AlertsDeleted },
    handler: ({ deps, caller }) => deleteAlerts(deps, caller),
  }),
];
