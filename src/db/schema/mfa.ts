/** Tables owned by the mfa area (migration 0029): second factors, recovery codes and sign-in challenges. */

/** Who holds a factor: a partner account's member (its own sign-in), an administrator; `partner` only in rows from before members. */
export type MfaSubjectType = 'partner' | 'admin' | 'member';

/** One TOTP factor per subject: pending until a code confirms it (confirmed_at). */
export interface MfaFactorsTable {
  id: string;
  subject_type: MfaSubjectType;
  subject_id: string;
  /** The base32 TOTP secret, sealed under SECRETS_KEY. */
  secret_enc: string;
  created_at: number;
  confirmed_at: number | null;
  /** The last TOTP time step a code was accepted for: a code of that step or an earlier one is refused (replay). */
  last_used_step: number | null;
}

/** A single-use recovery code (SHA-256 of its normalised form only). */
export interface MfaRecoveryCodesTable {
  id: string;
  subject_type: MfaSubjectType;
  subject_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** The step between a right password and the code: an opaque token (SHA-256 stored), short-lived, single use. */
export interface MfaChallengesTable {
  id: string;
  token_hash: string;
  subject_type: MfaSubjectType;
  subject_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MfaTables {
  mfa_factors: MfaFactorsTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
}
