/** The partner account's members and their roles: the list, invitations, role changes, removals, sessions, ownership. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap, type Answer, type components } from '../../api/client';
import { useApiMutation, type OptionsOf } from '../../api/mutation';
import { meKeys } from './session';

export type Member = Answer<'/api/partners/me/members', 'get'>['items'][number];
export type MemberRole = components['schemas']['MemberRole'];
/** The roles an invitation may give (an owner is made by transferring the ownership). */
export type InviteRole = components['schemas']['MemberInvite']['role'];
export interface Invitation {
  email: string;
  role: InviteRole;
}
export interface RoleChange {
  memberId: string;
  role: MemberRole;
}

export const memberKeys = {
  all: ['members'] as const,
  list: () => [...memberKeys.all, 'list'] as const,
  security: () => [...memberKeys.all, 'security'] as const,
};

export type AccountSecurity = Answer<'/api/partners/me/security', 'get'>;

export const membersQuery = queryOptions({
  queryKey: memberKeys.list(),
  queryFn: () => unwrap(api.GET('/api/partners/me/members')),
});

export function useMembers() {
  return useQuery(membersQuery);
}

const invite = (body: Invitation) => unwrap(api.POST('/api/partners/me/members', { body }));
export function useInviteMember(options?: OptionsOf<typeof invite>) {
  return useApiMutation(invite, (client) => void client.invalidateQueries({ queryKey: memberKeys.all }), options);
}

const changeRole = ({ memberId, role }: RoleChange) =>
  unwrap(api.PATCH('/api/partners/me/members/{member_id}', { params: { path: { member_id: memberId } }, body: { role } }));
export function useChangeRole(options?: OptionsOf<typeof changeRole>) {
  return useApiMutation(changeRole, (client) => void client.invalidateQueries({ queryKey: memberKeys.all }), options);
}

const removeMember = (memberId: string) => unwrap(api.DELETE('/api/partners/me/members/{member_id}', { params: { path: { member_id: memberId } } }));
export function useRemoveMember(options?: OptionsOf<typeof removeMember>) {
  return useApiMutation(removeMember, (client) => void client.invalidateQueries({ queryKey: memberKeys.all }), options);
}

const endSessions = (memberId: string) =>
  unwrap(api.POST('/api/partners/me/members/{member_id}/sessions/revoke', { params: { path: { member_id: memberId } } }));
export function useEndMemberSessions(options?: OptionsOf<typeof endSessions>) {
  return useApiMutation(endSessions, (client) => void client.invalidateQueries({ queryKey: memberKeys.all }), options);
}

const transferOwnership = (memberId: string) => unwrap(api.POST('/api/partners/me/members/transfer-ownership', { body: { member_id: memberId } }));
/** The member becomes the owner and the caller an admin: the list and who is signed in are asked again. */
export function useTransferOwnership(options?: OptionsOf<typeof transferOwnership>) {
  return useApiMutation(
    transferOwnership,
    (client) => {
      void client.invalidateQueries({ queryKey: memberKeys.all });
      void client.invalidateQueries({ queryKey: meKeys.all });
    },
    options,
  );
}

const acceptInvite = (body: { token: string; name: string; password: string }) => unwrap(api.POST('/api/auth/partner/accept-invite', { body }));
/** The mailed invitation's page: the member chooses a name and password, and is signed in. */
export function useAcceptInvite(options?: OptionsOf<typeof acceptInvite>) {
  return useApiMutation(acceptInvite, null, options);
}

export const accountSecurityQuery = queryOptions({
  queryKey: memberKeys.security(),
  queryFn: () => unwrap(api.GET('/api/partners/me/security')),
});

/** Whether the owner requires a second factor of every member, and how many have none. */
export function useAccountSecurity() {
  return useQuery(accountSecurityQuery);
}

const changeSecurity = (requireMfa: boolean) => unwrap(api.PATCH('/api/partners/me/security', { body: { require_mfa: requireMfa } }));
export function useChangeAccountSecurity(options?: OptionsOf<typeof changeSecurity>) {
  return useApiMutation(changeSecurity, (client) => void client.invalidateQueries({ queryKey: memberKeys.all }), options);
}
