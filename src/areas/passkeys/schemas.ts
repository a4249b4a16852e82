/**
 * Request and response schemas of the passkeys area. The WebAuthn options are the browser's JSON form
 * (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON) as @simplewebauthn/server answers them; the
 * answers sent back are bounded here (sizes, shapes) and further in the service (nesting of the extension results).
 */
import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable } from '../../http/schemas.js';

const B64U = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_-]*={0,2}$', description });

/** Whatever an authenticator or browser may add (extension results): an object of a few members, nesting checked in the service. */
const Extensions = Type.Object({}, { additionalProperties: true, maxProperties: 16, description: 'The client extension results (ignored)' });

const Transports = Type.Array(Type.String({ maxLength: 32, pattern: '^[a-z-]*$' }), { maxItems: 8, description: 'How the browser reached the authenticator' });

export const RegistrationResponse = Type.Object(
  {
    id: B64U(1366, 'The new credential id, base64url'),
    rawId: B64U(1366, 'The same id, base64url'),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: B64U(8192, 'base64url'),
        attestationObject: B64U(32768, 'base64url'),
        authenticatorData: Type.Optional(B64U(16384, 'base64url')),
        transports: Type.Optional(Transports),
        publicKeyAlgorithm: Type.Optional(Type.Integer({ minimum: -65536, maximum: 65536 })),
        publicKey: Type.Optional(B64U(4096, 'base64url')),
      },
      { additionalProperties: false },
    ),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
    clientExtensionResults: Extensions,
  },
  { title: 'PasskeyRegistrationResponse', additionalProperties: false, description: 'What `navigator.credentials.create()` answered, in its JSON form (`PublicKeyCredential.toJSON()`, or @simplewebauthn/browser\'s `startRegistration`)' },
);

export const AuthenticationResponse = Type.Object(
  {
    id: B64U(1366, 'The credential id, base64url'),
    rawId: B64U(1366, 'The same id, base64url'),
    type: Type.Literal('public-key'),
    response: Type.Object(
      {
        clientDataJSON: B64U(8192, 'base64url'),
        authenticatorData: B64U(16384, 'base64url'),
        signature: B64U(2048, 'base64url'),
        userHandle: Type.Optional(Type.Union([Type.String({ maxLength: 128, pattern: '^[A-Za-z0-9_-]*={0,2}$' }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
    clientExtensionResults: Extensions,
  },
  { title: 'PasskeyAuthenticationResponse', additionalProperties: false, description: 'What `navigator.credentials.get()` answered, in its JSON form (`PublicKeyCredential.toJSON()`, or @simplewebauthn/browser\'s `startAuthentication`)' },
);

/** A name the user gives: printable, 1–64 characters. */
const Name = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]*$',
  description: 'A name to tell the passkey apart (1–64 characters, no control characters)',
});

export const PasskeyRegister = Type.Object(
  { response: RegistrationResponse, name: Type.Optional(Name) },
  { title: 'PasskeyRegister', additionalProperties: false },
);
export type PasskeyRegister = Static<typeof PasskeyRegister>;

export const PasskeyRename = Type.Object({ name: Name }, { title: 'PasskeyRename', additionalProperties: false });
export type PasskeyRename = Static<typeof PasskeyRename>;

export const PasskeyRemove = Type.Object(
  {
    password: Type.Optional(Type.String({ maxLength: 1024, description: 'The account password' })),
    code: Type.Optional(
      Type.String({ minLength: 6, maxLength: 32, pattern: '^[0-9A-Za-z -]*$', description: 'A 6-digit code of the authenticator app, or a recovery code' }),
    ),
  },
  { title: 'PasskeyRemove', description: 'Either the account password or a current code of the authenticator app (or a recovery code).' },
);
export type PasskeyRemove = Static<typeof PasskeyRemove>;

export const Passkey = Type.Object(
  {
    id: Type.String({ description: 'The passkey\'s id in this service (not the credential id)' }),
    name: Type.String(),
    created_at: IsoDateTime,
    last_used_at: Nullable(IsoDateTime),
    transports: Type.Array(Type.String()),
  },
  { title: 'Passkey' },
);

export const PasskeyList = Type.Object({ items: Type.Array(Passkey), count: Type.Integer() }, { title: 'PasskeyList' });

export const PasskeyRemoved = Type.Object({ removed: Type.Literal(true), passkey_id: Type.String(), mfa_enabled: Type.Boolean() }, { title: 'PasskeyRemoved' });

export const PasskeyIdParams = Type.Object({ passkey_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]*$' }) });

const MfaToken = Type.String({ minLength: 1, maxLength: 128, pattern: '^[0-9A-Za-z_]*$', description: 'The `mfa_token` of the sign-in\'s 401 `mfa_required`' });

export const PasskeyMfaOptionsBody = Type.Object({ mfa_token: MfaToken }, { title: 'PasskeyMfaOptions', additionalProperties: false });
export type PasskeyMfaOptionsBody = Static<typeof PasskeyMfaOptionsBody>;

export const PasskeyMfaLogin = Type.Object({ mfa_token: MfaToken, response: AuthenticationResponse }, { title: 'PasskeyMfaLogin', additionalProperties: false });
export type PasskeyMfaLogin = Static<typeof PasskeyMfaLogin>;

export const PasskeyLogin = Type.Object({ response: AuthenticationResponse }, { title: 'PasskeyLogin', additionalProperties: false });
export type PasskeyLogin = Static<typeof PasskeyLogin>;

/** The options handed to `navigator.credentials.create()` / `.get()` (their JSON form: binary values base64url). */
export const CreationOptions = Type.Object(
  {
    challenge: Type.String(),
    rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
    user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
    pubKeyCredParams: Type.Array(Type.Object({ type: Type.String(), alg: Type.Integer() })),
    timeout: Type.Optional(Type.Integer()),
    excludeCredentials: Type.Optional(Type.Array(Type.Object({ id: Type.String(), type: Type.String(), transports: Type.Optional(Type.Array(Type.String())) }))),
    authenticatorSelection: Type.Optional(Type.Object({}, { additionalProperties: true })),
    hints: Type.Optional(Type.Array(Type.String())),
    attestation: Type.Optional(Type.String()),
    extensions: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'PasskeyCreationOptions', description: 'PublicKeyCredentialCreationOptionsJSON: pass to @simplewebauthn/browser\'s `startRegistration({ optionsJSON })`. Its challenge works once, for 5 minutes.' },
);

export const RequestOptions = Type.Object(
  {
    challenge: Type.String(),
    rpId: Type.Optional(Type.String()),
    timeout: Type.Optional(Type.Integer()),
    allowCredentials: Type.Optional(Type.Array(Type.Object({ id: Type.String(), type: Type.String(), transports: Type.Optional(Type.Array(Type.String())) }))),
    userVerification: Type.Optional(Type.String()),
    hints: Type.Optional(Type.Array(Type.String())),
    extensions: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { title: 'PasskeyRequestOptions', description: 'PublicKeyCredentialRequestOptionsJSON: pass to @simplewebauthn/browser\'s `startAuthentication({ optionsJSON })`. Its challenge works once, for 5 minutes.' },
);
