/** SQL of a sandbox transfer's life after its creation (its status and history; Kysely builder only). */
import type { Executor } from '../../db/database.js';
import type { SandboxTransfersTable } from '../../db/schema/sandbox.js';
import type { Scope } from './repo.js';

/** One transfer of the caller's partner and environment (another's is not found). */
export async function findTransfer(db: Executor, s: Scope, transferId: string): Promise<SandboxTransfersTable | undefined> {
  return db
    .selectFrom('sandbox_transfers')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .executeTakeFirst();
}

/**
 * Moves the transfer to a new status only while it is still in one of `from` (compare-and-set: two calls at once
 * move it once); returns the row as it now is, or undefined when it was not in `from`.
 */
export async function moveTransfer(
  db: Executor,
  s: Scope,
  transferId: string,
  from: readonly string[],
  set: Partial<Pick<SandboxTransfersTable, 'status' | 'settled_at' | 'failed_at' | 'failure_code' | 'returned_at' | 'return_code'>>,
): Promise<SandboxTransfersTable | undefined> {
  return db
    .updateTable('sandbox_transfers')
    .set(set)
    .where('transfer_id', '=', transferId)
    .where('partner_id', '=', s.partnerId)
    .where('environment', '=', s.environment)
    .where('status', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}
