/** What the administrator session guard of src/http/auth.ts reads: whether the administrator has a confirmed second factor. */
import type { Executor } from '../../db/database.js';
import { hasConfirmedFactor } from './repo.js';

export function adminHasSecondFactor(db: Executor, adminId: string): Promise<boolean> {
  return hasConfirmedFactor(db, 'admin', adminId);
}
