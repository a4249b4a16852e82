/** Partner session (the portal): every route here has `request.session` and `request.partner`. */
import type { Routes } from '../scope.js';
import { withV1Alias } from '../v1-alias.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { keyRoutes } from './keys.js';
import { usageEventRoutes } from './usage-events.js';
import { usageCallRoutes } from './usage.js';

export const portalScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.partnerSession);
  await app.register(accountRoutes, opts);
  await app.register(apiKeyRoutes, opts);
  await withV1Alias(app, opts, keyRoutes);
  await app.register(usageEventRoutes, opts);
  await app.register(usageCallRoutes, opts);
};
