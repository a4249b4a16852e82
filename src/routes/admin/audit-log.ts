/** GET /api/admin/audit-log. */
import { errorResponses, security } from '../../http/schemas.js';
import * as admin from '../../areas/accounts/admin.js';
import * as S from '../../areas/accounts/schemas.js';
import { typed, type Routes } from '../scope.js';

export const auditLogRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/admin/audit-log',
    {
      schema: {
        operationId: 'adminAuditLog',
        tags: ['admin'],
        summary: 'Who did what to what, and when: newest first (keyset pagination)',
        security: security.adminSession,
        querystring: S.AuditQuery,
        response: { 200: S.AuditList, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => admin.auditLog(deps, request.query),
  );
};
