/**
 * Every route of the service, one folder per credential (auth scope). Each scope's index.ts
 * opens its guard once and registers its operations; operations declare their full paths as
 * SPEC.md writes them. Nothing else registers routes: app.ts calls registerRoutes and that is all.
 *
 *   public/        no credential
 *   portal/        partner session
 *   admin/         administrator session
 *   platform/      platform ingest secret (INGEST_SECRET)
 *   partner-api/   API key; with-ingest-secret/ (+ the partner's ingest secret), sandbox/ (the sandbox layer)
 *   web/           no credential: the built web app (/portal/, its /assets/), whose pages sign in through /api/auth/*
 *   operations/    loopback or METRICS_TOKEN (/metrics, outside the API document)
 */
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../context.js';
import { makeGuards } from '../http/auth.js';
import { adminScope } from './admin/index.js';
import { operationsScope } from './operations/index.js';
import { partnerApiScope } from './partner-api/index.js';
import { platformScope } from './platform/index.js';
import { portalScope } from './portal/index.js';
import { publicScope } from './public/index.js';
import { webRoutes } from './web/index.js';
import type { ScopeOptions } from './scope.js';

export async function registerRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const opts: ScopeOptions = { deps, guards: makeGuards(deps) };
  await app.register(publicScope, opts);
  await app.register(partnerApiScope, opts);
  await app.register(portalScope, opts);
  await app.register(platformScope, opts);
  await app.register(adminScope, opts);
  await app.register(webRoutes, opts);
  await app.register(operationsScope, opts);
}
