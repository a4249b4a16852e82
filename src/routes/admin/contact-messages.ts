/** GET /api/admin/contact-messages. */
import { errorResponses, security } from '../../http/schemas.js';
import { listLeads } from '../../areas/contact/service.js';
import { ContactLeadList, ContactLeadQuery } from '../../areas/contact/schemas.js';
import { typed, type Routes } from '../scope.js';

export const contactMessageRoutes: Routes = async (app, { deps }) => {
  const a = typed(app);

  a.get(
    '/api/admin/contact-messages',
    {
      schema: {
        operationId: 'adminListContactMessages',
        tags: ['admin'],
        summary: 'Contact-form messages, newest first (spam hidden unless include_spam)',
        security: security.adminSession,
        querystring: ContactLeadQuery,
        response: { 200: ContactLeadList, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => listLeads(deps, request.query.limit, request.query.include_spam),
  );
};
