/**
 * The admin console's single sign-on (OpenID Connect): GET /api/auth/admin/oidc (is it on?),
 * /api/auth/admin/oidc/start (to the provider) and /api/auth/admin/oidc/callback (back from it).
 * No credential: the callback opens the administrator's session; every refusal sends the browser
 * to /admin/sign-in?error=<code>.
 */
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../context.js';
import { errorResponses, redirectResponse } from '../../http/schemas.js';
import { OIDC_CALLBACK_PATH, OIDC_COOKIE, OIDC_PATH, OIDC_STATE_TTL_MS, OidcRefused, beginSignIn, finishSignIn, ssoStatus } from '../../areas/accounts/oidc.js';
import * as S from '../../areas/accounts/schemas.js';
import * as sessions from '../../areas/accounts/sessions.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

const AUTH_TAG = ['auth'];
const SIGN_IN_PAGE = '/admin/sign-in';

function cookieOptions(deps: Deps) {
  return { path: OIDC_PATH, httpOnly: true, sameSite: 'lax' as const, secure: deps.publicUrl.base.startsWith('https://') };
}

/** A refusal: logged with its reason (never a token), and the browser sent to the sign-in page with its code. */
function refuse(deps: Deps, reply: FastifyReply, err: unknown): FastifyReply {
  if (!(err instanceof OidcRefused)) throw err;
  deps.log.info({ code: err.code, reason: err.reason }, 'administrator single sign-on refused');
  reply.clearCookie(OIDC_COOKIE, cookieOptions(deps));
  return reply.header('cache-control', 'no-store').redirect(`${SIGN_IN_PAGE}?error=${err.code}`, 302);
}

export const adminOidcRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const limit = publicWriteLimit(deps, 'admin-sso');

  r.get(
    OIDC_PATH,
    {
      schema: {
        operationId: 'getAdminSso',
        tags: AUTH_TAG,
        summary: "Whether the admin console's single sign-on is on, and whether password sign-in is",
        description:
          'Read by the console\'s sign-in page: with `enabled`, it shows "Sign in with <provider>" (a link to `start_url`); without `password_login` ' +
          '(ADMIN_PASSWORD_LOGIN=false), it hides the password form, and POST /api/auth/admin/login answers 403 `password_login_disabled`.',
        security: [],
        response: { 200: S.AdminSsoStatus },
      },
    },
    async () => ssoStatus(deps),
  );

  r.get(
    `${OIDC_PATH}/start`,
    {
      onRequest: limit,
      config: { noStore: true },
      schema: {
        operationId: 'startAdminSso',
        tags: AUTH_TAG,
        summary: 'Begin an administrator sign-in at the OpenID provider (a browser navigation)',
        description:
          'Answers 302 to the provider\'s authorization endpoint (authorization code with PKCE, a fresh state and nonce) and sets the short-lived `svc_oidc` cookie ' +
          `(HttpOnly, sealed, ${OIDC_STATE_TTL_MS / 60_000} minutes, single use) that the callback needs. When single sign-on is off or the provider cannot be reached, ` +
          '302 to /admin/sign-in?error=sso_not_configured or sso_provider_error. Limited per client address (429).',
        security: [],
        response: { ...redirectResponse('To the provider, or to /admin/sign-in?error=<code>'), ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      try {
        const begun = await beginSignIn(deps);
        reply.setCookie(OIDC_COOKIE, begun.cookie, { ...cookieOptions(deps), maxAge: OIDC_STATE_TTL_MS / 1000 });
        return reply.redirect(begun.location, 302);
      } catch (err) {
        return refuse(deps, reply, err);
      }
    },
  );

  r.get(
    OIDC_CALLBACK_PATH,
    {
      onRequest: limit,
      config: { noStore: true },
      schema: {
        operationId: 'finishAdminSso',
        tags: AUTH_TAG,
        summary: 'The OpenID provider sends the administrator back here (the redirect URI to register)',
        description:
          'Checks the state against the `svc_oidc` cookie (once: a replayed callback is refused), exchanges the code with the PKCE verifier, verifies the ID token ' +
          '(signature, issuer, audience, nonce, expiry), requires `email_verified` when the provider sends it, and checks the address against ADMIN_OIDC_ALLOWED_EMAILS ' +
          'and the group claim against ADMIN_OIDC_REQUIRED_GROUP. The administrator of that address is created at the first sign-in, without a password (audited, actor `oidc`). ' +
          'Then 302 to /admin/ with the svc_session cookie, as after a password sign-in. Every refusal is a 302 to /admin/sign-in?error=<code>: `sso_not_allowed`, ' +
          '`sso_email_unverified`, `sso_provider_error`, `sso_state_invalid`, `sso_expired`, `sso_not_configured`.',
        security: [],
        querystring: S.OidcCallbackQuery,
        response: { ...redirectResponse('To /admin/ signed in, or to /admin/sign-in?error=<code>'), ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const cookie = request.headers.cookie ? request.server.parseCookie(request.headers.cookie)[OIDC_COOKIE] : undefined;
      try {
        const session = await finishSignIn(deps, search, cookie, sessions.clientOf(request));
        reply.clearCookie(OIDC_COOKIE, cookieOptions(deps));
        sessions.setSessionCookie(deps, reply, session);
        return reply.redirect('/admin/', 302);
      } catch (err) {
        return refuse(deps, reply, err);
      }
    },
  );
};
