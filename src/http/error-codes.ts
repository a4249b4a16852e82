/**
 * The error catalogue: every error the service answers carries one `code` from the closed set
 * below, next to FastAPI's `detail`. A code names what a client would branch on (not a message),
 * and each has one HTTP status. docs/errors.md documents every code (a test holds them equal), and
 * the OpenAPI document declares the set as the `code` enum of every error response.
 */

/** Every code the service answers, with the HTTP status it comes with. */
export const ERROR_STATUS = {
  bad_request: 400,
  reset_token_invalid: 400,
  verification_token_invalid: 400,
  invite_token_invalid: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  missing_ingest_secret: 401,
  invalid_ingest_secret: 401,
  invalid_credentials: 401,
  session_required: 401,
  session_expired: 401,
  mfa_required: 401,
  mfa_code_invalid: 401,
  mfa_token_invalid: 401,
  mfa_token_expired: 401,
  passkey_invalid: 401,
  payment_required: 402,
  partner_suspended: 403,
  production_not_enabled: 403,
  environment_mismatch: 403,
  forbidden: 403,
  csrf_rejected: 403,
  password_session_required: 403,
  mfa_enrolment_required: 403,
  password_login_disabled: 403,
  role_forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  in_progress: 409,
  reset_token_expired: 410,
  reset_token_used: 410,
  verification_token_expired: 410,
  verification_token_used: 410,
  invite_token_expired: 410,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  locked_out: 429,
  too_many_failed_credentials: 429,
  export_in_progress: 429,
  costly_request_in_progress: 429,
  too_many_streams: 429,
  verification_mail_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  upstream_error: 502,
  not_configured: 503,
  database_unavailable: 503,
  service_unavailable: 503,
  storage_full: 507,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The closed set, in catalogue order (the OpenAPI enum). */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(v: unknown): v is ErrorCode {
  return typeof v === 'string' && Object.hasOwn(ERROR_STATUS, v);
}

/** The code of an answer known only by its status (the framework's own errors): the generic one of that status. */
const BY_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'invalid_api_key',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  431: 'headers_too_large',
  500: 'internal_error',
  502: 'upstream_error',
  503: 'service_unavailable',
  507: 'storage_full',
};

