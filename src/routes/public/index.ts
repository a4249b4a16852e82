/**
 * No credential: the API document, probes, health, status, blog, changelog, pages, the
 * integration guide, sign-up/sign-in/sign-out, the password reset, email verification links and the public writes (each limited per
 * client address on its own route).
 */
import { defaultSecurity } from '../../http/openapi.js';
import { security } from '../../http/schemas.js';
import type { Routes } from '../scope.js';
import { withV1Alias } from '../v1-alias.js';
import { adminOidcRoutes } from './admin-oidc.js';
import { acceptInviteRoutes } from './accept-invite.js';
import { apiDocsRoutes } from './api-docs.js';
import { authRoutes } from './auth.js';
import { blogRoutes } from './blog.js';
import { changelogRoutes } from './changelog.js';
import { emailVerificationRoutes } from './email-verification.js';
import { healthRoutes } from './health.js';
import { integrationGuideRoutes } from './integration-guide.js';
import { mfaSignInRoutes } from './mfa-sign-in.js';
import { passkeySignInRoutes } from './passkey-sign-in.js';
import { pageRoutes } from './pages.js';
import { passwordResetRoutes } from './password-reset.js';
import { probeRoutes } from './probes.js';
import { requestRoutes } from './requests.js';
import { rootRoutes } from './root.js';
import { statusRoutes } from './status.js';

export const publicScope: Routes = async (app, opts) => {
  // No credential: the document states so on each operation.
  defaultSecurity(app, security.none);
  await app.register(apiDocsRoutes, opts);
  await app.register(probeRoutes, opts);
  await app.register(rootRoutes, opts);
  await withV1Alias(app, opts, healthRoutes);
  await withV1Alias(app, opts, integrationGuideRoutes);
  await app.register(authRoutes, opts);
  await app.register(mfaSignInRoutes, opts);
  await app.register(passkeySignInRoutes, opts);
  await app.register(adminOidcRoutes, opts);
  await app.register(passwordResetRoutes, opts);
  await app.register(acceptInviteRoutes, opts);
  await app.register(emailVerificationRoutes, opts);
  await app.register(statusRoutes, opts);
  await app.register(changelogRoutes, opts);
  await app.register(blogRoutes, opts);
  await app.register(pageRoutes, opts);
  await app.register(requestRoutes, opts);
};
