/** Request and response schemas of the accounts area (SPEC §2.2, §2.11, §2.12). */
import { Type, type Static } from 'typebox';
import { EnvironmentParam, IsoDateTime, Nullable } from '../../http/schemas.js';
import { PASSWORD_RULES } from '../../domain/password-policy.js';
import { MAX_KEY_OVERLAP_SECONDS } from '../api-keys/values.js';
import { UsageRecord } from '../metering/schemas.js';

const Email = Type.String({ format: 'email', maxLength: 320 });
// Control characters (C0, DEL) are refused: a key holding CR/LF or NUL could split a header or a log line,
// and PostgreSQL cannot store NUL, so both databases answer the same 422.
const KeyValue = Type.String({
  minLength: 8,
  maxLength: 200,
  pattern: '^[^\\u0000-\\u001f\\u007f]*$',
  description: 'An API key value (8 to 200 characters, no control characters)',
});

// A password being set. The schema only bounds the input (what a hash may be asked to digest); the rules,
// length included, are the password policy's (src/domain/password-policy.ts), counted after NFKC normalisation
// as the schema cannot: 422 with the broken rule's type at the field.
const NewPassword = Type.String({ maxLength: 1024, description: `The new password: ${PASSWORD_RULES}` });

// ---------- sign-up, sign-in, sessions ----------

export const PartnerRegister = Type.Object(
  {
    email: Email,
    password: NewPassword,
    company_name: Type.String({ minLength: 2, maxLength: 120 }),
    contact_name: Type.String({ minLength: 2, maxLength: 120 }),
  },
  { title: 'PartnerRegister' },
);
export type PartnerRegister = Static<typeof PartnerRegister>;

export const SignUpAccepted = Type.Object(
  {
    detail: Type.String({ description: 'What happens next: a link is mailed to the address (the same words whether or not it has an account)' }),
    email: Type.String({ description: 'The address the link is mailed to, as given' }),
  },
  { title: 'SignUpAccepted' },
);

export const SignUpConfirm = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the sign-up link (`token=` in its query)' }),
    password: Type.String({ maxLength: 1024, description: 'The password chosen at sign-up: whoever follows the link proves they are the one who signed up' }),
  },
  { title: 'SignUpConfirm' },
);
export type SignUpConfirm = Static<typeof SignUpConfirm>;

export const LoginPayload = Type.Object(
  { email: Email, password: Type.String({ maxLength: 1024 }) },
  { title: 'LoginPayload' },
);
export type LoginPayload = Static<typeof LoginPayload>;

export const KeyLoginPayload = Type.Object(
  { key: KeyValue },
  { title: 'KeyLoginPayload', description: 'Sign in to the portal by pasting one of your API keys (test or live).' },
);

// ---------- passwords: change, reset ----------

export const PasswordChange = Type.Object(
  { current_password: Type.String({ maxLength: 1024 }), new_password: NewPassword },
  { title: 'PasswordChange' },
);
export type PasswordChange = Static<typeof PasswordChange>;

export const PasswordChanged = Type.Object(
  {
    detail: Type.String(),
    sessions_ended: Type.Integer({ description: 'How many sessions of the account the change ended' }),
  },
  { title: 'PasswordChanged' },
);

export const PasswordResetRequest = Type.Object({ email: Email }, { title: 'PasswordResetRequest' });

export const PasswordResetAccepted = Type.Object({ detail: Type.String() }, { title: 'PasswordResetAccepted' });

export const PasswordResetConfirm = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The token of the reset link (`token=` in its query)' }),
    new_password: NewPassword,
  },
  { title: 'PasswordResetConfirm' },
);
export type PasswordResetConfirm = Static<typeof PasswordResetConfirm>;

