/** The platform ingest secret (INGEST_SECRET, header or Bearer): server-to-server calls of the platform. */
import type { Routes } from '../scope.js';
import { keySyncRoutes } from './key-sync.js';
import { usageEventRoutes } from './usage-events.js';

export const platformScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.platformSecret);
  await app.register(keySyncRoutes, opts);
  await app.register(usageEventRoutes, opts);
};
