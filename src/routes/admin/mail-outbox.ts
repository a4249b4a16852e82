/** GET /api/admin/mail-outbox: mail kept by the service instead of being sent. */
import { decodeCursor, encodeCursor } from '../../http/pagination.js';
import { errorResponses, security } from '../../http/schemas.js';
import { iso } from '../../lib/time.js';
import { listMailOutbox } from '../../areas/usage/repo.js';
import { MailOutboxList, MailOutboxQuery } from '../../areas/usage/schemas.js';
import { typed, type Routes } from '../scope.js';

export const mailOutboxRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  r.get(
    '/api/admin/mail-outbox',
    {
      schema: {
        operationId: 'adminListMailOutbox',
        tags: ['admin'],
        summary: 'Mail kept by the service instead of being sent (no SMTP_URL, or refused by the SMTP server), newest first',
        security: security.adminSession,
        querystring: MailOutboxQuery,
        response: { 200: MailOutboxList, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const q = request.query;
      const before = q.cursor ? (decodeCursor(q.cursor, ['number', 'string']) as [number, string]) : null;
      const rows = await listMailOutbox(deps.database.db, { limit: q.limit + 1, status: q.status, kind: q.kind, before });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1];
      const mailer = deps.mailer as { transport?: string };
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
        transport: mailer.transport ?? 'smtp',
      };
    },
  );
};
