/** The members of the signed-in partner's account: /api/partners/me/members[/{member_id}[/sessions/revoke]|/transfer-ownership]. */
import type { FastifyRequest } from 'fastify';
import { errorResponses, security } from '../../http/schemas.js';
import * as S from '../../areas/members/schemas.js';
import * as members from '../../areas/members/service.js';
import { partnerActor } from '../actors.js';
import { typed, type Routes } from '../scope.js';

const TAGS = ['members'];

function context(request: FastifyRequest): members.MemberContext {
  return { partnerId: request.partner.id, member: request.member, role: request.memberRole, actor: partnerActor(request) };
}

export const memberRoutes: Routes = async (app, { deps }) => {
  const r = typed(app);

  r.get(
    '/api/partners/me/members',
    {
      schema: {
        operationId: 'listMembers',
        tags: TAGS,
        summary: 'The members of your account, invited ones included, oldest first',
        security: security.partnerSession,
        response: { 200: S.MemberList, ...errorResponses(401, 403) },
      },
    },
    async (request) => members.listMembers(deps, request.partner.id),
  );

  r.post(
    '/api/partners/me/members',
    {
      schema: {
        operationId: 'inviteMember',
        tags: TAGS,
        summary: 'Invite someone to the account with a role: a single-use link valid 7 days is mailed to the address',
        description:
          'Needs the admin role. The member is listed as `invited` until it accepts (`POST /api/auth/partner/accept-invite`). Inviting a pending address again sends a new link ' +
          '(the older one stops working) with the role given now. 409 when the address is already a member of this or another account, or the account has 100 members; ' +
          '429 after 20 invitations within an hour. The mail holds nothing the account wrote (no company or member name).',
        security: security.partnerSession,
        body: S.MemberInvite,
        response: { 201: S.Member, ...errorResponses(401, 403, 409, 413, 422, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await members.inviteMember(deps, context(request), request.body)),
  );

  r.post(
    '/api/partners/me/members/transfer-ownership',
    {
      schema: {
        operationId: 'transferOwnership',
        tags: TAGS,
        summary: 'Make another active member the owner; you become an admin',
        description: 'Needs the owner role (403 `role_forbidden`). 404 for an id that is not a member of the account; 409 for yourself or a member who has not accepted yet.',
        security: security.partnerSession,
        body: S.OwnershipTransfer,
        response: { 200: S.Member, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => members.transferOwnership(deps, context(request), request.body.member_id),
  );

  r.patch(
    '/api/partners/me/members/:member_id',
    {
      schema: {
        operationId: 'changeMemberRole',
        tags: TAGS,
        summary: "Change a member's role",
        description:
          'Needs the admin role; making, changing or demoting an owner needs the owner role (403 `role_forbidden`). The last owner cannot be demoted (409). ' +
          'The new role applies to the member\'s next request, on every process.',
        security: security.partnerSession,
        params: S.MemberIdPath,
        body: S.MemberRoleChange,
        response: { 200: S.Member, ...errorResponses(401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => members.changeRole(deps, context(request), request.params.member_id, request.body.role),
  );

  r.delete(
    '/api/partners/me/members/:member_id',
    {
      schema: {
        operationId: 'removeMember',
        tags: TAGS,
        summary: 'Remove a member (or withdraw an invitation): every session it holds ends at once',
        description:
          'Needs the admin role; removing an owner needs the owner role (403 `role_forbidden`). The last owner cannot be removed (409). ' +
          'The member\'s sessions end on every process at once (its next request is 401).',
        security: security.partnerSession,
        params: S.MemberIdPath,
        response: { 200: S.MemberRemoved, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => members.removeMember(deps, context(request), request.params.member_id),
  );

  r.post(
    '/api/partners/me/members/:member_id/sessions/revoke',
    {
      schema: {
        operationId: 'revokeMemberSessions',
        tags: TAGS,
        summary: "End every session of a member at once (it stays a member and can sign in again)",
        description: 'Needs the admin role; an owner\'s sessions need the owner role (403 `role_forbidden`). Naming yourself signs you out everywhere.',
        security: security.partnerSession,
        params: S.MemberIdPath,
        response: { 200: S.MemberSessionsRevoked, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => members.revokeMemberSessions(deps, context(request), request.params.member_id),
  );

  r.get(
    '/api/partners/me/security',
    {
      schema: {
        operationId: 'getAccountSecurity',
        tags: TAGS,
        summary: "The account's sign-in rules: whether every member needs a second factor, and how many have none",
        security: security.partnerSession,
        response: { 200: S.AccountSecurity, ...errorResponses(401, 403) },
      },
    },
    async (request) => members.accountSecurity(deps, request.partner.id),
  );

  r.patch(
    '/api/partners/me/security',
    {
      schema: {
        operationId: 'changeAccountSecurity',
        tags: TAGS,
        summary: 'Require (or stop requiring) a second factor of every member',
        description:
          'Needs the owner role (403 `role_forbidden`). Turning it on needs a second factor of your own (409 `conflict` otherwise). While it is on, a member without a second factor ' +
          'who signs in with the password may only read `GET /api/auth/partner/me` (`mfa_enrolment_required: true`) and set one up (`…/mfa/totp/setup`, `…/confirm`): every other operation answers ' +
          '403 `mfa_enrolment_required`, from the member\'s next request on every process. A session opened by pasting an API key is not held. Audited (`partner.security_change`).',
        security: security.partnerSession,
        body: S.AccountSecurityChange,
        response: { 200: S.AccountSecurity, ...errorResponses(401, 403, 409, 413, 422) },
      },
    },
    async (request) => members.changeAccountSecurity(deps, context(request), request.body),
  );
};
