/** What the session guards of src/http/auth.ts read and write: a presented session, its end, its last use. */
import type { Executor } from '../../db/database.js';
import { sha256Hex } from '../../lib/crypto.js';
import { deleteSession, partnerSessionByHash, sessionPrincipalByHash, touchSession } from './repo.js';

/** The session a token opens, with its subject and whether its key-opened slot still holds its key (`bound`). */
export function sessionOfToken(db: Executor, token: string, now: number) {
  return sessionPrincipalByHash(db, sha256Hex(token), now);
}

/**
 * The session a token opens with, in the same statement, its partner's state and the member it acts as (its own while
 * active, or the account's first owner for one opened before members existed; none for a key-opened session).
 */
export function partnerSessionOfToken(db: Executor, token: string, now: number) {
  return partnerSessionByHash(db, sha256Hex(token), now);
}

/** Ends a session (its key changed under it). */
export function endSession(db: Executor, id: string): Promise<void> {
  return deleteSession(db, id);
}

/** Records a session's use at `now` unless it was recorded after `since`. */
export function markSessionUsed(db: Executor, id: string, now: number, since: number): Promise<void> {
  return touchSession(db, id, now, since);
}
