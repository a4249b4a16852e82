/** SQL of the admin console's single sign-on (the accounts area owns `admin_oidc_states`). */
import type { Executor } from '../../db/database.js';

export async function insertOidcState(db: Executor, stateHash: string, createdAt: number, expiresAt: number): Promise<void> {
  await db.insertInto('admin_oidc_states').values({ state_hash: stateHash, created_at: createdAt, expires_at: expiresAt, used_at: null }).execute();
}

/**
 * Marks the state used when it is unused and unexpired, in one statement: of two callbacks racing with the same
 * state only one gets `consumed`. Otherwise tells why (`unknown`, `used` or `expired`).
 */
export async function consumeOidcState(db: Executor, stateHash: string, now: number): Promise<'consumed' | 'unknown' | 'used' | 'expired'> {
  const r = await db
    .updateTable('admin_oidc_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) > 0) return 'consumed';
  const row = await db.selectFrom('admin_oidc_states').select(['used_at', 'expires_at']).where('state_hash', '=', stateHash).executeTakeFirst();
  if (!row) return 'unknown';
  return row.used_at !== null ? 'used' : 'expired';
}

/** Deletes up to `batch` states that expired before `before` (the maintenance worker). */
export async function pruneOidcStates(db: Executor, before: number, batch: number): Promise<number> {
  const r = await db
    .deleteFrom('admin_oidc_states')
    .where('state_hash', 'in', (eb) => eb.selectFrom('admin_oidc_states').select('state_hash').where('expires_at', '<', before).orderBy('expires_at').limit(batch))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
