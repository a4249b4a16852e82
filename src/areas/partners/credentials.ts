/** What the API-key guard of src/http reads of a partner: the key a hash names with its partner. */
import type { Executor } from '../../db/database.js';
import { keysWithPartnerByHash } from './repo.js';

/**
 * The key slots holding the key of this hash, or holding it as the key a roll replaced (check `previous_expires_at`),
 * with their partner's state (the API-key guard's cache reads it and prefers a current key).
 */
export function keysAndPartnerByHash(db: Executor, keyHash: string) {
  return keysWithPartnerByHash(db, keyHash);
}
