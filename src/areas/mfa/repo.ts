/**
 * SQL of the mfa area, which owns `mfa_factors`, `mfa_recovery_codes` and `mfa_challenges`.
 * Every function takes an Executor (the database or a transaction).
 */
import type { Executor } from '../../db/database.js';
import type { MfaChallengesTable, MfaFactorsTable, MfaRecoveryCodesTable, MfaSubjectType } from '../../db/schema/mfa.js';

// ---- factors ----

export function findFactor(db: Executor, subjectType: MfaSubjectType, subjectId: string) {
  return db.selectFrom('mfa_factors').selectAll().where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).executeTakeFirst();
}

/** Whether the subject has a confirmed factor (one index look-up). */
export async function hasConfirmedFactor(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('mfa_factors')
    .select('id')
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these subjects have a confirmed factor (one query). */
export async function subjectsWithConfirmedFactor(db: Executor, subjectType: MfaSubjectType, subjectIds: readonly string[]): Promise<Set<string>> {
  if (subjectIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('mfa_factors')
    .select('subject_id')
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', subjectIds)
    .where('confirmed_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.subject_id));
}

/** A new pending factor, replacing a pending one (never a confirmed one: the caller checked, and the `where` holds it). */
export async function replacePendingFactor(db: Executor, row: MfaFactorsTable): Promise<void> {
  await db
    .deleteFrom('mfa_factors')
    .where('subject_type', '=', row.subject_type)
    .where('subject_id', '=', row.subject_id)
    .where('confirmed_at', 'is', null)
    .execute();
  await db.insertInto('mfa_factors').values(row).execute();
}

/** Confirms a pending factor at `step`; false when it is no longer pending (a concurrent confirmation won). */
export async function confirmFactor(db: Executor, id: string, now: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('mfa_factors')
    .set({ confirmed_at: now, last_used_step: step })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Records `step` as used, only if no code of that step or a later one was accepted before (compare-and-set):
 * false when another request used it first, so a code works once even when sent twice at the same time.
 */
export async function useStep(db: Executor, id: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('mfa_factors')
    .set({ last_used_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteFactor(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<number> {
  const r = await db.deleteFrom('mfa_factors').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** rotate-secrets-key: the sealed TOTP secrets, a page at a time by id. */
export async function sealedFactorSecretsPage(db: Executor, afterId: string | null, limit: number): Promise<{ id: string; sealed: string }[]> {
  let q = db.selectFrom('mfa_factors').select(['id', 'secret_enc']);
  if (afterId !== null) q = q.where('id', '>', afterId);
  const rows = await q.orderBy('id').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, sealed: r.secret_enc }));
}

export async function resealFactorSecret(db: Executor, id: string, from: string, to: string): Promise<boolean> {
  const r = await db.updateTable('mfa_factors').set({ secret_enc: to }).where('id', '=', id).where('secret_enc', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- recovery codes ----

export async function replaceRecoveryCodes(db: Executor, subjectType: MfaSubjectType, subjectId: string, rows: MfaRecoveryCodesTable[]): Promise<void> {
  await deleteRecoveryCodes(db, subjectType, subjectId);
  await db.insertInto('mfa_recovery_codes').values(rows).execute();
}

export async function deleteRecoveryCodes(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<void> {
  await db.deleteFrom('mfa_recovery_codes').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).execute();
}

/** Marks the subject's unused code of `codeHash` used; false when there is none (unknown, or used already). */
export async function useRecoveryCode(db: Executor, subjectType: MfaSubjectType, subjectId: string, codeHash: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('mfa_recovery_codes')
    .set({ used_at: now })
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<number> {
  const row = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', subjectId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- sign-in challenges ----

export async function insertChallenge(db: Executor, row: MfaChallengesTable): Promise<void> {
  await db.insertInto('mfa_challenges').values(row).execute();
}

export function findChallengeByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('mfa_challenges').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the challenge once: false when it was used already (a concurrent completion won). */
export async function consumeChallenge(db: Executor, id: string, now: number): Promise<boolean> {
  const r = await db.updateTable('mfa_challenges').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteChallengesOfSubject(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<void> {
  await db.deleteFrom('mfa_challenges').where('subject_type', '=', subjectType).where('subject_id', '=', subjectId).execute();
}

/** Everything of the subject's second factor: the factor, its recovery codes and its open sign-in challenges. */
export async function deleteSecondFactorOfSubject(db: Executor, subjectType: MfaSubjectType, subjectId: string): Promise<void> {
  await deleteFactor(db, subjectType, subjectId);
  await deleteRecoveryCodes(db, subjectType, subjectId);
  await deleteChallengesOfSubject(db, subjectType, subjectId);
}

/** Maintenance: at most `batch` challenges expired before `cutoff`, oldest first. */
export async function pruneChallenges(db: Executor, cutoff: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('mfa_challenges')
    .where('id', 'in', (eb) => eb.selectFrom('mfa_challenges').select('id').where('expires_at', '<=', cutoff).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
