/**
 * API key (X-API-Key or Authorization: Bearer): every route in this scope is authenticated
 * (`request.partner`, `request.environment`), rate limited and metered. Its operations answer
 * under /api/v1 and /v1 (see ../v1-alias.ts). Nested scopes: with-ingest-secret/ (key + the
 * partner's ingest secret) and sandbox/ (the sandbox layer: 402 for a live key before activation).
 */
import { usageKeyScopeHooks } from '../../areas/metering/index.js';
import { requestLogHooks } from '../../areas/request-log/capture.js';
import type { Routes } from '../scope.js';
import { withV1Alias } from '../v1-alias.js';
import { calculateRoutes } from './calculate.js';
import { profileRoutes } from './profile.js';
import { security } from '../../http/schemas.js';
import { keyForm } from '../dual-form.js';
import { reportOperations } from '../dual/reports.js';
import { requestLogRoutes } from './requests.js';
import { sandboxScope } from './sandbox/index.js';
import { usageRoutes } from './usage.js';
import { ingestSecretScope } from './with-ingest-secret/index.js';
import { weighPartnerRoutes } from './weights.js';

export const partnerApiScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.apiKey);
  // After the key guard: the key's rate limit and one counted call.
  await usageKeyScopeHooks(app, opts);
  // Every request a key names a partner for goes to the searchable request log (queued, written in batches).
  requestLogHooks(app, opts.deps, 'api_key');
  // Before any route: each takes its rate-limit weight from the one table (weights.ts), or is refused.
  weighPartnerRoutes(app);
  await withV1Alias(app, opts, profileRoutes);
  await withV1Alias(app, opts, calculateRoutes);
  await withV1Alias(app, opts, usageRoutes);
  await withV1Alias(app, opts, keyForm(reportOperations, { tags: ['reports'], security: security.key }));
  await withV1Alias(app, opts, requestLogRoutes);
  await app.register(ingestSecretScope, opts);
  await app.register(sandboxScope, opts);
};