export const PartnerAccount = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    email_verified: Type.Boolean({
      description: 'true once the owner of the email has followed the verification link (operator-created accounts: from the start); no other mail goes to an unverified address',
    }),
    company_name: Type.String(),
    contact_name: Type.String(),
    tier: Type.String(),
    active: Type.Boolean(),
    production_enabled: Type.Boolean({ description: 'true once an administrator has activated the account (live keys work on the sandbox layer)' }),
    created_at: IsoDateTime,
    activated_at: Nullable(IsoDateTime),
    signup_source: Nullable(Type.String()),
    sandbox_key_masked: Nullable(Type.String()),
    production_key_masked: Nullable(Type.String()),
  },
  { title: 'PartnerAccount' },
);
export type PartnerAccount = Static<typeof PartnerAccount>;

export const AdminAccount = Type.Object(
  { id: Type.String(), email: Type.String(), created_at: IsoDateTime },
  { title: 'AdminAccount' },
);
export type AdminAccount = Static<typeof AdminAccount>;

const SessionFields = {
  token: Type.String({ description: 'Send as Authorization: Bearer <token>; the same value is set in the HttpOnly svc_session cookie' }),
  token_type: Type.Literal('bearer'),
  expires_at: IsoDateTime,
};

export const PartnerSession = Type.Object({ ...SessionFields, partner: PartnerAccount }, { title: 'PartnerSession' });
export const AdminSession = Type.Object({ ...SessionFields, admin: AdminAccount }, { title: 'AdminSession' });

const MemberRoleName = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('developer'), Type.Literal('viewer')], {
  title: 'MemberRole',
  description: 'A member\'s role: `viewer` reads; `developer` also reveals and changes keys, webhooks and alerts; `admin` also manages members and the ingest secret; `owner` everything',
});

export const PartnerMe = Type.Object(
  {
    ...PartnerAccount.properties,
    mfa_enabled: Type.Boolean({ description: 'Whether signing in with the password also needs a second factor (an authenticator app code or a passkey)' }),
    mfa_factors: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')]), {
      description: 'The kinds of second factor set up: `totp` (an authenticator app) and `passkey` (one or more)',
    }),
    mfa_enrolment_required: Type.Boolean({
      description:
        'The account requires a second factor of every member and this member has none: every operation but this one and the enrolment (`…/mfa/totp/setup`, `…/confirm`, `…/mfa/passkeys…`) answers 403 `mfa_enrolment_required`',
    }),
    member: Nullable(
      Type.Object(
        { id: Type.String(), email: Type.String(), name: Nullable(Type.String()), role: MemberRoleName },
        { title: 'SignedInMember', description: 'The member signed in; null for a session opened by pasting an API key (it acts as a developer)' },
      ),
    ),
    role: Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('developer'), Type.Literal('viewer')], {
      description: 'The role this session acts with: the member\'s, or `developer` for a session opened by pasting an API key',
    }),
    session_expires_at: IsoDateTime,
    session_method: Type.String({ description: '`password`, `signup`, `api_key` or `passkey` (a password-less sign-in with a passkey)' }),
    session_environment: Nullable(
      Type.Union([Type.Literal('test'), Type.Literal('live')], {
        description: "A session opened with an API key acts only in that key's environment (`test` or `live`); null: every environment (password and sign-up sessions)",
      }),
    ),
  },
  { title: 'PartnerMe' },
);
export const AdminMe = Type.Object(
  {
    ...AdminAccount.properties,
    session_expires_at: IsoDateTime,
    mfa_enabled: Type.Boolean({ description: 'Whether signing in also needs a second factor' }),
    mfa_factors: Type.Array(Type.Union([Type.Literal('totp'), Type.Literal('passkey')]), {
      description: 'The kinds of second factor set up: `totp` (an authenticator app) and `passkey` (one or more)',
    }),
    mfa_enrolment_required: Type.Boolean({
      description:
        'A second factor is required (ADMIN_REQUIRE_MFA), none is set up and the session is not a single sign-on (whose factor the identity provider checked): every operation but this one and the enrolment answers 403 `mfa_enrolment_required`',
    }),
    password_set: Type.Boolean({ description: 'false for an administrator created by single sign-on: no password signs them in (an operator may set one)' }),
  },
  { title: 'AdminMe' },
);

