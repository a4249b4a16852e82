/**
 * Signing in with a passkey: as the second step of a password sign-in (`…/login/mfa/passkey[/options]`, with the
 * `mfa_token`), or password-less (`…/login/passkey[/options]`), for members (partner) and administrators.
 */
import { errorResponses } from '../../http/schemas.js';
import * as A from '../../areas/accounts/schemas.js';
import * as sessions from '../../areas/accounts/sessions.js';
import * as S from '../../areas/passkeys/schemas.js';
import * as passkeys from '../../areas/passkeys/service.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { PASSKEY_BODY_LIMIT } from '../account-passkeys.js';
import { typed, type Routes } from '../scope.js';

const STEP_OPTIONS =
  'The second step of a password sign-in that answered 401 `mfa_required` with `factors` including `passkey`: answers the options for ' +
  '`navigator.credentials.get()` naming the account\'s passkeys. Their challenge is bound to the `mfa_token` and works once, for 5 minutes. ' +
  'An unknown or used token is 401 `mfa_token_invalid`, an expired one 401 `mfa_token_expired`; 409 `conflict` when the account has no passkey.';

const STEP =
  'The answer of `navigator.credentials.get()` to the options of `…/login/mfa/passkey/options`, with the same `mfa_token`: answers the session as the sign-in does ' +
  'and sets the svc_session cookie (its method is `password`, the first factor). A passkey that is not the account\'s, a challenge not handed out for this ' +
  '`mfa_token` (or used, or expired), a wrong signature or a signature counter that went back (a copied authenticator, audited) is 401 `passkey_invalid`, ' +
  'counted toward the sign-in lockout of the account and of the client address (429 `locked_out`).';

const LOGIN_OPTIONS =
  'A password-less sign-in, first step: answers options for `navigator.credentials.get()` that name no account (the authenticator offers its discoverable ' +
  'passkeys) and require user verification. Their challenge works once, for 5 minutes.';

const LOGIN =
  'A password-less sign-in: the answer of `navigator.credentials.get()` to the options of `…/login/passkey/options`. The passkey (possession) with user ' +
  'verification (the authenticator\'s PIN or biometrics) counts as both factors: the session opens at once, with method `passkey`, and the svc_session cookie. ' +
  'An unknown passkey (or another role\'s), a challenge not handed out here (or used, or expired), a missing user verification, a wrong signature or a signature ' +
  'counter that went back is 401 `passkey_invalid`, counted toward the lockout of the client address (429 `locked_out`).';
const ADMIN_ONLY_SSO = ' Where ADMIN_PASSWORD_LOGIN=false leaves single sign-on the only way in, 403 `password_login_disabled`.';

/** What differs between the roles' sign-in answers: the session's schema, the service's step and the refusals each adds. */
const ROLES = {
  partner: {
    op: 'Partner',
    who: 'Partner',
    session: A.PartnerSession,
    mfa: { signIn: passkeys.partnerLoginMfaPasskey, extra: ' A suspended account answers 403 `partner_suspended`.', errors: [401, 403, 413, 422, 429] },
    login: { signIn: passkeys.partnerLoginPasskey, extra: ' A suspended account answers 403 `partner_suspended`.', errors: [401, 403, 413, 422, 429] },
  },
  admin: {
    op: 'Admin',
    who: 'Administrator',
    session: A.AdminSession,
    mfa: { signIn: passkeys.adminLoginMfaPasskey, extra: '', errors: [401, 413, 422, 429] },
    login: { signIn: passkeys.adminLoginPasskey, extra: ADMIN_ONLY_SSO, errors: [401, 403, 413, 422, 429] },
  },
} as const;

export const passkeySignInRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  // Per client address, a budget for each way in (as the password sign-in has its own).
  const limitStep = publicWriteLimit(deps, 'passkey-mfa');
  const limitLogin = publicWriteLimit(deps, 'passkey-login');
  const roles = ['partner', 'admin'] as const;

  for (const role of roles) {
    const { op, who } = ROLES[role];

    r.post(
      `/api/auth/${role}/login/mfa/passkey/options`,
      {
        onRequest: limitStep,
        config: { noStore: true },
        schema: {
          operationId: `login${op}MfaPasskeyOptions`,
          tags: ['auth'],
          summary: `${who} sign-in, second step with a passkey: the options`,
          description: STEP_OPTIONS,
          security: [],
          body: S.PasskeyMfaOptionsBody,
          response: { 200: S.RequestOptions, ...errorResponses(401, 409, 413, 422, 429) },
        },
      },
      async (request) => passkeys.mfaOptions(deps, role, request.body.mfa_token),
    );

    r.post(
      `/api/auth/${role}/login/passkey/options`,
      {
        onRequest: limitLogin,
        config: { noStore: true },
        schema: {
          operationId: `login${op}PasskeyOptions`,
          tags: ['auth'],
          summary: `${who} password-less sign-in with a passkey: the options`,
          description: LOGIN_OPTIONS,
          security: [],
          response: { 200: S.RequestOptions, ...errorResponses(413, 422, 429) },
        },
      },
      async () => passkeys.loginOptions(deps, role),
    );
  }

  // The answers, in the order the API document has always listed them (second step for both roles, then password-less).
  for (const role of roles) {
    const { op, who, session, mfa } = ROLES[role];
    r.post(
      `/api/auth/${role}/login/mfa/passkey`,
      {
        onRequest: limitStep,
        bodyLimit: PASSKEY_BODY_LIMIT,
        config: { noStore: true },
        schema: {
          operationId: `login${op}MfaPasskey`,
          tags: ['auth'],
          summary: `${who} sign-in, second step: the passkey's answer`,
          description: STEP + mfa.extra,
          security: [],
          body: S.PasskeyMfaLogin,
          response: { 200: session, ...errorResponses(...mfa.errors) },
        },
      },
      async (request, reply) => sessions.answerSignIn(deps, reply, await mfa.signIn(deps, request.body, sessions.clientOf(request))),
    );
  }

  for (const role of roles) {
    const { op, who, session, login } = ROLES[role];
    r.post(
      `/api/auth/${role}/login/passkey`,
      {
        onRequest: limitLogin,
        bodyLimit: PASSKEY_BODY_LIMIT,
        config: { noStore: true },
        schema: {
          operationId: `login${op}Passkey`,
          tags: ['auth'],
          summary: `${who} password-less sign-in: the passkey's answer`,
          description: LOGIN + login.extra,
          security: [],
          body: S.PasskeyLogin,
          response: { 200: session, ...errorResponses(...login.errors) },
        },
      },
      async (request, reply) => sessions.answerSignIn(deps, reply, await login.signIn(deps, request.body, sessions.clientOf(request))),
    );
  }
};
