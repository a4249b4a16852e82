/** The partner's password and sessions, for the Account cards both entries share (shared/account.tsx). */
import { api, unwrap } from '../../api/client';
import type { AccountCalls } from '../../shared/api/account';

export const partnerAccount: AccountCalls = {
  changePassword: (body) => unwrap(api.POST('/api/auth/partner/password', { body })),
  listSessions: () => unwrap(api.GET('/api/auth/partner/sessions')),
  revokeSession: (id) => unwrap(api.DELETE('/api/auth/partner/sessions/{session_id}', { params: { path: { session_id: id } } })),
  revokeOthers: () => unwrap(api.POST('/api/auth/partner/sessions/revoke-others')),
};
