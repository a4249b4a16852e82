/**
 * The signed-in partner's billing usage and alert thresholds, the session form of /api/v1/usage and
 * /api/v1/usage/alerts: /api/partners/me/usage/current, /api/partners/me/usage/alerts.
 * (/api/partners/me/usage itself is the usage-events dashboard, usage-events.ts.)
 */
import { errorResponses, security } from '../../http/schemas.js';
import { AlertsDeleted, UsageAlertBody, UsageAlertConfig, UsageRecord } from '../../areas/metering/schemas.js';
import { currentUsage, deleteAlerts, getAlerts, putAlerts } from '../../areas/metering/service.js';
import { typed, type Routes } from '../scope.js';
import { EnvironmentQuery, reader, writer } from './environment.js';

const TAG = ['portal'];
const LIVE_WRITE = ' A live-environment change needs production access (403 production_not_enabled), as with the live key.';

export const myUsageRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const secured = security.partnerSession;

  r.get(
    '/api/partners/me/usage/current',
    {
      schema: {
        operationId: 'getMyUsage',
        tags: TAG,
        summary: 'Usage of the current month (UTC): calls, unique end-users and estimated bill, per environment',
        description:
          'The session form of GET /api/v1/usage, which answers both environments to either key: so does this one, to every partner session. ' +
          'Calls are partner-API calls; portal requests are not counted.',
        security: secured,
        response: { 200: UsageRecord, ...errorResponses(401, 403) },
      },
    },
    async (request) => currentUsage(deps, { partnerId: request.partner.id, environment: request.session.keyEnvironment ?? 'live' }),
  );

  r.get(
    '/api/partners/me/usage/alerts',
    {
      schema: {
        operationId: 'getMyUsageAlerts',
        tags: TAG,
        summary: 'The usage alert thresholds of one environment, the current values and what fired this month',
        description: 'The session form of GET /api/v1/usage/alerts, in the environment the `environment` query parameter names.',
        security: secured,
        querystring: EnvironmentQuery,
        response: { 200: UsageAlertConfig, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => getAlerts(deps, reader(request, request.query.environment)),
  );

  r.put(
    '/api/partners/me/usage/alerts',
    {
      schema: {
        operationId: 'putMyUsageAlerts',
        tags: TAG,
        summary: 'Sets the usage alert thresholds and notify email of one environment',
        description: 'The session form of PUT /api/v1/usage/alerts: replaces the configuration (a threshold left out is off).' + LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        body: UsageAlertBody,
        response: { 200: UsageAlertConfig, ...errorResponses(401, 403, 413, 422) },
      },
    },
    async (request) => putAlerts(deps, writer(request, request.query.environment), request.body),
  );

  r.delete(
    '/api/partners/me/usage/alerts',
    {
      schema: {
        operationId: 'deleteMyUsageAlerts',
        tags: TAG,
        summary: 'Clears every usage alert threshold of one environment',
        description:
          'The session form of DELETE /api/v1/usage/alerts. What already fired this month stays recorded, so setting the same threshold again does not notify twice in one month.' +
          LIVE_WRITE,
        security: secured,
        querystring: EnvironmentQuery,
        response: { 200: AlertsDeleted, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => deleteAlerts(deps, writer(request, request.query.environment)),
  );
};
