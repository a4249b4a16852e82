/** Tables owned by the passkeys area (migration 0036): WebAuthn credentials and the challenges handed out for them. */
import type { MfaSubjectType } from './mfa.js';

/** A passkey of a member or an administrator. */
export interface PasskeyCredentialsTable {
  id: string;
  subject_type: MfaSubjectType;
  subject_id: string;
  /** The credential id the authenticator chose, base64url (unique across every subject). */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter last seen: an answer at or below it (when either is non-zero) is a cloned authenticator's. */
  counter: number;
  /** The transports the browser reported, a JSON array of strings. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export type PasskeyChallengePurpose = 'register' | 'mfa' | 'login';

/** A challenge handed out (SHA-256 of its base64url form only): single use, short-lived, bound to what asked for it. */
export interface PasskeyChallengesTable {
  id: string;
  challenge_hash: string;
  purpose: PasskeyChallengePurpose;
  /** The sign-in or console the challenge belongs to. */
  role: 'partner' | 'admin';
  /** Who it is for (register, mfa); null for a password-less sign-in, which learns the subject from the credential. */
  subject_type: MfaSubjectType | null;
  subject_id: string | null;
  /** register: the session that asked. */
  session_id: string | null;
  /** mfa: the sign-in challenge (mfa_challenges.id) that asked. */
  mfa_challenge_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PasskeysTables {
  passkey_credentials: PasskeyCredentialsTable;
  passkey_challenges: PasskeyChallengesTable;
}
