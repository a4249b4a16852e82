/**
 * The partner API, mounted twice: under /api/v1 (machine form, in the OpenAPI
 * document) and /v1 (reference form, hidden from the document). One handler serves
 * both; only operations whose two forms differ look at `opts.form`.
 */
import type { Area } from '../http/area.js';
import { accountsV1KeyRoutes, accountsV1SessionRoutes } from './accounts/index.js';
import { calculationRoutes } from './calculations/routes.js';
import { profileRoutes } from './partners/v1.js';
import { publicV1Routes } from './public/index.js';
import { sandboxV1KeyRoutes } from './sandbox/index.js';
import { healthRoutes } from './system/routes.js';
import { usageKeyScopeHooks, usageV1KeyRoutes } from './usage/index.js';
import { webhooksV1KeyRoutes } from './webhooks/index.js';

export const partnerApi: Area = async (app, { deps, guards, form }) => {
  // Pass on only the area options (not this plugin's prefix).
  const opts = { deps, guards, form };
  if (form === 'reference') {
    app.addHook('onRoute', (route) => {
      route.schema = { ...(route.schema ?? {}), hide: true } as typeof route.schema;
    });
  }

  // No authentication.
  await app.register(healthRoutes, opts);
  await app.register(publicV1Routes, opts);

  // Partner session (the portal).
  await app.register(accountsV1SessionRoutes, opts);

  // API key: every route in this scope is authenticated, rate limited and metered.
  await app.register(async (keyScope) => {
    keyScope.addHook('onRequest', opts.guards.apiKey);
    await usageKeyScopeHooks(keyScope, opts);
    await keyScope.register(profileRoutes, opts);
    await keyScope.register(calculationRoutes, opts);
    await keyScope.register(accountsV1KeyRoutes, opts);
    await keyScope.register(webhooksV1KeyRoutes, opts);
    await keyScope.register(usageV1KeyRoutes, opts);
    await keyScope.register(async (sandbox) => {
      // The sandbox layer answers a live key of an account without production access with its own 402.
      sandbox.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), liveBeforeActivation: 'payment_required' } as typeof route.config;
      });
      await sandbox.register(sandboxV1KeyRoutes, opts);
    }, opts);
  }, opts);
};
