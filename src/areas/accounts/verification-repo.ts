/**
 * SQL of email verification (accounts area): the `email_verifications` links and the
 * `verified_emails` alert addresses. Every function takes an Executor (the database or a transaction).
 */
import type { Executor } from '../../db/database.js';
import type { EmailVerificationsTable } from '../../db/schema/accounts.js';

export async function insertVerification(db: Executor, row: EmailVerificationsTable): Promise<void> {
  await db.insertInto('email_verifications').values(row).execute();
}

export function findVerificationByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Replaces the partner's open links of `purpose` (only those for `emailHash` when given): a
 * newer link supersedes them. Returns how many were open.
 */
export async function supersedeVerifications(db: Executor, partnerId: string, purpose: string, emailHash: string | null, now: number): Promise<number> {
  let q = db
    .updateTable('email_verifications')
    .set({ superseded_at: now })
    .where('partner_id', '=', partnerId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null);
  if (emailHash !== null) q = q.where('email_hash', '=', emailHash);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Uses a link once: true only for the one call that found it open (unused, not superseded, not expired). */
export async function useVerification(db: Executor, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('email_verifications')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** When the partner's links created after `since` were created, oldest first (the mail budget). */
export async function verificationTimesAfter(db: Executor, partnerId: string, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('email_verifications')
    .select('created_at')
    .where('partner_id', '=', partnerId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

/** Links that expired before `before` go (a batch at a time); an older link then answers as unknown. */
export async function pruneVerifications(db: Executor, before: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('email_verifications')
    .where('id', 'in', (eb) => eb.selectFrom('email_verifications').select('id').where('expires_at', '<', before).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function addVerifiedEmail(db: Executor, partnerId: string, emailHash: string, at: number): Promise<void> {
  await db
    .insertInto('verified_emails')
    .values({ partner_id: partnerId, email_hash: emailHash, verified_at: at })
    .onConflict((oc) => oc.columns(['partner_id', 'email_hash']).doNothing())
    .execute();
}

export async function isVerifiedEmail(db: Executor, partnerId: string, emailHash: string): Promise<boolean> {
  const r = await db
    .selectFrom('verified_emails')
    .select('verified_at')
    .where('partner_id', '=', partnerId)
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  return r !== undefined;
}
