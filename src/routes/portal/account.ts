/** GET /api/auth/partner/me: the signed-in partner. */
import { errorResponses, security } from '../../http/schemas.js';
import * as S from '../../areas/accounts/schemas.js';
import * as sessions from '../../areas/accounts/sessions.js';
import { typed, type Routes } from '../scope.js';

export const accountRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/auth/partner/me',
    {
      // A member held to enrolment reads this to learn so (`mfa_enrolment_required`).
      config: { mfaEnrolment: true },
      schema: {
        operationId: 'getPartnerAccount',
        tags: ['auth'],
        summary: 'The signed-in partner',
        security: security.partnerSession,
        response: { 200: S.PartnerMe, ...errorResponses(401, 403) },
      },
    },
    async (request) => sessions.partnerMe(deps, request.partner.id, request.session, request.member, request.memberRole),
  );
};
