/**
 * The signed-in account's second factor, one set of operations per role (the portal and admin scopes each
 * register theirs): /api/auth/{partner|admin}/mfa/totp[/setup|/confirm] and …/mfa/recovery-codes.
 */
import { errorResponses, security } from '../http/schemas.js';
import * as S from '../areas/mfa/schemas.js';
import * as mfa from '../areas/mfa/service.js';
import { typed, type Routes } from './scope.js';

const AUTH_TAG = ['auth'];

const ROLE = {
  partner: {
    name: 'partner',
    op: 'Partner',
    security: security.partnerSession,
    keySession: ' A session opened by pasting an API key cannot manage it: 403 `password_session_required`.',
  },
  admin: { name: 'administrator', op: 'Admin', security: security.adminSession, keySession: '' },
} as const;

const LOCKOUT = 'A wrong code counts toward the sign-in lockout of the account and of the client address (429 `locked_out` once locked).';

export function accountMfaRoutes(role: 'partner' | 'admin'): Routes {
  const who = ROLE[role];
  const base = `/api/auth/${role}/mfa`;
  // A session held to enrolment (an administrator under ADMIN_REQUIRE_MFA, a member whose account requires a factor)
  // may set its factor up; nothing else.
  const enrolment = { mfaEnrolment: true };
  return async (app, { deps }) => {
    const r = typed(app);

    r.post(
      `${base}/totp/setup`,
      {
        config: { noStore: true, ...enrolment },
        schema: {
          operationId: `setup${who.op}Totp`,
          tags: AUTH_TAG,
          summary: `Start setting up an authenticator app as the signed-in ${who.name}'s second factor`,
          description:
            'Answers a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s), its `otpauth://` URI and that URI\'s QR code as an SVG. The secret is kept sealed and stays ' +
            'pending (signing in does not ask for it) until a code of it is confirmed with `…/mfa/totp/confirm`; asking again replaces a pending secret. ' +
            `409 \`conflict\` when a second factor is already on (turn it off first).${who.keySession}`,
          security: who.security,
          response: { 200: S.TotpSetup, ...errorResponses(401, 403, 409, 413, 422) },
        },
      },
      async (request) => mfa.setupTotp(deps, request.session),
    );

    r.post(
      `${base}/totp/confirm`,
      {
        config: { noStore: true, ...enrolment },
        schema: {
          operationId: `confirm${who.op}Totp`,
          tags: AUTH_TAG,
          summary: 'Turn the second factor on with a code of the app being set up; answers the recovery codes, once',
          description:
            'A current code of the pending secret turns the factor on: from then on a password sign-in answers 401 `mfa_required` and finishes with ' +
            '`…/login/mfa`. Answers ten single-use recovery codes, shown this once (only their hashes are kept). A wrong code is 401 `mfa_code_invalid`; ' +
            `${LOCKOUT} 409 \`conflict\` when nothing is being set up or the factor is already on.`,
          security: who.security,
          body: S.TotpConfirm,
          response: { 200: S.RecoveryCodes, ...errorResponses(401, 403, 409, 413, 422, 429) },
        },
      },
      async (request) => mfa.confirmTotp(deps, request.session, request.body.code, request.ip),
    );

    r.delete(
      `${base}/totp`,
      {
        schema: {
          operationId: `disable${who.op}Totp`,
          tags: AUTH_TAG,
          summary: 'Turn the second factor off (with the password or a current code)',
          description:
            'Needs `password` (the account password: a wrong one is 401 `invalid_credentials`) or `code` (of the app, or a recovery code: a wrong one is 401 ' +
            `\`mfa_code_invalid\`). ${LOCKOUT} Removes the secret and every recovery code; 409 \`conflict\` when no second factor is on.`,
          security: who.security,
          body: S.MfaDisable,
          response: { 200: S.MfaDisabled, ...errorResponses(401, 403, 409, 413, 422, 429) },
        },
      },
      async (request) => mfa.disableMfa(deps, request.session, request.body, request.ip),
    );

    r.post(
      `${base}/recovery-codes`,
      {
        config: { noStore: true },
        schema: {
          operationId: `regenerate${who.op}RecoveryCodes`,
          tags: AUTH_TAG,
          summary: 'New recovery codes (a current code of the app needed); the old ones stop working',
          description: `Answers ten new single-use recovery codes, shown this once. A wrong code is 401 \`mfa_code_invalid\`; ${LOCKOUT} 409 \`conflict\` when no second factor is on.`,
          security: who.security,
          body: S.RecoveryRegenerate,
          response: { 200: S.RecoveryCodes, ...errorResponses(401, 403, 409, 413, 422, 429) },
        },
      },
      async (request) => mfa.regenerateRecoveryCodes(deps, request.session, request.body.code, request.ip),
    );
  };
}
