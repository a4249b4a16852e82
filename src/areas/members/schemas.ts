/** Request and response schemas of the members area. */
import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable } from '../../http/schemas.js';
import { PASSWORD_RULES } from '../../domain/password-policy.js';
import { PartnerAccount } from '../accounts/schemas.js';

const Role = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('developer'), Type.Literal('viewer')], {
  description: 'owner, admin, developer or viewer (docs/accounts.md: what each may do)',
});
const InvitableRole = Type.Union([Type.Literal('admin'), Type.Literal('developer'), Type.Literal('viewer')], {
  description: 'admin, developer or viewer (an owner is made by transferring ownership)',
});

export const Member = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Nullable(Type.String({ description: 'The name the member gave on accepting; null while invited' })),
    role: Role,
    status: Type.Union([Type.Literal('invited'), Type.Literal('active')], { description: '`invited` until the member accepts the mailed invitation' }),
    mfa_enabled: Type.Boolean({ description: 'Whether this member signs in with a second factor (an authenticator app code or a passkey) after the password' }),
    last_sign_in_at: Nullable(IsoDateTime),
    invited_by: Nullable(
      Type.Object({ id: Type.String(), email: Nullable(Type.String({ description: 'null once that member has left' })) }, { title: 'MemberInviter', description: 'Who sent the invitation; null for the account\'s first login' }),
    ),
    invitation_expires_at: Nullable(IsoDateTime),
    created_at: IsoDateTime,
  },
  { title: 'Member' },
);
export type Member = Static<typeof Member>;

export const MemberList = Type.Object({ items: Type.Array(Member), count: Type.Integer() }, { title: 'MemberList' });

export const MemberInvite = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320 }),
    role: InvitableRole,
  },
  { title: 'MemberInvite' },
);
export type MemberInvite = Static<typeof MemberInvite>;

export const MemberRoleChange = Type.Object({ role: Role }, { title: 'MemberRoleChange' });

export const MemberIdPath = Type.Object({ member_id: Type.String({ minLength: 1, maxLength: 120 }) });

export const OwnershipTransfer = Type.Object(
  { member_id: Type.String({ minLength: 1, maxLength: 120, description: 'An active member of the account: it becomes the owner, you become an admin' }) },
  { title: 'OwnershipTransfer' },
);

export const MemberRemoved = Type.Object(
  { removed: Type.Boolean(), member_id: Type.String(), sessions_ended: Type.Integer() },
  { title: 'MemberRemoved' },
);

export const MemberSessionsRevoked = Type.Object(
  { member_id: Type.String(), revoked: Type.Integer({ description: 'How many sessions ended' }) },
  { title: 'MemberSessionsRevoked' },
);

export const AccountSecurity = Type.Object(
  {
    require_mfa: Type.Boolean({
      description:
        'Whether every member must have a second factor: a member without one who signs in with the password may only set it up (every other operation answers 403 `mfa_enrolment_required`)',
    }),
    members_without_mfa: Type.Integer({ minimum: 0, description: 'Active members who have no second factor' }),
  },
  { title: 'AccountSecurity' },
);

export const AccountSecurityChange = Type.Object(
  { require_mfa: Type.Boolean({ description: 'true: require a second factor of every member (you need one first); false: each member chooses' }) },
  { title: 'AccountSecurityChange', additionalProperties: false },
);
export type AccountSecurityChange = Static<typeof AccountSecurityChange>;

export const InviteAccept = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200, description: 'The `token` parameter of the invitation link' }),
    password: Type.String({ maxLength: 1024, description: `Your password: ${PASSWORD_RULES}` }),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Your name, as the account\'s other members see it' }),
  },
  { title: 'InviteAccept' },
);
export type InviteAccept = Static<typeof InviteAccept>;

export const InviteAccepted = Type.Object(
  {
    token: Type.String({ description: 'Send as Authorization: Bearer <token>; the same value is set in the HttpOnly svc_session cookie' }),
    token_type: Type.Literal('bearer'),
    expires_at: IsoDateTime,
    partner: PartnerAccount,
    member: Member,
  },
  { title: 'InviteAccepted' },
);