export const VerifyEmailBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` parameter of the link that was mailed' }) },
  { title: 'VerifyEmailBody' },
);

export const VerifyEmailResult = Type.Object(
  {
    detail: Type.String(),
    purpose: Type.Union([Type.Literal('account'), Type.Literal('notify_email')], {
      description: '`account`: the account email is verified; `notify_email`: the address may receive usage alerts',
    }),
  },
  { title: 'VerifyEmailResult' },
);

export const VerificationSent = Type.Object(
  {
    detail: Type.String(),
    sent: Type.Boolean({ description: 'false when there was nothing to verify (no mail sent)' }),
    expires_at: Nullable(IsoDateTime),
  },
  { title: 'VerificationSent' },
);

export const LogoutResponse = Type.Object({ logged_out: Type.Boolean() }, { title: 'LogoutResponse' });

export const SessionInfo = Type.Object(
  {
    id: Type.String({ description: 'The session id (not its token): name it to end the session' }),
    method: Type.Union([Type.Literal('password'), Type.Literal('api_key'), Type.Literal('signup'), Type.Literal('oidc'), Type.Literal('passkey')], {
      description: 'How the session was opened (`oidc`: an administrator\'s single sign-on; `passkey`: a password-less sign-in with a passkey)',
    }),
    key_environment: Nullable(
      Type.Union([Type.Literal('test'), Type.Literal('live')], {
        description: 'For an `api_key` session, the environment of the key that opened it (the session acts only there and ends when that key slot changes); null otherwise',
      }),
    ),
    created_at: IsoDateTime,
    last_used_at: Type.String({ description: 'ISO 8601 UTC timestamp of the last request the session authenticated, recorded at most once a minute' }),
    expires_at: IsoDateTime,
    ip_address: Nullable(Type.String({ description: 'The client address that opened the session' })),
    user_agent: Nullable(Type.String({ description: 'The User-Agent that opened the session (control characters removed, at most 256 characters)' })),
    current: Type.Boolean({ description: 'true for the session that made this request' }),
  },
  { title: 'SessionInfo' },
);
export type SessionInfo = Static<typeof SessionInfo>;

export const SessionList = Type.Object(
  { items: Type.Array(SessionInfo, { description: 'Live sessions, newest first (at most 20)' }), count: Type.Integer() },
  { title: 'SessionList' },
);
export type SessionList = Static<typeof SessionList>;

export const SessionIdPath = Type.Object({ session_id: Type.String({ minLength: 1, maxLength: 120 }) });

export const SessionRevoked = Type.Object(
  {
    revoked: Type.Boolean(),
    session_id: Type.String(),
    current: Type.Boolean({ description: 'true when the presented session was ended (the cookie is cleared: signed out)' }),
  },
  { title: 'SessionRevoked' },
);

export const OtherSessionsRevoked = Type.Object(
  { revoked: Type.Integer({ description: 'How many sessions ended' }) },
  { title: 'OtherSessionsRevoked' },
);

// ---------- keys ----------

export const ApiKeyOut = Type.Object(
  {
    id: Type.String(),
    environment: EnvironmentParam,
    key: Type.String({
      description: "The key value; in a session opened with an API key, the other environment's slot shows its masked form here (never its value)",
    }),
    masked: Type.String(),
    created_at: IsoDateTime,
    last_rotated_at: Nullable(IsoDateTime),
    previous_expires_at: Nullable(
      Type.String({
        description: "When the key this slot's last roll replaced stops working (ISO 8601 UTC; it authenticates as this slot until then); null when no overlap is running",
      }),
    ),
  },
  { title: 'ApiKeyOut' },
);
export type ApiKeyOut = Static<typeof ApiKeyOut>;
export const ApiKeyList = Type.Array(ApiKeyOut, { title: 'ApiKeyList' });

export const EnvironmentPath = Type.Object({ environment: EnvironmentParam });
export const EnvironmentQuery = Type.Object({ environment: Type.Union([Type.Literal('test'), Type.Literal('live')], { default: 'live' }) });

export const ApiKeyUpdate = Type.Object({ key: KeyValue }, { title: 'ApiKeyUpdate' });

export const KeyPasteBody = Type.Object(
  {
    key: KeyValue,
    environment: Type.Optional(
      Type.Union([Type.Literal('test'), Type.Literal('live')], { description: 'The slot; when omitted, taken from the svc_test_/svc_live_ prefix' }),
    ),
  },
  { title: 'KeyPasteBody' },
);

export const KeyPasteResponse = Type.Object(
  {
    environment: EnvironmentParam,
    key_masked: Type.String(),
    saved_at: IsoDateTime,
    source: Type.String({ default: 'portal-paste' }),
  },
  { title: 'KeyPasteResponse' },
);

export const KeyClearResponse = Type.Object(
  {
    partner_id: Type.String(),
    environment: EnvironmentParam,
    cleared: Type.Boolean({ description: 'false when the slot was already blank' }),
    cleared_at: IsoDateTime,
  },
  { title: 'KeyClearResponse' },
);

/** How long a roll keeps the key it replaces working: 0 (at once, the default) to 7 days. */
export const OverlapSeconds = Type.Integer({
  minimum: 0,
  maximum: MAX_KEY_OVERLAP_SECONDS,
  default: 0,
  description:
    'Seconds the replaced key keeps working beside the new one, as the same slot (0, the default: it stops at once; at most 604800, 7 days). ' +
    'A roll during an overlap ends the earlier one: only the key it replaces overlaps.',
});

export const KeyRotateBody = Type.Object(
  { key_type: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]), overlap_seconds: Type.Optional(OverlapSeconds) },
  { title: 'KeyRotateBody' },
);

export const SlotRollBody = Type.Object({ overlap_seconds: Type.Optional(OverlapSeconds) }, { title: 'SlotRollBody' });

export const RegenerateKeyQuery = Type.Object({
  environment: Type.Union([Type.Literal('test'), Type.Literal('live')], { default: 'live' }),
  overlap_seconds: Type.Optional(OverlapSeconds),
});

export const KeyRotateResponse = Type.Object(
  {
    key_type: Type.Union([Type.Literal('sandbox'), Type.Literal('production')]),
    new_key: Type.String({ description: 'Shown once' }),
    rotated_at: IsoDateTime,
    previous_expires_at: Nullable(Type.String({ description: 'When the replaced key stops working (ISO 8601 UTC); null: it already has' })),
    message: Type.String(),
  },
  { title: 'KeyRotateResponse' },
);

const SyncFields = {
  key: KeyValue,
  environment: EnvironmentParam,
  partner_id: Type.Optional(Nullable(Type.String({ maxLength: 120 }))),
  partner_email: Type.Optional(Nullable(Email)),
  partner_company_name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 160 }))),
  partner_contact_name: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 160 }))),
  tier: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40 }))),
};

export const KeySyncBody = Type.Object(
  { ...SyncFields, source: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 40, default: 'external-sync' }))) },
  { title: 'KeySyncBody' },
);
export type KeySyncBody = Static<typeof KeySyncBody>;

export const KeySyncBatchBody = Type.Object(
  { keys: Type.Array(KeySyncBody, { minItems: 1, maxItems: 500 }) },
  { title: 'KeySyncBatchBody' },
);

export const KeySyncResult = Type.Object(
  {
    partner_id: Type.String(),
    company_name: Type.String(),
    email: Type.String(),
    environment: EnvironmentParam,
    key_masked: Type.String(),
    created_partner: Type.Boolean(),
    rotated_at: IsoDateTime,
    source: Type.String(),
  },
  { title: 'KeySyncResult' },
);
export type KeySyncResult = Static<typeof KeySyncResult>;

export const KeySyncBatchResult = Type.Object(
  {
    synced: Type.Integer(),
    created_partners: Type.Integer(),
    results: Type.Array(KeySyncResult),
  },
  { title: 'KeySyncBatchResult' },
);

export const ExternalKeyCreate = Type.Object(SyncFields, { title: 'ExternalKeyCreate' });

export const KeyValuePath = Type.Object({ key_value: KeyValue });

export const KeyDeleteResult = Type.Object(
  { deleted: Type.Boolean(), partner_id: Type.String(), environment: EnvironmentParam, key_masked: Type.String() },
  { title: 'KeyDeleteResult' },
);

export const EmailPath = Type.Object({ email: Email });

export const PartnerMetadataUpdateBody = Type.Object(
  {
    partner_company_name: Type.Optional(Type.String({ minLength: 1, maxLength: 160 })),
    partner_contact_name: Type.Optional(Type.String({ minLength: 1, maxLength: 160 })),
  },
  { title: 'PartnerMetadataUpdateBody' },
);

export const PartnerMetadataUpdateResult = Type.Object(
  {
    partner_id: Type.String(),
    email: Type.String(),
    company_name: Type.String(),
    contact_name: Type.String(),
    updated: Type.Boolean(),
  },
  { title: 'PartnerMetadataUpdateResult' },
);

// ---------- administrator ----------

export const PartnerIdPath = Type.Object({ partner_id: Type.String({ minLength: 1, maxLength: 120 }) });
export const KeyIdPath = Type.Object({ key_id: Type.String({ minLength: 1, maxLength: 120 }) });

export const KeySlotSummary = Type.Object(
  {
    id: Type.String(),
    environment: EnvironmentParam,
    masked: Nullable(Type.String()),
    source: Type.String(),
    created_at: IsoDateTime,
    last_rotated_at: Nullable(IsoDateTime),
    previous_expires_at: Nullable(
      Type.String({ description: 'While the overlap of a roll runs: when the key it replaced stops working (ISO 8601 UTC); null otherwise' }),
    ),
  },
  { title: 'KeySlotSummary' },
);

export const AdminPartner = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    email_verified: Type.Boolean({
      description: 'true once the owner of the email has followed the verification link (operator-created accounts: from the start); no other mail goes to an unverified address',
    }),
    company_name: Type.String(),
    contact_name: Type.String(),
    tier: Type.String(),
    active: Type.Boolean(),
    production_enabled: Type.Boolean(),
    created_at: IsoDateTime,
    activated_at: Nullable(IsoDateTime),
    signup_source: Nullable(Type.String()),
    keys: Type.Array(KeySlotSummary),
    // The current UTC month's calls, unique end-users and estimated bill per environment: what GET /api/v1/usage answers the partner.
    this_month: UsageRecord,
  },
  { title: 'AdminPartner' },
);

export const AdminPartnerListQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Case-insensitive match on email or company' })),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended')])),
});

export const AdminPartnerList = Type.Object(
  { items: Type.Array(AdminPartner), next_cursor: Nullable(Type.String()), count: Type.Integer() },
  { title: 'AdminPartnerList' },
);

export const ProductionAccessBody = Type.Object(
  {
    enabled: Type.Boolean({
      description: "true: the partner's live key works and is billed from its next request; false: it answers 403 production_not_enabled from its next request",
    }),
  },
  { title: 'ProductionAccessBody' },
);

export const PartnerStateResult = Type.Object(
  {
    partner_id: Type.String(),
    active: Type.Boolean(),
    production_enabled: Type.Boolean(),
    activated_at: Nullable(IsoDateTime),
    changed: Type.Boolean({ description: 'false when the partner was already in that state' }),
  },
  { title: 'PartnerStateResult' },
);

export const PartnerDeleteResult = Type.Object(
  {
    deleted: Type.Boolean(),
    partner_id: Type.String(),
    removed: Type.Record(Type.String(), Type.Integer(), { description: 'Rows removed, by table' }),
  },
  { title: 'PartnerDeleteResult' },
);

export const RegeneratedKey = Type.Object(
  {
    partner_id: Type.String(),
    environment: EnvironmentParam,
    key: Type.String({ description: 'Shown once' }),
    masked: Type.String(),
    rotated_at: IsoDateTime,
    previous_expires_at: Nullable(Type.String({ description: 'When the replaced key stops working (ISO 8601 UTC); null: it already has' })),
  },
  { title: 'RegeneratedKey' },
);

export const ExternalKey = Type.Object(
  {
    id: Type.String(),
    partner_id: Type.String(),
    email: Type.String(),
    company_name: Type.String(),
    environment: EnvironmentParam,
    key_masked: Type.String(),
    source: Type.String(),
    created_at: IsoDateTime,
    last_rotated_at: Nullable(IsoDateTime),
  },
  { title: 'ExternalKey' },
);

export const ExternalKeyList = Type.Object({ items: Type.Array(ExternalKey), count: Type.Integer() }, { title: 'ExternalKeyList' });

export const ExternalKeyDeleted = Type.Object(
  { deleted: Type.Boolean(), id: Type.String(), partner_id: Type.String(), environment: EnvironmentParam },
  { title: 'ExternalKeyDeleted' },
);

export const IngestSecretOut = Type.Object(
  {
    configured: Type.Boolean(),
    ingest_secret: Nullable(Type.String()),
    header_name: Type.String(),
    scope: Type.String(),
  },
  { title: 'PlatformIngestSecret' },
);

export const AUDIT_ACTOR_TYPES = ['admin', 'partner', 'member', 'server', 'system', 'oidc'] as const;

export const AuditQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  actor_type: Type.Optional(
    Type.Enum([...AUDIT_ACTOR_TYPES], {
      description:
        'admin: an administrator; partner: a partner (its API key, or a session opened with one); member: a member of a partner account (its session; details name its email and partner_id); server: a server-to-server call; system: the service itself; oidc: single sign-on (an administrator created at their first sign-in)',
    }),
  ),
  actor_id: Type.Optional(Type.String({ minLength: 1, maxLength: 120, description: "The administrator's, partner's or member's id" })),
  target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
  action: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 80,
      description:
        'An action name, e.g. partner.suspend (exact), or a prefix ending in a dot, e.g. partner. (every partner action) or admin.key. ' +
        '(% and _ are plain characters). Compared in lower case, as every action is named.',
    }),
  ),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditEntryOut = Type.Object(
  {
    id: Type.String(),
    at: IsoDateTime,
    actor_type: Type.String(),
    actor_id: Nullable(Type.String()),
    action: Type.String(),
    target_type: Nullable(Type.String()),
    target_id: Nullable(Type.String()),
    details: Type.Record(Type.String(), Type.Unknown()),
  },
  { title: 'AuditEntry' },
);

export const AuditList = Type.Object(
  { items: Type.Array(AuditEntryOut), next_cursor: Nullable(Type.String()), count: Type.Integer() },
  { title: 'AuditList' },
);

export const AdminSsoStatus = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether administrators can sign in with the OpenID provider (ADMIN_OIDC_ISSUER set)' }),
    provider: Nullable(Type.String({ description: "The provider's name for the sign-in button: the issuer's host (login.bank.example); null when single sign-on is off" })),
    start_url: Nullable(Type.String({ description: 'Where the browser goes to sign in with the provider (GET); null when single sign-on is off' })),
    password_login: Type.Boolean({ description: 'Whether administrators may sign in with a password (ADMIN_PASSWORD_LOGIN)' }),
  },
  { title: 'AdminSsoStatus' },
);

export const OidcCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    iss: Type.Optional(Type.String({ maxLength: 2048 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    session_state: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { additionalProperties: true },
);
