/** SQL of the deletion-requests area: requests and their receipts (takes an Executor: the database or a transaction). */
import type { Executor } from '../../db/database.js';
import type { DeletionRequestReceiptsTable, DeletionRequestsTable } from '../../db/schema/public.js';

// ---- deletion requests ----

export function findOpenDeletionRequest(db: Executor, emailLower: string) {
  return db.selectFrom('deletion_requests').selectAll().where('open_email', '=', emailLower).executeTakeFirst();
}

export async function insertDeletionRequest(db: Executor, row: DeletionRequestsTable): Promise<void> {
  await db.insertInto('deletion_requests').values(row).execute();
}

export function getDeletionRequest(db: Executor, id: string) {
  return db.selectFrom('deletion_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateDeletionRequest(db: Executor, id: string, patch: Partial<DeletionRequestsTable>): Promise<void> {
  await db.updateTable('deletion_requests').set(patch).where('id', '=', id).execute();
}

export async function deleteDeletionRequest(db: Executor, id: string): Promise<number> {
  const r = await db.deleteFrom('deletion_requests').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function insertDeletionReceipt(db: Executor, row: DeletionRequestReceiptsTable): Promise<void> {
  await db.insertInto('deletion_request_receipts').values(row).execute();
}

/** The request an answered id names: its own id, or the id a repeat of it was answered with. */
export async function deletionRequestIdByReceipt(db: Executor, receiptId: string): Promise<string | null> {
  const r = await db.selectFrom('deletion_request_receipts').select('request_id').where('id', '=', receiptId).executeTakeFirst();
  return r?.request_id ?? null;
}

/** The ids answered to the repeats of these requests (every receipt but the request's own id), oldest first. */
export function repeatReceiptsOf(db: Executor, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deletion_request_receipts')
    .select(['id', 'request_id'])
    .where('request_id', 'in', requestIds)
    .whereRef('id', '!=', 'request_id')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function listDeletionRequests(db: Executor, limit: number, status?: string) {
  let q = db.selectFrom('deletion_requests').selectAll();
  if (status) q = q.where('status', '=', status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
