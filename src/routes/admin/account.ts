/** GET /api/auth/admin/me: the signed-in administrator. */
import { errorResponses, security } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import * as sessions from '../../areas/accounts/sessions.js';
import { typed, type Routes } from '../scope.js';

export const accountRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/auth/admin/me',
    {
      config: { mfaEnrolment: true },
      schema: {
        operationId: 'getAdminAccount',
        tags: ['auth'],
        summary: 'The signed-in administrator',
        security: security.adminSession,
        response: { 200: S.AdminMe, ...errorResponses(401, 403) },
      },
    },
    async (request) => sessions.adminMe(deps, request.session.subjectId, request.session),
  );
};
