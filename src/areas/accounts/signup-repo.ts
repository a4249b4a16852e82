/**
 * SQL of self sign-up (accounts area): the `signup_requests` waiting for their link. Every function takes an
 * Executor (the database or a transaction).
 */
import type { Executor } from '../../db/database.js';
import type { SignupRequestsTable } from '../../db/schema/accounts.js';

export async function insertSignUpRequest(db: Executor, row: SignupRequestsTable): Promise<void> {
  await db.insertInto('signup_requests').values(row).execute();
}

export function findSignUpRequestByHash(db: Executor, tokenHash: string) {
  return db.selectFrom('signup_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses a link once: true only for the one call that found it unused and unexpired. */
export async function useSignUpRequest(db: Executor, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('signup_requests')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Requests that expired before `before` go, a batch at a time (with their password hashes). */
export async function pruneSignUpRequests(db: Executor, before: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('signup_requests')
    .where('id', 'in', (eb) => eb.selectFrom('signup_requests').select('id').where('expires_at', '<', before).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
