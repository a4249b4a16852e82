/** The mail outbox as administrators read it. */
import type { Deps } from '../../context.js';
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { iso } from '../../lib/time.js';
import { listMailOutbox } from './repo.js';

export async function listOutbox(deps: Pick<Deps, 'database' | 'mailer'>, q: { limit: number; cursor?: string; status?: string; kind?: string }) {
  const before = q.cursor ? (decodeCursor(q.cursor, ['number', 'string']) as [number, string]) : null;
  const rows = await listMailOutbox(deps.database.db, { limit: q.limit + 1, status: q.status, kind: q.kind, before });
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to_address,
      subject: m.subject,
      text: m.text_body,
      html: m.html_body,
      status: m.status,
      error: m.error,
      created_at: iso(Number(m.created_at)),
    })),
    next_cursor: rows.length > q.limit && last ? encodeCursor([Number(last.created_at), last.id]) : null,
    count: page.length,
    transport: deps.mailer.transport,
  };
}

/** Mails the operator (OPERATOR_EMAIL), if one is configured; false when none is or the send failed. */
export async function notifyOperator(deps: Pick<Deps, 'config' | 'log' | 'mailer'>, subject: string, text: string, kind: string): Promise<boolean> {
  const to = deps.config.operatorEmail;
  if (!to) return false;
  try {
    await deps.mailer.send({ to, subject, text, kind });
    return true;
  } catch (err) {
    deps.log.warn({ err: (err as Error).message, kind }, 'operator notification failed');
    return false;
  }
}
