/** What the credential guards of src/http read of a partner: its state, and the key a hash names with its partner. */
import type { Executor } from '../../db/database.js';
import { authPartnerById, keyWithPartnerByHash } from './repo.js';

/** The partner of a session: its `active` flag and production access. */
export function partnerOfSession(db: Executor, id: string) {
  return authPartnerById(db, id);
}

/** The key slot holding the key of this hash, with its partner's state (the API-key guard's cache reads it). */
export function keyAndPartnerByHash(db: Executor, keyHash: string) {
  return keyWithPartnerByHash(db, keyHash);
}
