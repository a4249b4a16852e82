/** POST /api/auth/admin/password: the signed-in administrator changes its password. */
import { errorResponses, security } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import * as passwords from '../../areas/accounts/passwords.js';
import { typed, type Routes } from '../scope.js';

export const passwordRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.post(
    '/api/auth/admin/password',
    {
      schema: {
        operationId: 'changeAdminPassword',
        tags: ['auth'],
        summary: 'Change the password of the signed-in administrator',
        description:
          'As the partner operation: a wrong `current_password` is 401 and counts toward the sign-in lockout; `new_password` follows the ' +
          'password policy (422); success ends every other session of the administrator. A forgotten administrator password is set by ' +
          'an operator: `npm run svc -- admin set-password --email …`.',
        security: security.adminSession,
        body: S.PasswordChange,
        response: { 200: S.PasswordChanged, ...errorResponses(401, 403, 413, 422, 429) },
      },
    },
    async (request) => passwords.changePassword(deps, 'admin', request.session, request.body, request.ip),
  );
};
