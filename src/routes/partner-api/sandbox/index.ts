/**
 * The sandbox layer, inside the API-key scope: link token, accounts, transactions, transfers,
 * cash-flow. Test keys are answered by the sandbox provider; live keys by a real aggregator
 * (402 before the partner is production-enabled, 503 while none is configured).
 */
import type { FastifyRequest } from 'fastify';
import { resolveProvider, type AccountDataProvider } from '../../../areas/sandbox/provider.js';
import { createSandboxProvider } from '../../../areas/sandbox/sandbox-provider.js';
import type { Routes } from '../../scope.js';
import { withV1Alias } from '../../v1-alias.js';
import { accountRoutes } from './accounts.js';
import { cashflowRoutes } from './cashflow.js';
import { controlRoutes, requireTestKey } from './controls.js';
import type { SandboxOptions } from './layer.js';
import { linkRoutes } from './link.js';
import { transactionRoutes } from './transactions.js';
import { transferRoutes } from './transfers.js';

export const sandboxScope: Routes = async (app, opts) => {
  const { deps } = opts;
  // The sandbox layer answers a live key of an account without production access with its own 402.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), liveBeforeActivation: 'payment_required' } as typeof route.config;
  });

  const sandbox = createSandboxProvider(deps);
  const providers = new WeakMap<FastifyRequest, AccountDataProvider>();
  // After the key guard (401/403), before validation: 402 / 503 for live keys.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.testKeyOnly) return requireTestKey(request);
    providers.set(request, resolveProvider(deps, sandbox, request.partner, request.environment));
  });
  const layer: SandboxOptions = { ...opts, provider: (request) => providers.get(request)! };

  await withV1Alias(app, layer, linkRoutes);
  await withV1Alias(app, layer, accountRoutes);
  await withV1Alias(app, layer, transactionRoutes);
  await withV1Alias(app, layer, transferRoutes);
  await withV1Alias(app, layer, cashflowRoutes);
  await withV1Alias(app, layer, controlRoutes);
};
