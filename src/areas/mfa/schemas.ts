/** Request and response schemas of the mfa area: TOTP enrolment, recovery codes, the sign-in's second step. */
import { Type, type Static } from 'typebox';

const Code = Type.String({
  minLength: 6,
  maxLength: 32,
  pattern: '^[0-9A-Za-z -]*$',
  description: 'A 6-digit code of the authenticator app, or one of the recovery codes (spaces and hyphens are ignored)',
});

const TotpCode = Type.String({
  minLength: 6,
  maxLength: 12,
  pattern: '^[0-9 ]*$',
  description: 'A 6-digit code of the authenticator app (spaces are ignored)',
});

export const TotpSetup = Type.Object(
  {
    otpauth_uri: Type.String({ description: 'The `otpauth://totp/…` URI (SHA-1, 6 digits, 30 s) an authenticator app reads' }),
    secret: Type.String({ description: 'The secret in base32, for typing into an app that cannot scan the QR code' }),
    qr_svg: Type.String({ description: 'The QR code of `otpauth_uri`, an SVG document' }),
  },
  { title: 'TotpSetup', description: 'A pending second factor: it works once a code of it is confirmed (`POST …/mfa/totp/confirm`).' },
);

export const TotpConfirm = Type.Object({ code: TotpCode }, { title: 'TotpConfirm' });
export type TotpConfirm = Static<typeof TotpConfirm>;

export const RecoveryCodes = Type.Object(
  {
    recovery_codes: Type.Array(Type.String(), {
      minItems: 10,
      maxItems: 10,
      description: 'Ten single-use codes that stand in for the app: shown this once (only their hashes are kept)',
    }),
  },
  { title: 'RecoveryCodes' },
);

export const MfaDisable = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 1024, description: 'The account password' })),
    code: Type.Optional(Code),
  },
  { title: 'MfaDisable', description: 'Either the account password or a current code (of the app, or a recovery code).' },
);
export type MfaDisable = Static<typeof MfaDisable>;

export const MfaDisabled = Type.Object({ mfa_enabled: Type.Literal(false), detail: Type.String() }, { title: 'MfaDisabled' });

export const RecoveryRegenerate = Type.Object({ code: TotpCode }, { title: 'RecoveryRegenerate' });
export type RecoveryRegenerate = Static<typeof RecoveryRegenerate>;

export const MfaLogin = Type.Object(
  {
    mfa_token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[0-9A-Za-z_]*$', description: 'The `mfa_token` of the sign-in\'s 401 `mfa_required`' }),
    code: Code,
  },
  { title: 'MfaLogin' },
);
export type MfaLogin = Static<typeof MfaLogin>;
