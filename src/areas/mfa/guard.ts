/**
 * What the session guards of src/http/auth.ts read: whether a subject (an administrator, a partner's member) has a
 * second factor (a confirmed TOTP or a passkey), and whether the session's sign-in proved one at the identity provider.
 */
import type { Executor } from '../../db/database.js';
import type { MfaSubjectType } from '../../db/schema/mfa.js';
import { countPasskeys } from '../passkeys/repo.js';
import { hasConfirmedFactor } from './repo.js';

/**
 * Whether the subject has a second factor it can sign in with: the one rule every check of "has a factor" goes
 * through (sign-in, the enrolment requirements, the account's answers), so another kind of factor counts once here.
 */
export async function hasSecondFactor(db: Executor, subject: { type: MfaSubjectType; id: string }): Promise<boolean> {
  return (await hasConfirmedFactor(db, subject.type, subject.id)) || (await countPasskeys(db, subject.type, subject.id)) > 0;
}

export function adminHasSecondFactor(db: Executor, adminId: string): Promise<boolean> {
  return hasSecondFactor(db, { type: 'admin', id: adminId });
}

/**
 * Whether a member's session is held to enrolment: its account requires a second factor of every member and the
 * member has none. A session opened by pasting an API key has no member and is never held.
 */
export async function memberEnrolmentPending(db: Executor, requireMfa: number, memberId: string): Promise<boolean> {
  if (Number(requireMfa) !== 1) return false;
  return !(await hasSecondFactor(db, { type: 'member', id: memberId }));
}

/**
 * Whether a session opened this way proved the second factor elsewhere: a single sign-on (`oidc`) did at the
 * identity provider, which is where the operator requires it (docs/decisions.md).
 */
export function secondFactorAtProvider(sessionMethod: string): boolean {
  return sessionMethod === 'oidc';
}
