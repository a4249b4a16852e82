/**
 * What the administrator session guard of src/http/auth.ts reads: whether the administrator has a confirmed second
 * factor, and whether the session's sign-in proved one at the identity provider.
 */
import type { Executor } from '../../db/database.js';
import { hasConfirmedFactor } from './repo.js';

export function adminHasSecondFactor(db: Executor, adminId: string): Promise<boolean> {
  return hasConfirmedFactor(db, 'admin', adminId);
}

/**
 * Whether a session opened this way proved the second factor elsewhere: a single sign-on (`oidc`) did at the
 * identity provider, which is where the operator requires it (docs/decisions.md).
 */
export function secondFactorAtProvider(sessionMethod: string): boolean {
  return sessionMethod === 'oidc';
}
