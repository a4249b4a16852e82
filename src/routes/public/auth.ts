/** Sign-up, sign-in and sign-out: /api/auth/partner/*, /api/auth/admin/* (no credential; logout reads the session it ends). */
import { errorResponses, security } from '../../http/schemas.js';
import { dummyPasswordHash } from '../../lib/crypto.js';
import { presentedSessionToken } from '../../areas/accounts/common.js';
import * as S from '../../areas/accounts/schemas.js';
import * as sessions from '../../areas/accounts/sessions.js';
import * as signup from '../../areas/accounts/signup.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

const AUTH_TAG = ['auth'];

export const authRoutes: Routes = async (app, { deps, guards }) => {
  void dummyPasswordHash(); // computed once now, so the first unknown-email login costs the same as the others
  const r = typed(app);
  const limitLogin = publicWriteLimit(deps, 'login');
  const limitRegister = publicWriteLimit(deps, 'register');
  const limitRegisterConfirm = publicWriteLimit(deps, 'register-confirm');

  r.post(
    '/api/auth/partner/register',
    {
      onRequest: limitRegister,
      schema: {
        operationId: 'registerPartner',
        tags: AUTH_TAG,
        summary: 'Partner self sign-up: a link to finish is mailed to the address',
        description:
          'Checks the form (422 naming a broken rule, the password policy included) and answers the same 200 `SignUpAccepted` at once for every address, ' +
          'whether or not it has an account: nothing in the answer or its timing tells. For a new address a link to `/portal/sign-up/confirm?token=…` is mailed ' +
          '(it works once, for 48 hours, and creates the account: `POST /api/auth/partner/register/confirm`); the owner of an address that has an account is mailed ' +
          'that someone tried to sign up with it instead. Limited per client address and per email address (429 with Retry-After).',
        security: [],
        body: S.PartnerRegister,
        response: { 200: S.SignUpAccepted, ...errorResponses(413, 422, 429) },
      },
    },
    async (request) => signup.requestSignUp(deps, request.body),
  );

  r.post(
    '/api/auth/partner/register/confirm',
    {
      onRequest: limitRegisterConfirm,
      config: { noStore: true },
      schema: {
        operationId: 'confirmPartnerRegistration',
        tags: AUTH_TAG,
        summary: 'Finish a sign-up with the token of its link and the password chosen: creates the account and signs it in',
        description:
          'Creates the partner (email verified, with a test key, a live key and an ingest secret; live keys are not production-enabled until an administrator activates the account) ' +
          'and answers a session like the login operation, setting the svc_session cookie. The password must be the one chosen at sign-up (401 `invalid_credentials` otherwise, ' +
          'counted toward the sign-in lockout of the client address). An unknown token is 400 `verification_token_invalid`, a used one 410 `verification_token_used`, an expired one ' +
          '410 `verification_token_expired`; 409 when the address has an account by now.',
        security: [],
        body: S.SignUpConfirm,
        response: { 200: S.PartnerSession, ...errorResponses(400, 401, 409, 410, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await signup.confirmSignUp(deps, request.body, sessions.clientOf(request))),
  );

  r.post(
    '/api/auth/partner/login',
    {
      onRequest: limitLogin,
      config: { noStore: true },
      schema: {
        operationId: 'loginPartner',
        tags: AUTH_TAG,
        summary: 'Partner sign-in with email and password',
        description:
          'Answers {token, token_type: "bearer", expires_at, partner} and sets the HttpOnly, SameSite=Lax svc_session cookie; either authenticates later calls. ' +
          'Sessions last SESSION_TTL_HOURS (12 h). 5 failed attempts for an email (or from one address) within 15 minutes lock it for 15 minutes: 429 with Retry-After. ' +
          'An unknown email and a wrong password give the same 401. A suspended account answers 403 `partner_suspended` whether the password is right or wrong ' +
          '(each attempt on it counts toward the lockout). An account keeps at most 20 live sessions: opening one more ends the oldest. ' +
          'An account with a second factor answers a right password with 401 `mfa_required` and an `mfa_token`: finish with `POST /api/auth/partner/login/mfa`.',
        security: [],
        body: S.LoginPayload,
        response: { 200: S.PartnerSession, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await sessions.partnerLogin(deps, request.body.email, request.body.password, sessions.clientOf(request))),
  );

  r.post(
    '/api/auth/partner/key-login',
    {
      onRequest: limitLogin,
      config: { noStore: true },
      schema: {
        operationId: 'loginPartnerWithKey',
        tags: AUTH_TAG,
        summary: 'Partner sign-in by pasting an API key',
        description:
          "The portal's second way in: any current key of the partner (test or live) opens a session that acts only in that key's environment " +
          "(the other environment's key is shown masked and cannot be changed; usage of the other environment is 403). Failed attempts count against the client address. " +
          'The session is bound to that key: any change of its slot (rotation, clearing, a paste, a sync, an administrator\'s regeneration) ends it at once (401). ' +
          'A valid key of a suspended partner answers 403 `partner_suspended`; a live key of an account whose production access is not enabled yet answers 403 `production_not_enabled`, as it does everywhere else.',
        security: [],
        body: S.KeyLoginPayload,
        response: { 200: S.PartnerSession, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await sessions.keyLogin(deps, request.body.key, sessions.clientOf(request))),
  );

  r.post(
    '/api/auth/admin/login',
    {
      onRequest: limitLogin,
      config: { noStore: true },
      schema: {
        operationId: 'loginAdmin',
        tags: AUTH_TAG,
        summary: 'Administrator sign-in',
        description:
          'Answers {token, token_type: "bearer", expires_at, admin} and sets the svc_session cookie. Same lockout as the partner sign-in, ' +
          'and the same cap of 20 live sessions per account (opening one more ends the oldest). With a second factor, a right password answers 401 `mfa_required` ' +
          'and an `mfa_token`: finish with `POST /api/auth/admin/login/mfa`. Where administrators must have one (ADMIN_REQUIRE_MFA) and this one has none, the session ' +
          'opens only `GET /api/auth/admin/me` and the enrolment (`…/mfa/totp/setup`, `…/confirm`); everything else answers 403 `mfa_enrolment_required`.',
        security: [],
        body: S.LoginPayload,
        response: { 200: S.AdminSession, ...errorResponses(401, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await sessions.adminLogin(deps, request.body.email, request.body.password, sessions.clientOf(request))),
  );

  // Not behind a session guard: logout ends whatever session is presented, refusing a cross-site write by cookie.
  for (const role of ['partner', 'admin'] as const) {
    r.post(
      role === 'partner' ? '/api/auth/partner/logout' : '/api/auth/admin/logout',
      {
        onRequest: guards.sameOriginCookie,
        schema: {
          operationId: role === 'partner' ? 'logoutPartner' : 'logoutAdmin',
          tags: AUTH_TAG,
          summary: `End the ${role === 'partner' ? 'partner' : 'administrator'} session`,
          description: 'Deletes the presented session (Bearer token or cookie) and clears the cookie; the token stops working at once.',
          security: role === 'partner' ? security.partnerSession : security.adminSession,
          response: { 200: S.LogoutResponse, ...errorResponses(401, 403) },
        },
      },
      async (request, reply) => {
        await sessions.logout(deps, presentedSessionToken(request), role);
        sessions.clearSessionCookie(deps, reply);
        return { logged_out: true };
      },
    );
  }
};
