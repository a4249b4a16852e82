/** The key's usage this month and its alert thresholds: /api/v1/usage, /api/v1/usage/alerts (also under /v1). */
import { errorResponses, security } from '../../http/schemas.js';
import { AlertsDeleted, UsageAlertBody, UsageAlertConfig, UsageRecord } from '../../areas/usage/schemas.js';
import { currentUsage, deleteAlerts, getAlerts, putAlerts } from '../../areas/usage/service.js';
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
};
