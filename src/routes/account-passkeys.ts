/**
 * The signed-in account's passkeys, one set of operations per role (the portal and admin scopes each register
 * theirs): /api/auth/{partner|admin}/mfa/passkeys[/options|/{passkey_id}].
 */
import { errorResponses, security } from '../http/schemas.js';
import * as S from '../areas/passkeys/schemas.js';
import * as passkeys from '../areas/passkeys/service.js';
import { typed, type Routes } from './scope.js';

const AUTH_TAG = ['auth'];
/** The largest answer an authenticator sends (attestation certificates included) fits well within this. */
export const PASSKEY_BODY_LIMIT = 64 * 1024;

const ROLE = {
  partner: {
    name: 'partner',
    op: 'Partner',
    security: security.partnerSession,
    keySession: ' A session opened by pasting an API key cannot manage them: 403 `password_session_required`.',
  },
  admin: { name: 'administrator', op: 'Admin', security: security.adminSession, keySession: '' },
} as const;

export function accountPasskeyRoutes(role: 'partner' | 'admin'): Routes {
  const who = ROLE[role];
  const base = `/api/auth/${role}/mfa/passkeys`;
  // A session held to enrolment (ADMIN_REQUIRE_MFA, or an account that requires a factor of every member) may register
  // a passkey as its factor, as it may set TOTP up.
  const enrolment = { mfaEnrolment: true };
  return async (app, { deps }) => {
    const r = typed(app);

    r.post(
      `${base}/options`,
      {
        config: { noStore: true, ...enrolment },
        schema: {
          operationId: `passkeyRegistrationOptions${who.op}`,
          tags: AUTH_TAG,
          summary: `Start registering a passkey for the signed-in ${who.name}`,
          description:
            'Answers the options for `navigator.credentials.create()` in their JSON form (a discoverable credential, `none` attestation, ES256 or RS256, ' +
            'the relying party being PUBLIC_BASE_URL\'s host). Their challenge is bound to this session and works once, for 5 minutes. ' +
            `409 \`conflict\` when the account holds 10 passkeys already.${who.keySession}`,
          security: who.security,
          response: { 200: S.CreationOptions, ...errorResponses(401, 403, 409) },
        },
      },
      async (request) => passkeys.registrationOptions(deps, request.session),
    );

    r.post(
      base,
      {
        bodyLimit: PASSKEY_BODY_LIMIT,
        config: { noStore: true, ...enrolment },
        schema: {
          operationId: `registerPasskey${who.op}`,
          tags: AUTH_TAG,
          summary: 'Register a passkey: the authenticator\'s answer to the options',
          description:
            'Verifies the answer of `navigator.credentials.create()` against a challenge handed out to this session (unknown, used or expired: 400 `bad_request`) ' +
            'and keeps the passkey (its public key, counter and transports; never a secret). From then on it is a second factor (a password sign-in answers 401 ' +
            '`mfa_required` with `factors` including `passkey`) and a password-less sign-in. 409 `conflict` when the passkey is registered already. Audited (`passkey.register`).',
          security: who.security,
          body: S.PasskeyRegister,
          response: { 201: S.Passkey, ...errorResponses(400, 401, 403, 409, 413, 422) },
        },
      },
      async (request, reply) => reply.status(201).send(await passkeys.registerPasskey(deps, request.session, request.body)),
    );

    r.get(
      base,
      {
        config: enrolment,
        schema: {
          operationId: `listPasskeys${who.op}`,
          tags: AUTH_TAG,
          summary: `The signed-in ${who.name}'s passkeys`,
          description: 'Name, when registered and when last used, oldest first.',
          security: who.security,
          response: { 200: S.PasskeyList, ...errorResponses(401, 403) },
        },
      },
      async (request) => passkeys.listPasskeys(deps, request.session),
    );

    r.patch(
      `${base}/:passkey_id`,
      {
        schema: {
          operationId: `renamePasskey${who.op}`,
          tags: AUTH_TAG,
          summary: 'Rename one of your passkeys',
          description: `404 \`not_found\` when the id is not one of this account's passkeys. Audited (\`passkey.rename\`).${who.keySession}`,
          security: who.security,
          params: S.PasskeyIdParams,
          body: S.PasskeyRename,
          response: { 200: S.Passkey, ...errorResponses(401, 403, 404, 413, 422) },
        },
      },
      async (request) => passkeys.renameOwnPasskey(deps, request.session, request.params.passkey_id, request.body.name),
    );

    r.delete(
      `${base}/:passkey_id`,
      {
        schema: {
          operationId: `removePasskey${who.op}`,
          tags: AUTH_TAG,
          summary: 'Remove one of your passkeys (with the password or a current code)',
          description:
            'Needs `password` (a wrong one is 401 `invalid_credentials`) or `code` (of the app, or a recovery code: a wrong one is 401 `mfa_code_invalid`), ' +
            'counted toward the sign-in lockout, as turning the authenticator app off does. Answers whether a second factor is still on. ' +
            `404 \`not_found\` when the id is not one of this account's passkeys. Audited (\`passkey.remove\`).${who.keySession}`,
          security: who.security,
          params: S.PasskeyIdParams,
          body: S.PasskeyRemove,
          response: { 200: S.PasskeyRemoved, ...errorResponses(401, 403, 404, 413, 422, 429) },
        },
      },
      async (request) => passkeys.removeOwnPasskey(deps, request.session, request.params.passkey_id, request.body, request.ip),
    );
  };
}
