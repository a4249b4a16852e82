/** Administrator session (the admin console): every route here has `request.session` of an admin. */
import type { Routes } from '../scope.js';
import { accountRoutes } from './account.js';
import { auditLogRoutes } from './audit-log.js';
import { contactMessageRoutes } from './contact-messages.js';
import { deletionRequestRoutes } from './deletion-requests.js';
import { externalKeyRoutes } from './external-keys.js';
import { incidentRoutes } from './incidents.js';
import { indexNowRoutes } from './indexnow.js';
import { mailOutboxRoutes } from './mail-outbox.js';
import { partnerRoutes } from './partners.js';
import { mfaRoutes } from './mfa.js';
import { passkeyRoutes } from './passkeys.js';
import { partnerRequestLogRoutes } from './partner-requests.js';
import { passwordRoutes } from './password.js';
import { platformSecretRoutes } from './platform-secret.js';
import { sessionRoutes } from './sessions.js';
import { usageEventRoutes } from './usage-events.js';

export const adminScope: Routes = async (app, opts) => {
  app.addHook('onRequest', opts.guards.adminSession);
  await app.register(accountRoutes, opts);
  await app.register(passwordRoutes, opts);
  await app.register(mfaRoutes, opts);
  await app.register(passkeyRoutes, opts);
  await app.register(sessionRoutes, opts);
  await app.register(partnerRoutes, opts);
  await app.register(partnerRequestLogRoutes, opts);
  await app.register(externalKeyRoutes, opts);
  await app.register(platformSecretRoutes, opts);
  await app.register(auditLogRoutes, opts);
  await app.register(usageEventRoutes, opts);
  await app.register(mailOutboxRoutes, opts);
  await app.register(deletionRequestRoutes, opts);
  await app.register(contactMessageRoutes, opts);
  await app.register(incidentRoutes, opts);
  await app.register(indexNowRoutes, opts);
};
