/** What the credential guards of src/http read of a partner: its state, and the key a hash names with its partner. */
import type { Executor } from '../../db/database.js';
import { authPartnerById, keysWithPartnerByHash } from './repo.js';

/** The partner of a session: its `active` flag and production access. */
export function partnerOfSession(db: Executor, id: string) {
  return authPartnerById(db, id);
}

/**
 * The key slots holding the key of this hash, or holding it as the key a roll replaced (check `previous_expires_at`),
 * with their partner's state (the API-key guard's cache reads it and prefers a current key).
 */
export function keysAndPartnerByHash(db: Executor, keyHash: string) {
  return keysWithPartnerByHash(db, keyHash);
}
