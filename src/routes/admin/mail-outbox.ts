/** GET /api/admin/mail-outbox: mail kept by the service instead of being sent. */
import { errorResponses, security } from '../../http/schemas.js';
import { MailOutboxList, MailOutboxQuery } from '../../areas/mail/schemas.js';
import { listOutbox } from '../../areas/mail/service.js';
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
    async (request) => listOutbox(deps, request.query),
  );
};
