/**
 * SQL of the passkeys area, which owns `passkey_credentials` and `passkey_challenges`.
 * Every function takes an Executor (the database or a transaction).
 */
import type { Executor } from '../../db/database.js';
import type { MfaSubjectType } from '../../db/schema/mfa.js';
import type { PasskeyChallengesTable, PasskeyCredentialsTable } from '../../db/schema/passkeys.js';

// ---- credentials ----

export function passkeysOfSubject(db: Executor, subjectType: MfaSubjectType, subjectId: string) {
  return db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countPasskeys(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<number> {
  const row = await db
    .selectFrom('passkey_credentials')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these subjects have a passkey (one query). */
export async function subjectsWithPasskey(db: Executor, subjectType: MfaSubjectType, subjectIds: readonly string[]): Promise<Set<string>> {
  if (subjectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('passkey_credentials')
    .select('subject_id')
    .distinct()
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', subjectIds)
    .execute();
  return new Set(rows.map((r) => r.subject_id));
}

export function findPasskeyByCredentialId(db: Executor, credentialId: string) {
  return db.selectFrom('passkey_credentials').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export function findPasskeyOfSubject(db: Executor, subjectType: MfaSubjectType, subjectId: string, id: string) {
  return db
    .selectFrom('passkey_credentials')
    .selectAll()
    .where('id', '=', id)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
}

export async function insertPasskey(db: Executor, row: PasskeyCredentialsTable): Promise<void> {
  await db.insertInto('passkey_credentials').values(row).execute();
}

export async function renamePasskey(db: Executor, subjectType: MfaSubjectType, subjectId: string, id: string, name: string): Promise<boolean> {
  const r = await db
    .updateTable('passkey_credentials')
    .set({ name })
    .where('id', '=', id)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deletePasskey(db: Executor, subjectType: MfaSubjectType, subjectId: string, id: string): Promise<boolean> {
  const r = await db
    .deleteFrom('passkey_credentials')
    .where('id', '=', id)
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deletePasskeysOfSubject(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<number> {
  const r = await db.deleteFrom('passkey_credentials').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).executeTakeFirst();
  await db.deleteFrom('passkey_challenges').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).execute();
  return Number(r.numDeletedRows);
}

/**
 * Records a verified use: the new counter, only if the stored one is still `from` (compare-and-set), so two
 * answers racing with the same counter cannot both pass.
 */
export async function recordPasskeyUse(db: Executor, id: string, from: number, to: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('passkey_credentials')
    .set({ counter: to, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- challenges ----

export async function insertPasskeyChallenge(db: Executor, row: PasskeyChallengesTable): Promise<void> {
  await db.insertInto('passkey_challenges').values(row).execute();
}

export function findPasskeyChallengeByHash(db: Executor, challengeHash: string) {
  return db.selectFrom('passkey_challenges').selectAll().where('challenge_hash', '=', challengeHash).executeTakeFirst();
}

/** Uses the challenge once: false when it was used already (a concurrent answer won). */
export async function consumePasskeyChallenge(db: Executor, id: string, now: number): Promise<boolean> {
  const r = await db.updateTable('passkey_challenges').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Maintenance: at most `batch` challenges expired before `cutoff`, oldest first. */
export async function prunePasskeyChallenges(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('passkey_challenges')
    .where('id', 'in', (eb) => eb.selectFrom('passkey_challenges').select('id').where('expires_at', '<=', cutoff).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
