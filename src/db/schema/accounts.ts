/** Tables owned by the accounts area (its own migrations, 0002 and 0016). */

/** Failed sign-in counter of one scope (an email of a role, or a client address). */
export interface LoginThrottleTable {
  /** SHA-256 of the scope key (`email:<role>:<email>` or `ip:<address>`). */
  key_hash: string;
  /** Attempts counted in the current window (each attempt is counted before the password is checked). */
  failures: number;
  window_start: number;
  /** While in the future, every attempt of this scope answers 429. */
  locked_until: number | null;
  updated_at: number;
}

/** The password-reset token of one partner (migration 0016): the newest request replaces the row. */
export interface PasswordResetsTable {
  partner_id: string;
  /** SHA-256 of the token sent in the reset link; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** When the token set a password; a used token cannot be used again. */
  used_at: number | null;
}

/** A single-use email verification link (migration 0018): only the token's SHA-256 is stored. */
export interface EmailVerificationsTable {
  id: string;
  token_hash: string;
  partner_id: string;
  /** `account` (the partner's own email) | `notify_email` (an alert address) */
  purpose: string;
  /** SHA-256 of the address's normalised form (emailKey): the link verifies that address only. */
  email_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Set when a newer link for the same address replaced this one. */
  superseded_at: number | null;
}

/** An alert address a partner has verified (migration 0018). */
export interface VerifiedEmailsTable {
  partner_id: string;
  email_hash: string;
  verified_at: number;
}

/** A self sign-up waiting for its link (migration 0026): the account is created when the link is followed. */
export interface SignupRequestsTable {
  id: string;
  /** SHA-256 of the token sent in the link; the token itself is never stored. */
  token_hash: string;
  /** As typed (trimmed). */
  email: string;
  /** scrypt of the password chosen at sign-up: it becomes the account's, and the link asks for it again. */
  password_hash: string;
  company: string;
  contact_name: string;
  created_at: number;
  expires_at: number;
  /** When the link created the account; a used link cannot be used again. */
  used_at: number | null;
}

/** A single sign-on of the admin console begun and not yet finished (migration 0030): its callback may consume it once. */
export interface AdminOidcStatesTable {
  /** SHA-256 of the `state` sent to the provider; the state itself is only in the browser's sealed cookie. */
  state_hash: string;
  created_at: number;
  expires_at: number;
  /** When a callback consumed it; a used state cannot be used again. */
  used_at: number | null;
}

export interface AccountsTables {
  admin_oidc_states: AdminOidcStatesTable;
  login_throttle: LoginThrottleTable;
  signup_requests: SignupRequestsTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  verified_emails: VerifiedEmailsTable;
}