export function codeForStatus(status: number): ErrorCode {
  return BY_STATUS[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
}

/** The body of a non-validation error: FastAPI's `detail` and the code. */
export function problem(code: ErrorCode, detail: string): { detail: string; code: ErrorCode } {
  return { detail, code };
}

export interface ValidationItem {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** An error whose message is safe to show the caller; its status is its code's. */
export class AppError extends Error {
  public readonly statusCode: number;
  constructor(
    public readonly code: ErrorCode,
    public readonly detail: string,
    public readonly extra: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

/** A 422 raised by a service rule rather than the schema (e.g. a cursor that does not decode). */
export class ValidationFailed extends Error {
  public readonly code = 'validation_failed' as const;
  constructor(public readonly items: ValidationItem[]) {
    super('validation failed');
    this.name = 'ValidationFailed';
  }
}

/** Builds the error of `code` with that code's status. */
function raise(code: ErrorCode, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): AppError {
  return new AppError(code, detail, extra, headers);
}

const BEARER = { 'WWW-Authenticate': 'Bearer' };
const retryAfter = (seconds: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(seconds))) });

/** The factories of every error a route or service raises (`errors.*`). */
export const ERRORS = {
  badRequest: (detail: string, extra?: Record<string, unknown>) => raise('bad_request', detail, extra),

  /** A 401 about the API key; prefer the specific factories below. */
  unauthorized: (detail = 'Missing or invalid API key') => raise('invalid_api_key', detail, {}, BEARER),
  missingApiKey: (detail = 'Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>') => raise('missing_api_key', detail, {}, BEARER),
  invalidApiKey: (detail = 'Invalid API key') => raise('invalid_api_key', detail, {}, BEARER),
  missingIngestSecret: (detail = 'Missing X-Service-Ingest-Secret header') => raise('missing_ingest_secret', detail, {}, BEARER),
  invalidIngestSecret: (detail = 'Invalid ingest secret') => raise('invalid_ingest_secret', detail, {}, BEARER),
  invalidCredentials: (detail = 'Incorrect email or password') => raise('invalid_credentials', detail, {}, BEARER),
  sessionRequired: (detail = 'Not signed in: send Authorization: Bearer <session token> or the session cookie') => raise('session_required', detail, {}, BEARER),
  sessionExpired: (detail = 'Session expired or invalid: sign in again') => raise('session_expired', detail, {}, BEARER),

  /** A right password of an account with a second factor: the sign-in goes on with `mfa_token` and a code. */
  mfaRequired: (
    mfaToken: string,
    factors: readonly string[] = ['totp'],
    detail = 'A second factor is needed: send a code of your authenticator app (or a recovery code) with this mfa_token',
  ) => raise('mfa_required', detail, { mfa_token: mfaToken, factors }, BEARER),
  mfaCodeInvalid: (detail = 'Incorrect code') => raise('mfa_code_invalid', detail, {}, BEARER),
  mfaTokenInvalid: (detail = 'This sign-in step is not valid (unknown or already used): sign in again') => raise('mfa_token_invalid', detail, {}, BEARER),
  mfaTokenExpired: (detail = 'This sign-in step has expired: sign in again') => raise('mfa_token_expired', detail, {}, BEARER),
  /** A passkey's answer that does not sign in: unknown or another account's passkey, a challenge not handed out here (or used, or expired), a bad signature, a cloned authenticator. */
  passkeyInvalid: (detail = 'This passkey could not be verified: try again') => raise('passkey_invalid', detail, {}, BEARER),
  /** An administrator without a second factor where one is required: only the enrolment is open to the session. */
  mfaEnrolmentRequired: (detail = 'Set up a second factor first: administrators need one (POST /api/auth/admin/mfa/totp/setup, then …/confirm)') =>
    raise('mfa_enrolment_required', detail),

  paymentRequired: (detail = 'Production access is not enabled for this account') => raise('payment_required', detail),

  /** A 403 for a session of the wrong role. */
  forbidden: (detail: string) => raise('forbidden', detail),
  /** A credential that acts only in its own environment (test or live) used for the other one. */
  environmentMismatch: (detail: string) => raise('environment_mismatch', detail),
  csrfRejected: (detail = "Cross-site request refused: a write signed in by cookie must come from the service's own pages") => raise('csrf_rejected', detail),
  suspended: () => raise('partner_suspended', 'partner suspended'),
  /** An account-wide change (the password) from a session opened with an API key, which acts in one environment only. */
  passwordSessionRequired: (detail = 'This session was opened with an API key: sign in with your password to change it') =>
    raise('password_session_required', detail),
  /** ADMIN_PASSWORD_LOGIN=false: administrators sign in with single sign-on only. */
  passwordLoginDisabled: (detail = 'Password sign-in is turned off for administrators: sign in with single sign-on (GET /api/auth/admin/oidc/start)') =>
    raise('password_login_disabled', detail),
  /** The signed-in member's role is below the one the operation needs (src/areas/members/permissions.ts). */
  roleForbidden: (detail: string) => raise('role_forbidden', detail),
  productionNotEnabled: () =>
    raise(
      'production_not_enabled',
      'Production access is not enabled yet for this account: keep using your test key (svc_test_…) meanwhile, and ask for production access through the contact form (topic "production") or your account manager; your live key works on the next request once an administrator has enabled it.',
    ),

  notFound: (detail = 'Not Found') => raise('not_found', detail),
  conflict: (detail: string, extra?: Record<string, unknown>) => raise('conflict', detail, extra),
  /** The same work is running right now: the same request again shortly gets its answer. */
  inProgress: (detail: string) => raise('in_progress', detail),

  /** A password-reset token that was never issued, or was superseded by a newer request. */
  resetTokenInvalid: (detail = 'This password-reset link is not valid (a newer one may have been sent): ask for a new one') =>
    raise('reset_token_invalid', detail),
  resetTokenExpired: (detail = 'This password-reset link has expired: ask for a new one') => raise('reset_token_expired', detail),
  resetTokenUsed: (detail = 'This password-reset link has already been used: ask for a new one if needed') => raise('reset_token_used', detail),

  tooManyRequests: (retryAfterSeconds: number, detail = 'Rate limit exceeded') => raise('rate_limited', detail, {}, retryAfter(retryAfterSeconds)),
  lockedOut: (retryAfterSeconds: number, detail: string) => raise('locked_out', detail, {}, retryAfter(retryAfterSeconds)),
  /** The client address sent too many wrong API keys or secrets: every credential it sends is refused for a while. */
  tooManyFailedCredentials: (retryAfterSeconds: number, detail: string) => raise('too_many_failed_credentials', detail, {}, retryAfter(retryAfterSeconds)),
  exportInProgress: (detail = 'An export of yours is still running: one export at a time, try again when it is done') =>
    raise('export_in_progress', detail, {}, retryAfter(1)),
  /** The key already has as much costly work (large pages) in progress on this process as it may hold at once. */
  costlyRequestInProgress: (detail: string) => raise('costly_request_in_progress', detail, {}, retryAfter(1)),
  /** The key already holds as many webhook event streams as it may on this process. */
  tooManyStreams: (detail: string) => raise('too_many_streams', detail, {}, retryAfter(5)),

  /** Email verification links (POST /api/auth/partner/verify-email). */
  verificationTokenInvalid: (detail = 'This verification link is not valid: check that the whole link was opened, or ask for a new one') =>
    raise('verification_token_invalid', detail),
  verificationTokenExpired: (detail = 'This verification link has expired: ask for a new one') => raise('verification_token_expired', detail),
  verificationTokenUsed: (detail = 'This verification link was already used') => raise('verification_token_used', detail),
  /** Too many verification mails for one partner within the hour. */
  verificationMailLimited: (retryAfterSeconds: number, detail = 'Too many verification mails for this account: try again later') =>
    raise('verification_mail_limited', detail, {}, retryAfter(retryAfterSeconds)),

  /** Member invitation links (POST /api/auth/partner/accept-invite). */
  inviteTokenInvalid: (detail = 'This invitation link is not valid (it may have been used, withdrawn or replaced by a newer one): ask for a new invitation') =>
    raise('invite_token_invalid', detail),
  inviteTokenExpired: (detail = 'This invitation link has expired: ask for a new invitation') => raise('invite_token_expired', detail),

  upstreamFailed: (detail: string, extra?: Record<string, unknown>) => raise('upstream_error', detail, extra),
  /** A feature this server is not set up for: retrying does not help until an operator configures it. */
  notConfigured: (detail: string) => raise('not_configured', detail),
  unavailable: (detail: string) => raise('service_unavailable', detail),

  /** A single-field 422 in FastAPI's shape. */
  invalid: (loc: (string | number)[], msg: string, input: unknown, type = 'value_error', ctx?: Record<string, unknown>) =>
    new ValidationFailed([{ type, loc, msg, input, ...(ctx ? { ctx } : {}) }]),
};
