/** Tables owned by the members area (migration 0028). */

export type MemberRole = 'owner' | 'admin' | 'developer' | 'viewer';
export type MemberStatus = 'invited' | 'active';

/** A person of a partner account, with a role; the account's first login became its `owner`. */
export interface PartnerMembersTable {
  id: string;
  partner_id: string;
  /** As typed (trimmed). */
  email: string;
  /** Unique across the service: a sign-in by email names one member. */
  email_lower: string;
  /** Null until an invited member accepts (they give it then). */
  name: string | null;
  role: MemberRole;
  status: MemberStatus;
  /** scrypt; null until an invited member accepts. */
  password_hash: string | null;
  /** The member who sent the invitation; null for the account's first login. */
  invited_by: string | null;
  /** SHA-256 of the invitation token while it is pending; the token itself is never stored. */
  invite_token_hash: string | null;
  invite_expires_at: number | null;
  created_at: number;
  accepted_at: number | null;
  last_sign_in_at: number | null;
}

export interface MembersTables {
  partner_members: PartnerMembersTable;
}
