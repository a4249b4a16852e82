import { api, unwrap } from '../../api/client';
import { useTitle } from '../../shared';
import { PasswordCard, SessionsCard, type AccountOps } from '../../shared/account';
import { useSignOut } from '../session';

const SESSIONS = ['sessions'] as const;

/** The partner's password and sessions operations, for the shared cards. */
function usePartnerAccountOps(): AccountOps {
  const signOut = useSignOut();
  return {
    sessionsKey: SESSIONS,
    changePassword: (body) => unwrap(api.POST('/api/auth/partner/password', { body })),
    listSessions: () => unwrap(api.GET('/api/auth/partner/sessions')),
    revokeSession: (id) => unwrap(api.DELETE('/api/auth/partner/sessions/{session_id}', { params: { path: { session_id: id } } })),
    revokeOthers: () => unwrap(api.POST('/api/auth/partner/sessions/revoke-others')),
    signOut,
  };
}

export function Account() {
  useTitle('Account');
  const ops = usePartnerAccountOps();
  return (
    <div className="page">
      <div className="page-head">
        <h1>Account</h1>
      </div>
      <PasswordCard ops={ops} />
      <SessionsCard ops={ops} />
    </div>
  );
}
