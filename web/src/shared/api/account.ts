/**
 * The signed-in account's password and sessions: the same resource for a partner and an
 * administrator, answered by the same schemas under each role's paths. Each entry brings its own
 * calls (`AccountCalls`, web/src/<entry>/api/account.ts): this module names no path, so neither
 * entry's bundle carries the other's API.
 */
import { useQuery } from '@tanstack/react-query';
import type { Answer } from '../../api/client';
import { useApiMutation, type MutationOptions } from '../../api/mutation';

export type SessionList = Answer<'/api/auth/partner/sessions', 'get'>;
export type Session = SessionList['items'][number];
export type PasswordChanged = Answer<'/api/auth/partner/password', 'post'>;
export type SessionRevoked = Answer<'/api/auth/partner/sessions/{session_id}', 'delete'>;
export type OtherSessionsRevoked = Answer<'/api/auth/partner/sessions/revoke-others', 'post'>;
export interface PasswordChange {
  current_password: string;
  new_password: string;
}

export interface AccountCalls {
  changePassword: (body: PasswordChange) => Promise<PasswordChanged>;
  listSessions: () => Promise<SessionList>;
  revokeSession: (id: string) => Promise<SessionRevoked>;
  revokeOthers: () => Promise<OtherSessionsRevoked>;
}

export const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

export function useSessions(calls: AccountCalls) {
  return useQuery({ queryKey: accountKeys.sessions(), queryFn: calls.listSessions });
}

/** A new password signs the other sessions out: the list is asked again. */
export function useChangePassword(calls: AccountCalls, options?: MutationOptions<PasswordChanged, PasswordChange>) {
  return useApiMutation(calls.changePassword, (client) => void client.invalidateQueries({ queryKey: accountKeys.sessions() }), options);
}

/** Ending another session changes the list; ending this one signs out (the page's part), and the list is not asked again. */
export function useRevokeSession(calls: AccountCalls, options?: MutationOptions<SessionRevoked, Session>) {
  return useApiMutation(
    (s: Session) => calls.revokeSession(s.id),
    (client, r) => {
      if (!r.current) void client.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
    options,
  );
}

export function useRevokeOthers(calls: AccountCalls, options?: MutationOptions<OtherSessionsRevoked>) {
  return useApiMutation(calls.revokeOthers, (client) => void client.invalidateQueries({ queryKey: accountKeys.sessions() }), options);
}
