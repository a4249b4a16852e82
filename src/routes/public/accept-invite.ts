/** POST /api/auth/partner/accept-invite: an invited member sets its name and password and is signed in. */
import { errorResponses } from '../../http/schemas.js';
import * as S from '../../areas/members/schemas.js';
import * as members from '../../areas/members/service.js';
import * as sessions from '../../areas/accounts/sessions.js';
import { publicWriteLimit } from '../../areas/metering/rate-limit.js';
import { typed, type Routes } from '../scope.js';

export const acceptInviteRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);
  const limit = publicWriteLimit(deps, 'accept-invite');

  r.post(
    '/api/auth/partner/accept-invite',
    {
      onRequest: limit,
      config: { noStore: true },
      schema: {
        operationId: 'acceptMemberInvitation',
        tags: ['auth'],
        summary: 'Accept an invitation to a partner account: choose your name and password, and sign in',
        description:
          'Answers a session like the sign-in (and sets the svc_session cookie) with the new member. The password follows the password policy (422 naming the rule; ' +
          'the link stays usable). An unknown, used or withdrawn token is 400 `invite_token_invalid`, one older than 7 days 410 `invite_token_expired`; ' +
          'a suspended account 403 `partner_suspended`.',
        security: [],
        body: S.InviteAccept,
        response: { 200: S.InviteAccepted, ...errorResponses(400, 403, 410, 413, 422, 429) },
      },
    },
    async (request, reply) => sessions.answerSignIn(deps, reply, await members.acceptInvite(deps, request.body, sessions.clientOf(request))),
  );
};
