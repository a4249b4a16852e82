/** SQL of the mail area: the mail_outbox table (takes an Executor: the database or a transaction). */
import type { Executor } from '../../db/database.js';
import type { MailOutboxTable } from '../../db/schema/usage.js';

/** Keeps a mail message in the outbox (unsent, or refused by the mail server). */
export async function insertMail(db: Executor, row: MailOutboxTable): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** A page of kept mail, newest first; `before` is the keyset of the previous page's last row. */
export function listMailOutbox(db: Executor, opts: { limit: number; status?: string; kind?: string; before: [number, string] | null }) {
  let q = db.selectFrom('mail_outbox').selectAll();
  if (opts.status) q = q.where('status', '=', opts.status);
  if (opts.kind) q = q.where('kind', '=', opts.kind);
  if (opts.before) {
    const [at, id] = opts.before;
    q = q.where('created_at', '<=', at).where((eb) => eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]));
  }
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).execute();
}
