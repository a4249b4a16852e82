/** SQL of the contact area: contact leads (takes an Executor: the database or a transaction). */
import type { Executor } from '../../db/database.js';
import type { ContactLeadsTable } from '../../db/schema/public.js';

// ---- contact ----

export async function insertLead(db: Executor, row: ContactLeadsTable): Promise<void> {
  await db.insertInto('contact_leads').values(row).execute();
}

export async function markLeadNotified(db: Executor, id: string): Promise<void> {
  await db.updateTable('contact_leads').set({ notified: 1 }).where('id', '=', id).execute();
}

export async function deleteLeadsByEmail(db: Executor, emailLower: string): Promise<number> {
  const r = await db.deleteFrom('contact_leads').where('email_lower', '=', emailLower).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function listLeads(db: Executor, limit: number, includeSpam: boolean) {
  let q = db.selectFrom('contact_leads').selectAll();
  if (!includeSpam) q = q.where('spam', '=', 0);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
