/**
 * API key + the partner's own ingest secret (X-Service-Ingest-Secret), inside the API-key scope:
 * the operations that store or change data, so a leaked key alone cannot.
 */
import { security } from '../../../http/schemas.js';
import { keyForm } from '../../dual-form.js';
import { webhookOperations } from '../../dual/webhooks.js';
import type { Routes } from '../../scope.js';
import { withV1Alias } from '../../v1-alias.js';
import { calculationRoutes } from './calculations.js';
import { rotateKeyRoutes } from './rotate-key.js';
import { rotateSecretRoutes } from './rotate-secret.js';
import { webhookEventRoutes } from './webhook-events.js';
import { webhookStreamRoutes } from './webhook-stream.js';

export const ingestSecretScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.ingestSecret);
  await withV1Alias(app, opts, calculationRoutes);
  await withV1Alias(app, opts, rotateKeyRoutes);
  await withV1Alias(app, opts, rotateSecretRoutes);
  await withV1Alias(app, opts, keyForm(webhookOperations, { tags: ['webhooks'], security: security.keyAndSecret }));
  await withV1Alias(app, opts, webhookEventRoutes);
  await withV1Alias(app, opts, webhookStreamRoutes);
};
