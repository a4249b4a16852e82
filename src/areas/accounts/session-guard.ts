/** What the session guards of src/http/auth.ts read and write: a presented session, its end, its last use. */
import type { Executor } from '../../db/database.js';
import { sha256Hex } from '../../lib/crypto.js';
import { firstOwnerOfPartner, sessionMemberById } from '../members/repo.js';
import { deleteSession, sessionPrincipalByHash, touchSession } from './repo.js';

/** The session a token opens, with its subject and whether its key-opened slot still holds its key (`bound`). */
export function sessionOfToken(db: Executor, token: string, now: number) {
  return sessionPrincipalByHash(db, sha256Hex(token), now);
}

/** Ends a session (its key changed under it). */
export function endSession(db: Executor, id: string): Promise<void> {
  return deleteSession(db, id);
}

/** Records a session's use at `now` unless it was recorded after `since`. */
export function markSessionUsed(db: Executor, id: string, now: number, since: number): Promise<void> {
  return touchSession(db, id, now, since);
}

/** The member a partner session acts as: its own, or the account's owner for one opened before members existed (none: gone). */
export function memberOfSession(db: Executor, partnerId: string, memberId: string | null) {
  return memberId === null ? firstOwnerOfPartner(db, partnerId) : sessionMemberById(db, partnerId, memberId);
}
