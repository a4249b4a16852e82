/**
 * Partner session (the portal): every route here has `request.session` and `request.partner`.
 * Operations that act in one environment take it from the `environment` query (environment.ts).
 */
import { security } from '../../http/schemas.js';
import { portalForm } from '../dual-form.js';
import { calculationOperations } from '../dual/calculations.js';
import { reportOperations } from '../dual/reports.js';
import { usageOperations } from '../dual/usage.js';
import { webhookOperations } from '../dual/webhooks.js';
import { requestLogHooks } from '../../areas/request-log/capture.js';
import type { Routes } from '../scope.js';
import { withV1Alias } from '../v1-alias.js';
import { checkRole, requireRoleRules } from './roles.js';
import { accountRoutes } from './account.js';
import { apiKeyRoutes } from './api-keys.js';
import { ingestSecretRoutes } from './ingest-secret.js';
import { emailVerificationRoutes } from './email-verification.js';
import { keyRoutes } from './keys.js';
import { mfaRoutes } from './mfa.js';
import { passkeyRoutes } from './passkeys.js';
import { memberRoutes } from './members.js';
import { passwordRoutes } from './password.js';
import { myRequestLogRoutes } from './requests.js';
import { sessionRoutes } from './sessions.js';
import { usageEventRoutes } from './usage-dashboard.js';
import { myWebhookEventRoutes } from './webhook-events.js';
import { usageCallRoutes } from './usage-calls.js';

export const portalScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.partnerSession);
  // After the session guard: the member's role against the one permission table (roles.ts); a route without a rule fails the start.
  app.addHook('onRequest', checkRole);
  requireRoleRules(app);
  await app.register(accountRoutes, opts);
  await app.register(passwordRoutes, opts);
  await app.register(mfaRoutes, opts);
  await app.register(passkeyRoutes, opts);
  await app.register(emailVerificationRoutes, opts);
  await app.register(apiKeyRoutes, opts);
  await app.register(sessionRoutes, opts);
  await app.register(memberRoutes, opts);
  await app.register(ingestSecretRoutes, opts);
  await withV1Alias(app, opts, keyRoutes);
  await app.register(usageEventRoutes, opts);
  // The session forms of key and key + secret operations (the ingest secret never reaches a browser),
  // recorded in the request log as the key forms are.
  await app.register(async (forms) => {
    requestLogHooks(forms, opts.deps, 'session');
    await forms.register(portalForm(webhookOperations, security.partnerSession), opts);
    await forms.register(portalForm(usageOperations, security.partnerSession), opts);
    await forms.register(myWebhookEventRoutes, opts);
    await forms.register(portalForm(calculationOperations, security.partnerSession), opts);
    await forms.register(portalForm(reportOperations, security.partnerSession), opts);
  });
  await app.register(myRequestLogRoutes, opts);
  await app.register(usageCallRoutes, opts);
};
